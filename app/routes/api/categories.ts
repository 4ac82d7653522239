import type { Route } from "./+types/categories";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, rest } from "~/server/http/rest.server";
import { categoryWire } from "~/server/http/wire.server";
import { categoryCounts } from "~/server/services/landing.server";

/** GET /categories (public): the nine categories with their open positions ({ _id, total_workers }). */
const handle = rest({
  GET: async ({ env }) => json((await categoryCounts(env)).map(categoryWire)),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
