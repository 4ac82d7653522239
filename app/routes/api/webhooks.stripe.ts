import { json, rest } from "~/server/http/rest.server";
import { handleStripeWebhook } from "~/server/services/purchases.server";

/** POST /webhooks/stripe: Stripe's signed events; payment_intent.succeeded credits coins once. */
export const loader = rest({
  POST: async ({ request, env }) => json(await handleStripeWebhook(env, request)),
});
export const action = loader;
