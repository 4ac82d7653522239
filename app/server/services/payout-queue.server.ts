// When will I be paid (docs/decisions/035-the-payout-queue-and-its-median.md): a pending withdrawal's place in the
// admins' queue (oldest first), and the median time admins took to decide a withdrawal over the last 30 days,
// worked out by the Cron Trigger and read as one row.
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { outerColumn } from "../db/sql";
import { cronFigures, withdrawals } from "../db/schema";

const MEDIAN_WAIT = "withdrawal_wait_median_ms";
export const WAIT_WINDOW_DAYS = 30;
const DAY = 86_400_000;

/**
 * Cron: the median time from request to decision (approved or rejected; a cancel is the worker's) of the
 * withdrawals decided in the last 30 days, stored for the pages (NULL when none was decided). Two seeks of one index.
 */
export async function refreshWithdrawalWaitMedian(env: Env, now = Date.now()): Promise<number | null> {
  const since = now - WAIT_WINDOW_DAYS * DAY;
  const decided = sql`status IN ('approved', 'rejected') AND decided_at >= ${since}`;
  const [{ n }] = await getDb(env)
    .select({ n: sql<number>`COUNT(*)` })
    .from(sql`withdrawals INDEXED BY withdrawals_decided_wait_idx`)
    .where(decided);
  let median: number | null = null;
  if (n > 0) {
    // the middle one (the lower of two middles)
    const [row] = await getDb(env)
      .select({ wait: sql<number>`decided_at - created_at` })
      .from(sql`withdrawals INDEXED BY withdrawals_decided_wait_idx`)
      .where(decided)
      .orderBy(sql`decided_at - created_at`)
      .limit(1)
      .offset(Math.floor((n - 1) / 2));
    median = row?.wait ?? null;
  }
  await getDb(env)
    .insert(cronFigures)
    .values({ name: MEDIAN_WAIT, value: median, computedAt: now })
    .onConflictDoUpdate({ target: cronFigures.name, set: { value: median, computedAt: now } });
  return median;
}

export interface PayoutQueue {
  /** the worker's pending withdrawals' places in the queue (the oldest 50), 1 for the next one admins decide */
  places: Record<string, number>;
  /** the median hours admins took over the last 30 days (one decimal), null when none was decided */
  medianWaitHours: number | null;
}

/** The most pending withdrawals of one worker whose places are worked out. */
const PLACES_LIMIT = 50;

/**
 * A worker's pending withdrawals with their places, and the admins' median wait: two reads that need nothing else,
 * so a page sends them with its other reads. A place is one more than the pending requests made before it: a count
 * over the queue ahead of it (its index), not over the table.
 */
export async function payoutQueue(env: Env, workerId: string): Promise<PayoutQueue> {
  const db = getDb(env);
  const createdAt = outerColumn(withdrawals.createdAt);
  const [pending, figure] = await Promise.all([
    db
      .select({
        id: withdrawals.id,
        place: sql<number>`1 + (SELECT COUNT(*) FROM withdrawals AS ahead INDEXED BY withdrawals_pending_queue_idx
          WHERE ahead.status = 'pending' AND (ahead.created_at < ${createdAt}
            OR (ahead.created_at = ${createdAt} AND ahead.id < ${outerColumn(withdrawals.id)})))`,
      })
      .from(withdrawals)
      .where(and(eq(withdrawals.workerId, workerId), eq(withdrawals.status, "pending")))
      .orderBy(withdrawals.createdAt, withdrawals.id)
      .limit(PLACES_LIMIT),
    db.select({ value: cronFigures.value }).from(cronFigures).where(eq(cronFigures.name, MEDIAN_WAIT)).limit(1),
  ]);
  const ms = figure[0]?.value ?? null;
  return {
    places: Object.fromEntries(pending.map((w) => [w.id, w.place])),
    medianWaitHours: ms === null ? null : Math.round(ms / 360_000) / 10,
  };
}
