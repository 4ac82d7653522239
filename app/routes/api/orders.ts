import { examples, ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { orderWire } from "~/server/http/wire.server";
import { confirmPurchase } from "~/server/services/purchases.server";
import { orderWireSchema, ordersBody } from "~/lib/schemas/api";

export const loader = rest("/orders", "Purchases", {
  POST: {
    summary: "Report a payment: the server re-reads it and credits the coins once",
    description:
      "Only payment_id is read. 201 with the order when this call credited it, 200 with it when it was already credited (e.g. by the webhook), 402 if the payment has not succeeded. Coins the buyer owes are settled first from the new balance. 503 when card payments are not set up.",
    access: ["Buyer"],
    accessNote: "Only your own payments.",
    body: ordersBody,
    responses: [
      ok(orderWireSchema, examples.order, "Credited now", 201),
      ok(orderWireSchema, examples.order, "Already credited"),
    ],
    errors: [402, 404, 409, 503],
    handler: async ({ user: buyer, body: { payment_id }, env }) => {
      const { order, credited } = await confirmPurchase(env, buyer, payment_id);
      return json(orderWire(order, buyer), credited ? 201 : 200);
    },
  },
});
export const action = loader;
