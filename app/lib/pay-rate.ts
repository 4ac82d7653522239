// Pay per hour (docs/product/pay-per-hour.md): what a task's slot pays per hour of work, in withdrawal dollars, at
// the buyer's estimate until three submissions are timed, then at their median. The form, the schemas, the
// services and the cards share these. migrations/0032 indexes the same figure (cents_per_hour).
import { COINS_PER_DOLLAR_WITHDRAW } from "./coins";
import { formatDollars } from "./format";

/** The buyer's estimate of one slot's work, in minutes (Add and Update Task). */
export const ESTIMATE_MINUTES = { min: 1, max: 480 } as const;

/** Timed submissions a task needs before its measured median replaces the estimate. */
export const SUBMISSIONS_TO_MEASURE = 3;

/** The platform's minimum hourly pay when MIN_HOURLY_PAY_CENTS is not set: $6.00. */
export const DEFAULT_MIN_HOURLY_PAY_CENTS = 600;

/** The minimum hourly pay in cents from the Worker variable MIN_HOURLY_PAY_CENTS (missing or unreadable: $6.00). */
export function minHourlyPayCents(setting: string | undefined): number {
  const cents = Number(setting ?? DEFAULT_MIN_HOURLY_PAY_CENTS);
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : DEFAULT_MIN_HOURLY_PAY_CENTS;
}

const CENTS_PER_COIN = 100 / COINS_PER_DOLLAR_WITHDRAW;

/** Cents per hour of a slot paying `coins` for `minutes` of work, rounded down (as the index's cents_per_hour). */
export function centsPerHour(coins: number, minutes: number): number {
  return Math.floor((coins * 60 * CENTS_PER_COIN) / minutes);
}

/** The least whole coins a slot of `minutes` must pay to meet `minCents` an hour. */
export function leastPayFor(minutes: number, minCents: number): number {
  return Math.ceil((minCents * minutes) / (60 * CENTS_PER_COIN));
}

/** "$6.00/hour": a rate in the one dollar format. */
export const hourlyWords = (cents: number) => `${formatDollars(cents)}/hour`;

/** The refusal of a pay below the minimum at the estimate (Add and Update Task, page and REST). */
export const belowMinimumMessage = (minutes: number, minCents: number) =>
  `The minimum pay is ${hourlyWords(minCents)}: a task of ${minutes} minute${minutes === 1 ? "" : "s"} must pay at least ${leastPayFor(minutes, minCents)} coins per worker.`;

/** The time a task's pay per hour is reckoned at: its measured median once there is one, else the estimate. */
export interface TaskTime {
  payableAmount: number;
  estimateMinutes: number | null;
  measuredMinutes: number | null;
}

/** A task's minutes, whether they are measured, its cents per hour and whether a measured rate is below `minCents`. */
export function payRateOf(t: TaskTime, minCents: number) {
  const minutes = t.measuredMinutes ?? t.estimateMinutes;
  const cents = minutes ? centsPerHour(t.payableAmount, minutes) : null;
  return {
    minutes,
    measured: t.measuredMinutes !== null,
    centsPerHour: cents,
    belowMinimum: t.measuredMinutes !== null && cents !== null && cents < minCents,
  };
}
export type PayRate = ReturnType<typeof payRateOf>;
