import type { Route } from "./+types/manage-tasks";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Manage Tasks · Coinwork" }];

export default function Page() {
  return <PageHeader title="Manage Tasks" />;
}
