import { deadlineDay } from "~/lib/deadline";
import type { CommonWords } from "~/components/duration-words";

/** Whole days from the deadline rule's today to a completion date; negative exactly when `isPastDate` says past. */
export function daysUntil(isoDate: string, now = Date.now()): number {
  const today = Date.parse(`${deadlineDay(now)}T00:00:00Z`);
  const due = Date.parse(`${isoDate}T00:00:00Z`);
  return Math.round((due - today) / 86_400_000);
}

/** "Due today", "3 days left", "Open"… in the words of `t` (`useWords("common")`). */
export function dueLabel(t: CommonWords, days: number): string {
  if (days < 0) return t("due.closed");
  if (days === 0) return t("due.today");
  if (days === 1) return t("due.tomorrow");
  if (days <= 30) return t("due.daysLeft", { count: days });
  return t("due.open");
}
