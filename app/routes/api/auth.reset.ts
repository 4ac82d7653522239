import { okWire } from "~/lib/schemas/api";
import { resetPasswordSchema } from "~/lib/schemas/auth";
import { ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { resetPassword } from "~/server/services/passwords.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

export const loader = rest("/auth/reset", "Sign-in", {
  POST: {
    summary: "Choose a new password with a reset link's token",
    description:
      "token is the token parameter of the e-mailed link. The new password follows the registration rules; every session of the account ends, and the address counts as verified. A used, expired or unknown token: 400 'This link has expired or was already used.'",
    access: "public",
    body: resetPasswordSchema,
    responses: [ok(okWire, { ok: true }, "The password is changed; sign in with it")],
    errors: [429],
    before: ({ request, env }) => rateLimit(env, `reset-password:ip:${clientAddress(request)}`, 20, 60),
    handler: async ({ body: { token, password }, env }) => {
      await resetPassword(env, token, password);
      return json({ ok: true });
    },
  },
});
export const action = loader;
