import * as v from "valibot";
import type { Route } from "./+types/test-payments.confirm";
import { getEnv } from "~/server/context";
import { AppError } from "~/server/errors";
import { requireApiRole } from "~/server/auth/guards.server";
import { api, json, methodNotAllowed, readJson } from "~/server/http/api.server";
import { confirmTestCard } from "~/server/payments/provider.server";
import { paymentMode } from "~/server/services/purchases.server";

const confirmSchema = v.object({
  clientSecret: v.pipe(v.string(), v.maxLength(200)),
  number: v.pipe(v.string("Your card number is incomplete."), v.maxLength(30)),
  exp: v.pipe(v.string("Your card's expiration date is incomplete."), v.maxLength(10)),
  cvc: v.pipe(v.string("Your card's security code is incomplete."), v.maxLength(6)),
});

/** POST /test-payments/confirm: the embedded test-mode provider's card step (only without Stripe keys). */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    const env = getEnv(context);
    if (paymentMode(env) !== "test") throw new AppError("not_found", "Test mode is off: this server uses Stripe");
    const buyer = requireApiRole(context, "Buyer");
    const body = await readJson(request, confirmSchema);
    return json(await confirmTestCard(env, body.clientSecret, body, buyer.id));
  });
}
