import type { Route } from "./+types/tasks3";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, rest } from "~/server/http/rest.server";
import { featuredTaskWire } from "~/server/http/wire.server";
import { featuredTasks } from "~/server/services/landing.server";

/** GET /tasks3 (public): the featured tasks, the open tasks that pay most per worker. */
const handle = rest({
  GET: async ({ env, origin }) => json((await featuredTasks(env)).map((t) => featuredTaskWire(origin, t))),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
