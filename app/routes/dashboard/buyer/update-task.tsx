import type { Route } from "./+types/update-task";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Update Task · Coinwork" }];

export default function Page() {
  return <PageHeader title="Update Task" />;
}
