import type { Route } from "./+types/add-task";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Add New Task · Coinwork" }];

export default function Page() {
  return <PageHeader title="Add New Task" />;
}
