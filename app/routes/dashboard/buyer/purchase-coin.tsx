import type { Route } from "./+types/purchase-coin";
import { PageHeader } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ title: "Purchase Coin · Coinwork" }];

export default function Page() {
  return <PageHeader title="Purchase Coin" />;
}
