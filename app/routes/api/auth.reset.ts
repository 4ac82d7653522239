import { resetPasswordSchema } from "~/lib/schemas/auth";
import { json, readBody, rest } from "~/server/http/rest.server";
import { resetPassword } from "~/server/services/passwords.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

/** POST /auth/reset { token, password } -> { ok }: the reset link's token sets a new password and ends every session. */
export const loader = rest({
  POST: async ({ request, env }) => {
    await rateLimit(env, `reset-password:ip:${clientAddress(request)}`, 20, 60);
    const { token, password } = await readBody(request, resetPasswordSchema);
    await resetPassword(env, token, password);
    return json({ ok: true });
  },
});
export const action = loader;
