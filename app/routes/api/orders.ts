import { requireApiRole } from "~/server/auth/guards.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { orderWire } from "~/server/http/wire.server";
import { confirmPurchase } from "~/server/services/purchases.server";
import { ordersBody } from "~/lib/schemas/api";

/**
 * POST /orders { payment_id } (buyer): the server re-reads the payment from the provider and, if it succeeded,
 * records the order and credits the coins once: 201 with the order, or 200 with it when already credited.
 */
export const loader = rest({
  POST: async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    const { payment_id } = await readBody(request, ordersBody);
    const { order, credited } = await confirmPurchase(env, buyer, payment_id);
    return json(orderWire(order, buyer), credited ? 201 : 200);
  },
});
export const action = loader;
