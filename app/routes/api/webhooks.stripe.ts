import { json, rest } from "~/server/http/rest.server";
import { handleStripeWebhook } from "~/server/services/purchases.server";

export const loader = rest("/webhooks/stripe", "Purchases", {
  POST: {
    summary:
      "Stripe's signed events: payment_intent.succeeded credits the coins once; charge.refunded and charge.dispute.created take them back once per event",
    access: "public",
    accessNote: "Verified by the Stripe-Signature header; 404 when Stripe is not configured.",
    responses: [
      { status: 200, description: "Received", example: { received: true, credited: true, reversed: 0 } },
      { status: 200, description: "A refund received", example: { received: true, credited: false, reversed: 150 } },
    ],
    errors: [400, 404, 409],
    handler: async ({ request, env }) => json(await handleStripeWebhook(env, request)),
  },
});
export const action = loader;
