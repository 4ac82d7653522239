export const meta = () => [
  { title: "Coinwork" },
  { name: "description", content: "A bare React Router page: the floor the landing page is measured against." },
];

export default function Home() {
  return (
    <main>
      <h1>Coinwork</h1>
    </main>
  );
}
