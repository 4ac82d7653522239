import type { Route } from "./+types/create-payment-intent";
import { requireApiRole } from "~/server/auth/guards.server";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";
import { createPaymentIntent } from "~/server/services/purchases.server";
import { paymentIntentBody } from "~/lib/schemas/api";

/**
 * POST /create-payment-intent { coins } (buyer) -> { clientSecret, paymentId, mode, coins, price }.
 * The price is the server's for that package; a client-sent price is ignored.
 */
const handle = rest({
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

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
