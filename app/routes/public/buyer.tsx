// A buyer's public record (/buyers/<id>): what workers weigh before working for them (docs/product/buyer-reputation.md).
// Open to everyone, signed in or not: the figures are the ones every task card shows.
import { data } from "react-router";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";

import type { Route } from "./+types/buyer";
import { Card } from "~/components/ui/card";
import { BuyerReputation } from "~/components/buyer-reputation";
import { getEnv } from "~/server/context";
import { reputationsOf } from "~/server/services/buyer-reputation.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.buyer.name}'s record · Coinwork` : "Buyer not found · Coinwork" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const buyer = (await reputationsOf(getEnv(context), [params.id])).get(params.id);
  if (!buyer) throw data("Buyer not found", { status: 404 });
  return { buyer };
}

export default function BuyerRecord({ loaderData }: Route.ComponentProps) {
  const { buyer } = loaderData;
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="grid gap-1">
        <p className="text-sm font-semibold text-brand-700">Buyer</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{buyer.name}</h1>
        <p className="text-sm text-muted-foreground">
          Approval rates count the submissions this buyer (or the review window) approved or rejected; the median time
          to review is over their latest 25 decisions.
        </p>
      </header>
      <Card className="p-5 sm:p-6">
        <BuyerReputation reputation={buyer} />
      </Card>
    </main>
  );
}

export function ErrorBoundary() {
  return useNotFoundBoundary(
    <NotFoundPanel landmark title="Buyer not found" message="There is no buyer with this address." />,
  );
}
