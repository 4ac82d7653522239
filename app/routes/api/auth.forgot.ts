import { forgotWire } from "~/lib/schemas/api";
import { forgotPasswordSchema } from "~/lib/schemas/auth";
import { cloudflareContext } from "~/server/context";
import { ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { forgotPassword, resetLinkSent } from "~/server/services/passwords.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

export const loader = rest("/auth/forgot", "Sign-in", {
  POST: {
    summary: "E-mail a password reset link",
    description:
      "Answers the same whether or not the address has an account; when it has one, a link (single use, valid 30 minutes) is e-mailed to it. At most 3 per address every 10 minutes, and rate limited per client address.",
    access: "public",
    body: forgotPasswordSchema,
    responses: [
      ok(
        forgotWire,
        { ok: true, message: resetLinkSent("maya@example.com") },
        "Accepted (the same for every address)",
        202,
      ),
    ],
    errors: [429],
    before: ({ request, env }) => rateLimit(env, `forgot-password:ip:${clientAddress(request)}`, 10, 60),
    handler: async ({ body: { email }, env, context, origin }) => {
      const { ctx } = context.get(cloudflareContext);
      await forgotPassword(env, email, origin, (work) => ctx.waitUntil(work));
      return json({ ok: true, message: resetLinkSent(email) }, 202);
    },
  },
});
export const action = loader;
