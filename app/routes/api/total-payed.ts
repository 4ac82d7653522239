import type { Route } from "./+types/total-payed";
import { requireApiRole } from "~/server/auth/guards.server";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { buyerStats } from "~/server/services/tasks.server";
import { ownEmailQuery } from "~/lib/schemas/api";

/** GET /total-payed?email= (buyer) -> { totalPayed }: coins you have paid to workers (approved submissions). */
const handle = rest({
  GET: async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    requireOwnEmail(buyer, readQuery(request, ownEmailQuery).email);
    const stats = await buyerStats(env, buyer.id);
    return json({ totalPayed: stats.paidCoins });
  },
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
