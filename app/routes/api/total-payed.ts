import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";

/** GET /total-payed?email= (buyer) -> { totalPayed }: coins you have paid to workers (approved submissions). */
export const loader = rest({
  GET: buyerFigure((stats) => ({ totalPayed: stats.paidCoins })),
});
export const action = loader;
