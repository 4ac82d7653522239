import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = () => [{ title: "FAQ · Coinwork" }];

export default function Page() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">FAQ</h1>
    </main>
  );
}
