import { requireApiRole } from "~/server/auth/guards.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";
import { createPaymentIntent } from "~/server/services/purchases.server";
import { paymentIntentBody } from "~/lib/schemas/api";

/**
 * POST /create-payment-intent { coins } (buyer) -> { clientSecret, paymentId, mode, coins, price }.
 * The price is the server's for that package; a client-sent price is ignored.
 */
export const loader = rest({
  POST: async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    const { coins } = await readBody(request, paymentIntentBody);
    const intent = await createPaymentIntent(env, buyer, coins);
    return json({
      clientSecret: intent.clientSecret,
      paymentId: intent.paymentId,
      mode: intent.mode,
      coins: intent.coins,
      price: centsToDollars(intent.priceCents),
    });
  },
});
export const action = loader;
