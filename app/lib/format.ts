/** "March 5, 2026 at 3:04 PM" style: long date, short time. */
export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(ms);
}

export function formatDate(isoOrMs: string | number): string {
  const d = typeof isoOrMs === "number" ? new Date(isoOrMs) : new Date(`${isoOrMs}T00:00:00Z`);
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(d);
}

export function todayIso(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
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
