import type { Route } from "./+types/totaldollars";
import { requireApiRole } from "~/server/auth/guards.server";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";
import { adminStats } from "~/server/services/users.server";

/** GET /totaldollars (admin): the dollars received from coin purchases, as a bare number. */
const handle = rest({
  GET: async ({ context, env }) => {
    requireApiRole(context, "Admin");
    return json(centsToDollars((await adminStats(env)).cents));
  },
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
