// Waits in words (a withdrawal's expected wait, a pending request's age), shared by the worker's and admins' pages.

const HOUR = 3_600_000;

/** "under an hour", "about 5 hours", "about 3 days". */
export function waitWords(hours: number): string {
  if (hours < 1) return "under an hour";
  const h = Math.round(hours);
  if (h < 48) return `about ${h} hour${h === 1 ? "" : "s"}`;
  return `about ${Math.round(hours / 24)} days`;
}

/** How long something made at `since` has waited by `now`, in words. */
export const ageWords = (since: number, now: number) => waitWords(Math.max(0, now - since) / HOUR);
