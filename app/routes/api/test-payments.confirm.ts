import { requireApiRole } from "~/server/auth/guards.server";
import { AppError } from "~/server/errors";
import { json, readBody, rest } from "~/server/http/rest.server";
import { confirmTestCard } from "~/server/payments/provider.server";
import { paymentMode } from "~/server/services/purchases.server";
import { testCardBody } from "~/lib/schemas/api";

/** POST /test-payments/confirm: the embedded test-mode provider's card step (only without Stripe keys). */
export const loader = rest({
  POST: async ({ request, context, env }) => {
    if (paymentMode(env) !== "test") throw new AppError("not_found", "Test mode is off: this server uses Stripe");
    const buyer = requireApiRole(context, "Buyer");
    const body = await readBody(request, testCardBody);
    return json(await confirmTestCard(env, body.clientSecret, body, buyer.id));
  },
});
export const action = loader;
