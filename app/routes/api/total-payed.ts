import type { Route } from "./+types/total-payed";
import { apiMiddleware } from "~/server/http/cors.server";
import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";

/** GET /total-payed?email= (buyer) -> { totalPayed }: coins you have paid to workers (approved submissions). */
const handle = rest({
  GET: buyerFigure((stats) => ({ totalPayed: stats.paidCoins })),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
