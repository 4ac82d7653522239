// When a task is past its date: the one rule every list, check and label uses
// (docs/decisions/015-dates-and-time-zones.md). A completion date is a calendar day, "YYYY-MM-DD", with no zone; a
// task is open through the end of that day in UTC, whatever the zone of the buyer, the worker or the server.

/** Where the worker reads a deadline, the rule in a few words. */
export const DEADLINE_NOTE = "end of day UTC";

/** The day the rule compares completion dates with: the UTC day of `now`, as YYYY-MM-DD. */
export function deadlineDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** Whether a task due on `completionDate` no longer takes work on `today` (a `deadlineDay`). ISO days sort as text. */
export function isPastDate(completionDate: string, today: string): boolean {
  return completionDate < today;
}
