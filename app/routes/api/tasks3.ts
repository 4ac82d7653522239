import { json, rest } from "~/server/http/rest.server";
import { featuredTaskWire } from "~/server/http/wire.server";
import { featuredTasks } from "~/server/services/landing.server";

/** GET /tasks3 (public): the featured tasks, the open tasks that pay most per worker. */
export const loader = rest({
  GET: async ({ env, origin }) => json((await featuredTasks(env)).map((t) => featuredTaskWire(origin, t))),
});
export const action = loader;
