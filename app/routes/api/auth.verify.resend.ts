import { requireApiUser } from "~/server/auth/guards.server";
import { json, rest } from "~/server/http/rest.server";
import { resendVerification } from "~/server/services/accounts.server";

/** POST /auth/verify/resend -> 202 { ok }: another verification link to the caller's address (3 every 10 minutes). */
export const loader = rest({
  POST: async ({ context, env, origin }) => {
    const user = requireApiUser(context);
    await resendVerification(env, user, origin);
    return json({ ok: true }, 202);
  },
});
export const action = loader;
