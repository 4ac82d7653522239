import { json, rest } from "~/server/http/rest.server";
import { confirmTestCard, requireTestMode } from "~/server/payments/provider.server";
import { testCardBody } from "~/lib/schemas/api";

export const loader = rest("/test-payments/confirm", "Purchases", {
  POST: {
    summary: "Test mode: confirm a card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined)",
    description:
      "Only in test mode: PAYMENTS_MODE=test on a development or test server without Stripe keys (404 otherwise, to everyone).",
    access: ["Buyer"],
    body: testCardBody,
    responses: [
      { status: 200, description: "The payment's status", example: { status: "succeeded", id: "pi_test_abc" } },
    ],
    errors: [402, 404],
    // off (404) outside test mode, before anything else
    before: ({ env }) => requireTestMode(env),
    handler: async ({ user: buyer, body, env }) => json(await confirmTestCard(env, body.clientSecret, body, buyer.id)),
  },
});
export const action = loader;
