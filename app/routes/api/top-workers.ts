import { examples } from "~/server/http/endpoint.server";
import { publicList } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { publicWorkerWire } from "~/server/http/wire.server";
import { topWorkers } from "~/server/services/landing.server";
import { publicWorkerWireSchema } from "~/lib/schemas/api";

export const loader = rest("/workers", "Public", {
  GET: publicList({
    summary: "The workers with the most coins",
    wire: publicWorkerWireSchema,
    example: examples.publicWorker,
    description: "Up to 8 workers",
    read: async (env, origin) => (await topWorkers(env)).map((w) => publicWorkerWire(origin, w)),
  }),
});
export const action = loader;
