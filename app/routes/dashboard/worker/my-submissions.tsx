import type { Route } from "./+types/my-submissions";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "My Submissions · Coinwork" }];

export default function Page() {
  return <PageHeader title="My Submissions" />;
}
