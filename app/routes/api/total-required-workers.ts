import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";

/** GET /total-required-workers?email= (buyer) -> { totalRequiredWorkers }: the open slots of your live tasks (the buyer home's pending tasks). */
export const loader = rest({
  GET: buyerFigure((stats) => ({ totalRequiredWorkers: stats.pendingSlots })),
});
export const action = loader;
