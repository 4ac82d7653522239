import { requireApiRole } from "~/server/auth/guards.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { confirmTestCard, requireTestMode } from "~/server/payments/provider.server";
import { testCardBody } from "~/lib/schemas/api";

/** POST /test-payments/confirm: the embedded test-mode provider's card step (404 unless PAYMENTS_MODE=test is on). */
export const loader = rest({
  POST: async ({ request, context, env }) => {
    requireTestMode(env);
    const buyer = requireApiRole(context, "Buyer");
    const body = await readBody(request, testCardBody);
    return json(await confirmTestCard(env, body.clientSecret, body, buyer.id));
  },
});
export const action = loader;
