import type { Route } from "./+types/workers";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, rest } from "~/server/http/rest.server";
import { publicWorkerWire } from "~/server/http/wire.server";
import { topWorkers } from "~/server/services/landing.server";

/** GET /workers (public): the workers with the most coins (photo, name, coin). */
const handle = rest({
  GET: async ({ env, origin }) => json((await topWorkers(env)).map((w) => publicWorkerWire(origin, w))),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
