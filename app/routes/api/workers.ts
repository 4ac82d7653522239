import { json, rest } from "~/server/http/rest.server";
import { publicWorkerWire } from "~/server/http/wire.server";
import { topWorkers } from "~/server/services/landing.server";

/** GET /workers (public): the workers with the most coins (photo, name, coin). */
export const loader = rest({
  GET: async ({ env, origin }) => json((await topWorkers(env)).map((w) => publicWorkerWire(origin, w))),
});
export const action = loader;
