import { requireApiRole } from "~/server/auth/guards.server";
import { json, rest } from "~/server/http/rest.server";
import { adminStats } from "~/server/services/users.server";

/** GET /totalcoins (admin): the coins in all balances, as a bare number. */
export const loader = rest({
  GET: async ({ context, env }) => {
    requireApiRole(context, "Admin");
    return json((await adminStats(env)).coins);
  },
});
export const action = loader;
