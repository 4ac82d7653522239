// When will I be paid (docs/decisions/035-the-payout-queue-and-its-median.md): a pending withdrawal's place in the
// admins' queue (oldest first), and the median time admins took to decide a withdrawal over the last 30 days,
// worked out by the Cron Trigger and read as one row.
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
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
  /** each of the given pending withdrawals' place in the queue, 1 for the next one admins decide */
  places: Record<string, number>;
  /** the median hours admins took over the last 30 days (one decimal), null when none was decided */
  medianWaitHours: number | null;
}

/**
 * The places of these pending withdrawals (any others are left out) and the admins' median wait. A place is one more
 * than the pending requests made before it: a count over the queue ahead of it (its index), not over the table.
 */
export async function payoutQueue(env: Env, ids: string[]): Promise<PayoutQueue> {
  const db = getDb(env);
  const [pending, figure] = await Promise.all([
    ids.length
      ? db
          .select({ id: withdrawals.id, createdAt: withdrawals.createdAt })
          .from(withdrawals)
          .where(and(inArray(withdrawals.id, ids.slice(0, 50)), eq(withdrawals.status, "pending")))
      : Promise.resolve([]),
    db.select({ value: cronFigures.value }).from(cronFigures).where(eq(cronFigures.name, MEDIAN_WAIT)).limit(1),
  ]);
  const ahead = await Promise.all(
    pending.map((w) =>
      db
        .select({ n: sql<number>`COUNT(*)` })
        .from(sql`withdrawals INDEXED BY withdrawals_pending_queue_idx`)
        .where(
          sql`status = 'pending' AND (created_at < ${w.createdAt} OR (created_at = ${w.createdAt} AND id < ${w.id}))`,
        ),
    ),
  );
  const ms = figure[0]?.value ?? null;
  return {
    places: Object.fromEntries(pending.map((w, i) => [w.id, ahead[i]![0]!.n + 1])),
    medianWaitHours: ms === null ? null : Math.round(ms / 360_000) / 10,
  };
}
