import { examples } from "~/server/http/endpoint.server";
import { publicList } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { featuredTaskWire } from "~/server/http/wire.server";
import { featuredTasks } from "~/server/services/landing.server";
import { featuredTaskWireSchema } from "~/lib/schemas/api";

export const loader = rest("/tasks3", "Public", {
  GET: publicList({
    summary: "Featured tasks: the open tasks that pay most per worker",
    wire: featuredTaskWireSchema,
    example: examples.featuredTask,
    description: "Up to 6 tasks",
    read: async (env, origin) => (await featuredTasks(env)).map((t) => featuredTaskWire(origin, t)),
  }),
});
export const action = loader;
