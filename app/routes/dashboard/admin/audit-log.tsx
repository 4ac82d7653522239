import type { Route } from "./+types/audit-log";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log · Coinwork" }];

export default function Page() {
  return <PageHeader title="Audit Log" />;
}
