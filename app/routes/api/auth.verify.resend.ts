import { okWire } from "~/lib/schemas/api";
import { ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { resendVerification } from "~/server/services/accounts.server";

export const loader = rest("/auth/verify/resend", "Sign-in", {
  POST: {
    summary: "E-mail another verification link",
    description:
      "A new link to the caller's address (it works once, for 24 hours). At most 3 every 10 minutes per account (429); 409 when the address is verified already.",
    access: "signed-in",
    responses: [ok(okWire, { ok: true }, "The link is on its way", 202)],
    errors: [409, 429],
    handler: async ({ user, env, origin }) => {
      await resendVerification(env, user, origin);
      return json({ ok: true }, 202);
    },
  },
});
export const action = loader;
