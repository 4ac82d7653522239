// The figures of the home pages' charts (docs/product/screens.md, "Charts on the home pages"). A buyer's figures
// are one SQL statement that groups its window (the last weeks, up to now) by week in SQL, through an index whose
// range is the window and the buyer (migrations/0010_chart_indexes.sql), so its cost follows that buyer's rows in
// the window, not the tables; a worker's and the whole marketplace's are read from per-week and per-day rows kept
// by triggers (migrations/0014 and 0012). Times are stored in milliseconds; weeks start on Monday, days and weeks
// are UTC (the days the deadline rule uses, `deadlineDay`). Periods without rows are filled with zeros here, so a
// chart always has every period of its window.
import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb } from "../db/client.server";
import { dailyActivity, workerWeeks } from "../db/schema";
import { deadlineDay } from "~/lib/deadline";

export const CHART_WEEKS = 8;
export const CHART_DAYS = 30;

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday that starts the week of a time column, as SQL ('-6 days' then 'weekday 1' lands on that Monday). */
const weekOf = (column: SQL) => sql`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch', '-6 days', 'weekday 1')`;

interface Window {
  /** the first millisecond of the window */
  from: number;
  /** the first millisecond after it */
  to: number;
  /** the first day of each period, oldest first */
  periods: string[];
}

function dayWindow(now: number, days: number): Window {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const from = today - (days - 1) * DAY_MS;
  return { from, to: today + DAY_MS, periods: Array.from({ length: days }, (_, i) => deadlineDay(from + i * DAY_MS)) };
}

function weekWindow(now: number, weeks: number): Window {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  // 1970-01-01 was a Thursday: days since the epoch + 3, modulo 7, counts the days since Monday
  const monday = today - ((Math.floor(today / DAY_MS) + 3) % 7) * DAY_MS;
  const from = monday - (weeks - 1) * WEEK_MS;
  return {
    from,
    to: monday + WEEK_MS,
    periods: Array.from({ length: weeks }, (_, i) => deadlineDay(from + i * WEEK_MS)),
  };
}

/** A period column (`YYYY-MM-DD`, a counter table's day or week) within the window's periods. */
const inWindow = (period: SQLiteColumn, window: Window) =>
  and(gte(period, window.periods[0]), lte(period, window.periods[window.periods.length - 1]));

/** Every period of the window, with the row SQL returned for it or zeros. */
function fill<K extends string>(
  window: Window,
  rows: ({ period: string } & Record<K, number | null>)[],
  keys: readonly K[],
): ({ period: string } & Record<K, number>)[] {
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  return window.periods.map((period) => {
    const row = byPeriod.get(period);
    const values = Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<K, number>;
    return { period, ...values };
  });
}

/** Buyer home: coins charged for posting tasks and raising their cost, and tasks posted, per week. */
export async function buyerCharts(env: Env, buyerId: string, now = Date.now()) {
  const w = weekWindow(now, CHART_WEEKS);
  const rows = await getDb(env).all<{ period: string; spent: number; posted: number }>(sql`SELECT
    ${weekOf(sql`created_at`)} AS period,
    SUM(CASE WHEN delta < 0 THEN -delta ELSE 0 END) AS spent,
    SUM(kind = 'task_charge') AS posted
    FROM coin_ledger INDEXED BY coin_ledger_user_idx
    WHERE user_id = ${buyerId} AND created_at >= ${w.from} AND created_at < ${w.to}
      AND kind IN ('task_charge', 'task_update')
    GROUP BY period`);
  return fill(w, rows, ["spent", "posted"] as const);
}

/**
 * Worker home: coins earned and the approval rate (approved out of approved and rejected, in percent; null in a
 * week without a decision) per week, by when the buyer decided. Read from the worker's weeks the triggers of
 * migrations/0014 keep: eight rows, however much the worker has done.
 */
export async function workerCharts(env: Env, workerId: string, now = Date.now()) {
  const w = weekWindow(now, CHART_WEEKS);
  const rows = await getDb(env)
    .select({
      period: workerWeeks.week,
      earned: workerWeeks.earned,
      approved: workerWeeks.approved,
      rejected: workerWeeks.rejected,
    })
    .from(workerWeeks)
    .where(and(eq(workerWeeks.workerId, workerId), inWindow(workerWeeks.week, w)));
  return fill(w, rows, ["earned", "approved", "rejected"] as const).map((r) => ({
    ...r,
    rate: r.approved + r.rejected > 0 ? Math.round((100 * r.approved) / (r.approved + r.rejected)) : null,
  }));
}

/**
 * Admin home, per day: coins bought (orders), paid out to workers (approved submissions' payouts) and withdrawn
 * (approved withdrawals, on the day of approval); and submissions made, by their status now. Read from the days
 * the triggers of migrations/0012 keep: 30 rows, however busy the marketplace.
 */
export async function adminCharts(env: Env, now = Date.now()) {
  const w = dayWindow(now, CHART_DAYS);
  const days = await getDb(env)
    .select({
      period: dailyActivity.day,
      bought: dailyActivity.bought,
      paidOut: dailyActivity.paidOut,
      withdrawn: dailyActivity.withdrawn,
      pending: dailyActivity.pending,
      approved: dailyActivity.approved,
      rejected: dailyActivity.rejected,
    })
    .from(dailyActivity)
    .where(inWindow(dailyActivity.day, w));
  return {
    coins: fill(w, days, ["bought", "paidOut", "withdrawn"] as const),
    submissions: fill(w, days, ["pending", "approved", "rejected"] as const),
  };
}

export type BuyerCharts = Awaited<ReturnType<typeof buyerCharts>>;
export type WorkerCharts = Awaited<ReturnType<typeof workerCharts>>;
export type AdminCharts = Awaited<ReturnType<typeof adminCharts>>;
