import type { Route } from "./+types/total-payment";
import { apiMiddleware } from "~/server/http/cors.server";
import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";

/** GET /total-payment?email= (buyer) -> { totalPayment }: dollars you have spent on coins. */
const handle = rest({
  GET: buyerFigure((stats) => ({ totalPayment: centsToDollars(stats.spentCents) })),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
