// A buyer's reputation as workers see it (docs/product/buyer-reputation.md, docs/decisions/051-buyer-reputation.md):
// approval rate over the last 90 days and all time, median time to review, appeals lost, tasks posted, coins paid
// out, member since. Every figure is a primary-key row or a bounded range of rows (migrations/0033), so a page of
// cards reads the same whatever a buyer's history holds.
import { and, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { buyerFigures, buyerReputations, buyerReviewDays, tasks, users } from "../db/schema";
import { notFound } from "../errors";

/** The days the recent approval rate covers (UTC days, today included). */
export const RECENT_DAYS = 90;
/** The latest decisions the median time to review is taken over: a bounded sample of the buyer's recent reviews. */
export const REVIEW_SAMPLE = 25;
const DAY = 86_400_000;
const MINUTE = 60_000;

export interface BuyerReputation {
  buyerId: string;
  name: string;
  memberSince: number;
  /** approvals per 100 decisions, rounded; null before the first decision */
  approvalRateRecent: number | null;
  decidedRecent: number;
  approvalRateAllTime: number | null;
  decidedAllTime: number;
  /** the median minutes from submission to decision over the latest REVIEW_SAMPLE decisions */
  medianReviewMinutes: number | null;
  appealsLost: number;
  tasksPosted: number;
  coinsPaid: number;
}

const rate = (approved: number, decided: number) => (decided > 0 ? Math.round((approved * 100) / decided) : null);

/** The first UTC day of the recent window, as buyer_review_days names days. */
const recentFrom = (now: number) => new Date(now - (RECENT_DAYS - 1) * DAY).toISOString().slice(0, 10);

/** D1's limit on the SELECTs joined by UNION ALL in one statement (SQLITE_LIMIT_COMPOUND_SELECT). */
const COMPOUND_SELECT_TERMS = 5;

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The reputations of these buyers (a task list's page, a task, a buyer's page), keyed by buyer id: a parallel read. */
export async function reputationsOf(
  env: Env,
  buyerIds: string[],
  now = Date.now(),
): Promise<Map<string, BuyerReputation>> {
  const ids = [...new Set(buyerIds)];
  if (ids.length === 0) return new Map();
  const db = getDb(env);
  // the median wait over each buyer's latest decisions, one index seek each (submissions_buyer_reviewed_idx), as one
  // row per buyer: the lower middle of the sample by its rank. D1 allows at most five terms in a compound SELECT, so
  // the buyers go five to a statement, the statements at once.
  const samples = chunk(ids, COMPOUND_SELECT_TERMS).map((group) =>
    db.all<{ buyer_id: string; wait: number }>(
      sql.join(
        group.map(
          (id) => sql`SELECT buyer_id, wait FROM (
              SELECT buyer_id, wait, ROW_NUMBER() OVER (ORDER BY wait) AS rank, COUNT(*) OVER () AS n FROM (
                SELECT buyer_id, reviewed_at - created_at AS wait FROM submissions
                INDEXED BY submissions_buyer_reviewed_idx
                WHERE buyer_id = ${id} AND status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL
                ORDER BY reviewed_at DESC LIMIT ${REVIEW_SAMPLE}))
            WHERE rank = (n + 1) / 2`,
        ),
        sql` UNION ALL `,
      ),
    ),
  );
  const [people, recent, waits] = await Promise.all([
    db
      .select({
        buyerId: users.id,
        name: users.name,
        memberSince: users.createdAt,
        approved: buyerReputations.approved,
        rejected: buyerReputations.rejected,
        appealsLost: buyerReputations.appealsLost,
        tasksPosted: buyerReputations.tasksPosted,
        coinsPaid: buyerFigures.paidCoins,
      })
      .from(users)
      .leftJoin(buyerReputations, eq(buyerReputations.buyerId, users.id))
      .leftJoin(buyerFigures, eq(buyerFigures.buyerId, users.id))
      .where(and(inArray(users.id, ids), eq(users.role, "Buyer"))),
    db
      .select({
        buyerId: buyerReviewDays.buyerId,
        approved: sql<number>`SUM(${buyerReviewDays.approved})`,
        rejected: sql<number>`SUM(${buyerReviewDays.rejected})`,
      })
      .from(buyerReviewDays)
      .where(and(inArray(buyerReviewDays.buyerId, ids), gte(buyerReviewDays.day, recentFrom(now))))
      .groupBy(buyerReviewDays.buyerId),
    Promise.all(samples).then((groups) => groups.flat()),
  ]);
  const recentOf = new Map(recent.map((r) => [r.buyerId, r]));
  const waitOf = new Map(waits.map((w) => [w.buyer_id, w.wait]));
  return new Map(
    people.map((p) => {
      const approved = p.approved ?? 0;
      const decided = approved + (p.rejected ?? 0);
      const r = recentOf.get(p.buyerId);
      const recentApproved = Number(r?.approved ?? 0);
      const recentDecided = recentApproved + Number(r?.rejected ?? 0);
      const wait = waitOf.get(p.buyerId) ?? null;
      return [
        p.buyerId,
        {
          buyerId: p.buyerId,
          name: p.name,
          memberSince: p.memberSince,
          approvalRateRecent: rate(recentApproved, recentDecided),
          decidedRecent: recentDecided,
          approvalRateAllTime: rate(approved, decided),
          decidedAllTime: decided,
          medianReviewMinutes: wait === null ? null : Math.round(wait / MINUTE),
          appealsLost: p.appealsLost ?? 0,
          tasksPosted: p.tasksPosted ?? 0,
          coinsPaid: p.coinsPaid ?? 0,
        },
      ];
    }),
  );
}

/** One buyer's reputation (the public buyer page, GET /buyers/:id): 404 for anyone who is not a buyer. */
export async function reputationOf(env: Env, buyerId: string): Promise<BuyerReputation> {
  const found = (await reputationsOf(env, [buyerId])).get(buyerId);
  if (!found) throw notFound("Buyer not found");
  return found;
}

/**
 * The task list's filter: leaves out tasks whose buyer's all-time approval rate is under `percent` (a primary-key
 * probe of buyer_reputations per walked index entry). A buyer with no decision yet has no rate and stays in. The
 * alerts' matching passes a saved search's column as `percent`.
 */
export function approvalAtLeast(percent: number | SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM buyer_reputations r WHERE r.buyer_id = ${tasks.buyerId}
    AND r.approved * 100 < ${percent} * (r.approved + r.rejected))`;
}
