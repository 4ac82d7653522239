// Pay per hour (docs/product/pay-per-hour.md): what a task's slot pays per hour of work, in withdrawal dollars, at
// the buyer's estimate until three submissions are timed, then at their median; a task without an estimate (a HIT)
// is measured from its fifth. The form, the schemas, the services and the cards share these. migrations/0032 and
// 0076 index and keep the same figures (cents_per_hour, judged_minutes).
import { COINS_PER_DOLLAR_WITHDRAW } from "./coins";
import { formatCoins, formatDollars } from "./format";
import { allowanceWords } from "./time-allowance";

/** The buyer's estimate of one slot's work, in minutes (Add and Update Task). */
export const ESTIMATE_MINUTES = { min: 1, max: 480 } as const;

/** Timed submissions a task needs before its measured median replaces the estimate. */
export const SUBMISSIONS_TO_MEASURE = 3;

/**
 * Timed submissions whose median judges a task without an estimate (a HIT): kept once by the trigger of
 * migrations/0076 (judged_minutes); under the minimum at it, the task pauses and the work sent is topped up.
 */
export const SUBMISSIONS_TO_JUDGE = 5;

/** The platform's minimum hourly pay when MIN_HOURLY_PAY_CENTS is not set: $6.00. */
export const DEFAULT_MIN_HOURLY_PAY_CENTS = 600;

/** The minimum hourly pay in cents from the Worker variable MIN_HOURLY_PAY_CENTS (missing or unreadable: $6.00). */
export function minHourlyPayCents(setting: string | undefined): number {
  const cents = Number(setting ?? DEFAULT_MIN_HOURLY_PAY_CENTS);
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : DEFAULT_MIN_HOURLY_PAY_CENTS;
}

const CENTS_PER_COIN = 100 / COINS_PER_DOLLAR_WITHDRAW;

/** One coin a minute, in cents an hour (300): leastPayFor divides by it, as its SQL twin does. */
export const COIN_A_MINUTE_CENTS_PER_HOUR = 60 * CENTS_PER_COIN;

/** Cents per hour of a slot paying `coins` for `minutes` of work, rounded down (as the index's cents_per_hour). */
export function centsPerHour(coins: number, minutes: number): number {
  return Math.floor((coins * 60 * CENTS_PER_COIN) / minutes);
}

/** The least whole coins a slot of `minutes` must pay to meet `minCents` an hour. */
export function leastPayFor(minutes: number, minCents: number): number {
  return Math.ceil((minCents * minutes) / COIN_A_MINUTE_CENTS_PER_HOUR);
}

/** "$6.00/hour": a rate in the one dollar format. */
export const hourlyWords = (cents: number) => `${formatDollars(cents)}/hour`;

/** The refusal of a pay below the minimum at the estimate (Add and Update Task, page and REST). */
export const belowMinimumMessage = (minutes: number, minCents: number) =>
  `The minimum pay is ${hourlyWords(minCents)}: a task of ${allowanceWords(minutes)} must pay at least ${formatCoins(leastPayFor(minutes, minCents))} per worker.`;

/** The refusal of a pay below the minimum at a judged task's measured time (Update Task, page and REST). */
export const belowJudgedMessage = (minutes: number, minCents: number) =>
  `The minimum pay is ${hourlyWords(minCents)}: workers took a median of ${allowanceWords(minutes)} on this task, so it must pay at least ${formatCoins(leastPayFor(minutes, minCents))} per worker.`;

/** Why a paused task takes no start (the task page, a start, the REST API's one-step submission). */
export const TASK_PAUSED =
  "This task is paused: it pays under the minimum hourly pay at the time workers took, and its buyer has been asked to raise the pay. It takes no new starts until then.";

/** The coins that bring work paid `paid` coins up to the minimum at `minutes` (0 when it meets it). */
export const topUpFor = (paid: number, minutes: number, minCents: number) =>
  Math.max(0, leastPayFor(minutes, minCents) - paid);

/** The time a task's pay per hour is reckoned at: its measured median once there is one, else the estimate. */
export interface TaskTime {
  payableAmount: number;
  estimateMinutes: number | null;
  measuredMinutes: number | null;
}

/**
 * A task's minutes, whether they are measured, its cents per hour, whether a measured rate is below `minCents`, and
 * whether its buyer gave an estimate (a HIT gives none: its time is measured).
 */
export function payRateOf(t: TaskTime, minCents: number) {
  const minutes = t.measuredMinutes ?? t.estimateMinutes;
  const cents = minutes ? centsPerHour(t.payableAmount, minutes) : null;
  return {
    minutes,
    measured: t.measuredMinutes !== null,
    centsPerHour: cents,
    belowMinimum: t.measuredMinutes !== null && cents !== null && cents < minCents,
    estimated: t.estimateMinutes !== null,
  };
}
export type PayRate = ReturnType<typeof payRateOf>;

/**
 * A pay per hour in words, as cards and the task page show it: the rate ("$7.50/hour", or "Being measured" while a
 * task without an estimate has fewer than five timed submissions) and what it is reckoned at.
 */
export function payRateWords(rate: PayRate): { rate: string; reckoned: string | null } {
  if (rate.centsPerHour === null || rate.minutes === null) return { rate: "Being measured", reckoned: null };
  const minutes = allowanceWords(rate.minutes);
  return {
    rate: hourlyWords(rate.centsPerHour),
    reckoned: !rate.estimated
      ? `estimate: measured, median ${minutes}`
      : rate.measured
        ? `measured median ${minutes}`
        : `estimate ${minutes}`,
  };
}
