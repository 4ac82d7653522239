import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { cloudflareContext } from "~/server/context";
import { json, readBody, rest } from "~/server/http/rest.server";
import { forgotPassword, resetLinkSent } from "~/server/services/passwords.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

/**
 * POST /auth/forgot { email } -> 202 { ok, message }: the same answer for every address; a reset link (valid 30
 * minutes) is e-mailed when the address has an account.
 */
export const loader = rest({
  POST: async ({ request, env, context, origin }) => {
    await rateLimit(env, `forgot-password:ip:${clientAddress(request)}`, 10, 60);
    const { email } = await readBody(request, forgotPasswordSchema);
    const { ctx } = context.get(cloudflareContext);
    await forgotPassword(env, email, origin, (work) => ctx.waitUntil(work));
    return json({ ok: true, message: resetLinkSent(email) }, 202);
  },
});
export const action = loader;
