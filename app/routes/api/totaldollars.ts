import { requireApiRole } from "~/server/auth/guards.server";
import { json, rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";
import { adminStats } from "~/server/services/users.server";

/** GET /totaldollars (admin): the dollars received from coin purchases, as a bare number. */
export const loader = rest({
  GET: async ({ context, env }) => {
    requireApiRole(context, "Admin");
    return json(centsToDollars((await adminStats(env)).cents));
  },
});
export const action = loader;
