import type { Route } from "./+types/withdraw";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Withdrawals · Coinwork" }];

export default function Page() {
  return <PageHeader title="Withdrawals" />;
}
