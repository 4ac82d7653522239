import type { Route } from "./+types/test-payments.confirm";
import { getEnv } from "~/server/context";
import { AppError } from "~/server/errors";
import { requireApiRole } from "~/server/auth/guards.server";
import { api, json, methodNotAllowed } from "~/server/http/api.server";
import { readBody } from "~/server/http/rest.server";
import { confirmTestCard } from "~/server/payments/provider.server";
import { paymentMode } from "~/server/services/purchases.server";
import { testCardBody } from "~/lib/schemas/api";
import { apiMiddleware } from "~/server/http/cors.server";

/** CORS for configured origins (preflight answered), as on every REST route. */
export const middleware = apiMiddleware;

/** POST /test-payments/confirm: the embedded test-mode provider's card step (only without Stripe keys). */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const env = getEnv(context);
    if (paymentMode(env) !== "test") throw new AppError("not_found", "Test mode is off: this server uses Stripe");
    const buyer = requireApiRole(context, "Buyer");
    const body = await readBody(request, testCardBody);
    return json(await confirmTestCard(env, body.clientSecret, body, buyer.id));
  });
}
