import type { Route } from "./+types/task-detail";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Task Details · Coinwork" }];

export default function Page() {
  return <PageHeader title="Task Details" />;
}
