import type { Route } from "./+types/webhooks.stripe";
import { getEnv } from "~/server/context";
import { api, json, methodNotAllowed } from "~/server/http/api.server";
import { handleStripeWebhook } from "~/server/services/purchases.server";
import { apiMiddleware } from "~/server/http/cors.server";

/** CORS for configured origins (preflight answered), as on every REST route. */
export const middleware = apiMiddleware;

/** POST /webhooks/stripe: Stripe's signed events; payment_intent.succeeded credits coins once. */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return json(await handleStripeWebhook(getEnv(context), request));
  });
}
