import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Worker Home · Coinwork" }];

export default function Page() {
  return <PageHeader title="Worker Home" />;
}
