import type { Route } from "./+types/total-required-workers";
import { apiMiddleware } from "~/server/http/cors.server";
import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";

/** GET /total-required-workers?email= (buyer) -> { totalRequiredWorkers }: the open slots of your live tasks (the buyer home's pending tasks). */
const handle = rest({
  GET: buyerFigure((stats) => ({ totalRequiredWorkers: stats.pendingSlots })),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
