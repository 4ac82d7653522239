import type { Route } from "./+types/manage-users";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Manage Users · Coinwork" }];

export default function Page() {
  return <PageHeader title="Manage Users" />;
}
