// Handlers that more than one REST route serves with, each for one method of `rest({ ... })`.
import type * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { requireApiRole } from "../auth/guards.server";
import { buyerStats } from "../services/tasks.server";
import { json, readQuery, requireOwnEmail, type Handler } from "./rest.server";
import { ownEmailQuery } from "~/lib/schemas/api";

type BuyerStats = Awaited<ReturnType<typeof buyerStats>>;

/** GET ?email= (buyer, your own): one figure of the buyer home, e.g. `(stats) => ({ totalPayed: stats.paidCoins })`. */
export function buyerFigure(answer: (stats: BuyerStats) => Record<string, number>): Handler {
  return async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    requireOwnEmail(buyer, readQuery(request, ownEmailQuery).email);
    return json(answer(await buyerStats(env, buyer.id)));
  };
}

/** DELETE ?id=&reason= (admin): the service removes the record; a blank reason is none. */
export function adminRemoval(
  query: v.GenericSchema<unknown, { id: string; reason?: string }>,
  remove: (env: Env, admin: SessionUser, id: string, reason?: string) => Promise<unknown>,
): Handler {
  return async ({ request, context, env }) => {
    const admin = requireApiRole(context, "Admin");
    const q = readQuery(request, query);
    return json(await remove(env, admin, q.id, q.reason || undefined));
  };
}
