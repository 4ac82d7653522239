import type { Route } from "./+types/ledger";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Ledger · Coinwork" }];

export default function Page() {
  return <PageHeader title="Ledger" />;
}
