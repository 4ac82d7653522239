import { FALLBACK_TIME_ZONE } from "./time-zone";

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};
const DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/**
 * One formatter per (options, zone): building an Intl.DateTimeFormat costs far more than using one, and a page
 * formats dozens of dates in the same zone. Keyed by the options object itself (the constants above) and the zone.
 */
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

function formatterFor(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  let byZone = formatters.get(options);
  if (!byZone) formatters.set(options, (byZone = new Map()));
  let format = byZone.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    } catch {
      return formatterFor(options, FALLBACK_TIME_ZONE); // an unknown zone is not remembered
    }
    byZone.set(timeZone, format);
  }
  return format;
}

/** `ms` written in `timeZone`, or in UTC when the zone is unknown (a page never fails over a zone). */
function formatIn(options: Intl.DateTimeFormatOptions, timeZone: string, ms: number): string {
  return formatterFor(options, timeZone).format(ms);
}

/**
 * "March 5, 2026 at 3:04 PM GMT+9": a long date and a short time in the visitor's zone, named, since the same
 * instant reads differently elsewhere (the zone comes from `useTimeZone()`, app/components/local-time.tsx).
 */
export function formatDateTime(ms: number, timeZone: string): string {
  return formatIn(DATE_TIME, timeZone, ms);
}

/** The day an instant falls on in `timeZone`, "Mar 5, 2026" (no time, so no zone name). */
export function formatDayOf(ms: number, timeZone: string): string {
  return formatIn(DAY, timeZone, ms);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day (a task's completion date, YYYY-MM-DD), "Mar 5, 2026": a day is the same day in every zone.
 * Written without Intl, as Intl writes it in en-US: the first Intl formatter a page builds loads the locale's data,
 * tens of milliseconds of a phone's main thread, which a page showing only days (the landing page) never needs.
 */
export function formatDate(isoDate: string): string {
  const day = ISO_DAY.exec(isoDate);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    // a day that exists (the last of month m is day 0 of month m + 1), in years Intl writes with four digits
    if (y >= 1000 && m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate()) {
      return `${MONTHS[m - 1]} ${d}, ${y}`;
    }
  }
  return formatIn(DAY, "UTC", Date.parse(`${isoDate}T00:00:00Z`));
}

let numbers: Intl.NumberFormat | undefined;

/**
 * A count with thousands separators as `n.toLocaleString("en-US")` writes it, "12,345". Whole numbers are grouped
 * by hand: the first Intl.NumberFormat a page builds loads the locale's number data, about 10 ms of main thread on
 * a phone for what a regular expression does. Others (never counts or coins) go through one cached formatter.
 */
export function formatCount(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
  numbers ??= new Intl.NumberFormat("en-US");
  return numbers.format(n);
}

/** Coins in words, "1 coin", "1,065 coins": the one way the app writes an amount of coins in a sentence. */
export function formatCoins(n: number): string {
  return `${formatCount(n)} ${n === 1 ? "coin" : "coins"}`;
}

/**
 * Cents as dollars, the one way the app writes money: "$1,234.50", thousands grouped (without Intl, as formatCount).
 * `dropZeroCents` writes whole dollars as "$10" (coin packages' prices); `symbol: false` leaves out the "$" (a field
 * whose box already shows it).
 */
export function formatDollars(cents: number, { symbol = true, dropZeroCents = false } = {}): string {
  const [whole, part] = (Math.abs(cents) / 100).toFixed(2).split(".");
  const digits = `${formatCount(Number(whole))}${dropZeroCents && part === "00" ? "" : `.${part}`}`;
  return `${cents < 0 ? "-" : ""}${symbol ? "$" : ""}${digits}`;
}

/**
 * A share as a whole percentage for a gauge, never "0%" for something that is there nor "100%" for something short
 * of the whole: 1 of 500 reads "<1%", 499 of 500 reads ">99%".
 */
export function gaugePercent(value: number, max: number): string {
  if (max <= 0 || value <= 0) return "0%";
  if (value >= max) return "100%";
  const percent = Math.round((value / max) * 100);
  if (percent === 0) return "<1%";
  if (percent === 100) return ">99%";
  return `${percent}%`;
}
