import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Coinwork · Coinwork" }];

export default function Page() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">Coinwork</h1>
    </main>
  );
}
