import type { Route } from "./+types/totalcoins";
import { requireApiRole } from "~/server/auth/guards.server";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, rest } from "~/server/http/rest.server";
import { adminStats } from "~/server/services/users.server";

/** GET /totalcoins (admin): the coins in all balances, as a bare number. */
const handle = rest({
  GET: async ({ context, env }) => {
    requireApiRole(context, "Admin");
    return json((await adminStats(env)).coins);
  },
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
