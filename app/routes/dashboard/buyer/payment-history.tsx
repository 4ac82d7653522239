import type { Route } from "./+types/payment-history";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Payment History · Coinwork" }];

export default function Page() {
  return <PageHeader title="Payment History" />;
}
