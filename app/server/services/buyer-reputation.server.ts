// A buyer's reputation as workers see it (docs/product/buyer-reputation.md, docs/decisions/051-buyer-reputation.md):
// approval rate over the last 90 days and all time, median time to review, appeals lost, tasks posted, coins paid
// out, member since. Every figure is a primary-key row or a bounded range of rows (migrations/0033), so a page of
// cards reads the same whatever a buyer's history holds.
import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { outerColumn } from "../db/sql";
import { buyerReputations, tasks, users } from "../db/schema";
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
  /** rejections that gave the worker no reason (counted apart: docs/product/buyer-reputation.md) */
  rejectedWithoutReason: number;
  tasksPosted: number;
  coinsPaid: number;
}

const rate = (approved: number, decided: number) => (decided > 0 ? Math.round((approved * 100) / decided) : null);

/** The first UTC day of the recent window, as buyer_review_days names days. */
const recentFrom = (now: number) => new Date(now - (RECENT_DAYS - 1) * DAY).toISOString().slice(0, 10);

/**
 * The reputation of the buyer named by `buyerId`, a column of the caller's row (a task's page, the buyers' users), as
 * columns of that row: each a primary-key row or a bounded range of one index, read in the caller's own statement.
 * The median is the lower middle, by rank, of the latest REVIEW_SAMPLE decisions' waits, kept by the triggers of
 * migrations/0065 whenever one of the buyer's decisions changes.
 */
export function reputationFields(buyerId: AnyColumn, now = Date.now()) {
  const buyer = outerColumn(buyerId);
  const recent = (column: "approved" | "rejected") =>
    sql<number | null>`(SELECT SUM(d.${sql.identifier(column)}) FROM buyer_review_days AS d
      WHERE d.buyer_id = ${buyer} AND d.day >= ${recentFrom(now)})`;
  const figure = (column: "approved" | "rejected" | "appeals_lost" | "tasks_posted" | "rejected_without_reason") =>
    sql<number | null>`(SELECT r.${sql.identifier(column)} FROM buyer_reputations AS r WHERE r.buyer_id = ${buyer})`;
  return {
    approved: figure("approved"),
    rejected: figure("rejected"),
    appealsLost: figure("appeals_lost"),
    rejectedWithoutReason: figure("rejected_without_reason"),
    tasksPosted: figure("tasks_posted"),
    coinsPaid: sql<number | null>`(SELECT f.paid_coins FROM buyer_figures AS f WHERE f.buyer_id = ${buyer})`,
    recentApproved: recent("approved"),
    recentRejected: recent("rejected"),
    medianWaitMs: sql<
      number | null
    >`(SELECT r.median_review_ms FROM buyer_reputations AS r WHERE r.buyer_id = ${buyer})`,
  };
}

export type ReputationRow = { [K in keyof ReturnType<typeof reputationFields>]: number | null };

/** A buyer's reputation from the columns `reputationFields` added to a row. */
export function reputationFrom(
  buyer: { buyerId: string; name: string; memberSince: number },
  row: ReputationRow,
): BuyerReputation {
  const approved = row.approved ?? 0;
  const decided = approved + (row.rejected ?? 0);
  const recentApproved = Number(row.recentApproved ?? 0);
  const recentDecided = recentApproved + Number(row.recentRejected ?? 0);
  return {
    ...buyer,
    approvalRateRecent: rate(recentApproved, recentDecided),
    decidedRecent: recentDecided,
    approvalRateAllTime: rate(approved, decided),
    decidedAllTime: decided,
    medianReviewMinutes: row.medianWaitMs === null ? null : Math.round(row.medianWaitMs / MINUTE),
    appealsLost: row.appealsLost ?? 0,
    rejectedWithoutReason: row.rejectedWithoutReason ?? 0,
    tasksPosted: row.tasksPosted ?? 0,
    coinsPaid: row.coinsPaid ?? 0,
  };
}

/** The reputations of these buyers (a task, a buyer's page), keyed by buyer id: one statement. */
export async function reputationsOf(
  env: Env,
  buyerIds: string[],
  now = Date.now(),
): Promise<Map<string, BuyerReputation>> {
  const ids = [...new Set(buyerIds)];
  if (ids.length === 0) return new Map();
  const rows = await getDb(env)
    .select({ buyerId: users.id, name: users.name, memberSince: users.createdAt, ...reputationFields(users.id, now) })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, "Buyer")));
  return new Map(
    rows.map(({ buyerId, name, memberSince, ...row }) => [
      buyerId,
      reputationFrom({ buyerId, name, memberSince }, row),
    ]),
  );
}

/** One buyer's reputation (the public buyer page, GET /buyers/:id): 404 for anyone who is not a buyer. */
export async function reputationOf(env: Env, buyerId: string): Promise<BuyerReputation> {
  const found = (await reputationsOf(env, [buyerId])).get(buyerId);
  if (!found) throw notFound("Buyer not found");
  return found;
}

/** What a task card of the Task List shows of its buyer's record, on one line; the task's page shows all of it. */
export interface RecordLine {
  /** approvals per 100 decisions, all time, rounded; null before the first decision */
  approvalRate: number | null;
  /** the median minutes from submission to decision over the latest REVIEW_SAMPLE decisions */
  medianReviewMinutes: number | null;
}

/**
 * The card's record line of the task's buyer, as columns of the card's statement: the buyer's kept counters and
 * median (buyer_reputations, one primary-key row per card), no figure worked out from their history on read.
 */
export const recordLineFields = () => ({
  buyerApproved: buyerReputations.approved,
  buyerRejected: buyerReputations.rejected,
  buyerMedianMs: buyerReputations.medianReviewMs,
});

/** Joins each task of a statement to its buyer's kept reputation row (none before the buyer's first task). */
export const withBuyerRecord = eq(buyerReputations.buyerId, tasks.buyerId);

export function recordLineFrom(row: {
  buyerApproved: number | null;
  buyerRejected: number | null;
  buyerMedianMs: number | null;
}): RecordLine {
  const approved = row.buyerApproved ?? 0;
  return {
    approvalRate: rate(approved, approved + (row.buyerRejected ?? 0)),
    medianReviewMinutes: row.buyerMedianMs === null ? null : Math.round(row.buyerMedianMs / MINUTE),
  };
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
