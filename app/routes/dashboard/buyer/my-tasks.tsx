import type { Route } from "./+types/my-tasks";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "My Tasks · Coinwork" }];

export default function Page() {
  return <PageHeader title="My Tasks" />;
}
