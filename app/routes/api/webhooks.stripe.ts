import type { Route } from "./+types/webhooks.stripe";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, rest } from "~/server/http/rest.server";
import { handleStripeWebhook } from "~/server/services/purchases.server";

/** POST /webhooks/stripe: Stripe's signed events; payment_intent.succeeded credits coins once. */
const handle = rest({
  POST: async ({ request, env }) => json(await handleStripeWebhook(env, request)),
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
