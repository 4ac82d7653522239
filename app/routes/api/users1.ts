import { requireApiRole } from "~/server/auth/guards.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { adjustCoinsByEmail } from "~/server/services/users.server";
import { addCoinBody } from "~/lib/schemas/api";

/** PATCH /users1 { email, addcoin, reason }: an admin's recorded coin adjustment (never on their own account). */
export const loader = rest({
  PATCH: async ({ request, context, env }) => {
    const admin = requireApiRole(context, "Admin");
    const body = await readBody(request, addCoinBody);
    return json(await adjustCoinsByEmail(env, admin, body.email, body.addcoin, body.reason));
  },
});
export const action = loader;
