import type { Route } from "./+types/total-payment";
import { requireApiRole } from "~/server/auth/guards.server";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";
import { buyerStats } from "~/server/services/tasks.server";
import { ownEmailQuery } from "~/lib/schemas/api";

/** GET /total-payment?email= (buyer) -> { totalPayment }: dollars you have spent on coins. */
const handle = rest({
  GET: async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    requireOwnEmail(buyer, readQuery(request, ownEmailQuery).email);
    const stats = await buyerStats(env, buyer.id);
    return json({ totalPayment: centsToDollars(stats.spentCents) });
  },
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
