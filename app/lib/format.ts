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

/** A calendar day (a task's completion date, YYYY-MM-DD), "Mar 5, 2026": a day is the same day in every zone. */
export function formatDate(isoDate: string): string {
  return formatIn(DAY, "UTC", Date.parse(`${isoDate}T00:00:00Z`));
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
