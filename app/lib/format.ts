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
