import { ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";
import { createPaymentIntent } from "~/server/services/purchases.server";
import { paymentIntentBody, paymentIntentWireSchema } from "~/lib/schemas/api";

export const loader = rest("/create-payment-intent", "Purchases", {
  POST: {
    summary: "Start a coin purchase",
    description:
      "coins must be one of the packages (10, 150, 500, 1000); the server's price applies. In test mode (PAYMENTS_MODE=test on a development or test server, no Stripe keys) confirm the card with POST /test-payments/confirm. 503 payments_unavailable when card payments are not set up. A buyer who owes coins after a reversed payment may buy: the purchase settles the debt first.",
    access: ["Buyer"],
    body: paymentIntentBody,
    responses: [
      ok(paymentIntentWireSchema, {
        clientSecret: "pi_3QabcDEF_secret_xyz",
        paymentId: "pi_3QabcDEF",
        mode: "test",
        coins: 150,
        price: 10,
      }),
    ],
    errors: [503],
    handler: async ({ user: buyer, body: { coins }, env }) => {
      const intent = await createPaymentIntent(env, buyer, coins);
      return json({
        clientSecret: intent.clientSecret,
        paymentId: intent.paymentId,
        mode: intent.mode,
        coins: intent.coins,
        price: centsToDollars(intent.priceCents),
      });
    },
  },
});
export const action = loader;
