import type { Route } from "./+types/task-list";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Available Tasks · Coinwork" }];

export default function Page() {
  return <PageHeader title="Available Tasks" />;
}
