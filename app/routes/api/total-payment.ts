import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";

/** GET /total-payment?email= (buyer) -> { totalPayment }: dollars you have spent on coins. */
export const loader = rest({
  GET: buyerFigure((stats) => ({ totalPayment: centsToDollars(stats.spentCents) })),
});
export const action = loader;
