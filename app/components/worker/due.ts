import { deadlineDay } from "~/lib/deadline";

/** Whole days from the deadline rule's today to a completion date; negative exactly when `isPastDate` says past. */
export function daysUntil(isoDate: string, now = Date.now()): number {
  const today = Date.parse(`${deadlineDay(now)}T00:00:00Z`);
  const due = Date.parse(`${isoDate}T00:00:00Z`);
  return Math.round((due - today) / 86_400_000);
}

export function dueLabel(days: number): string {
  if (days < 0) return "Closed";
  if (days === 0) return "Due today";
  if (days === 1) return "Due tomorrow";
  if (days <= 30) return `${days} days left`;
  return "Open";
}
