import { cn } from "~/lib/cn";
import { DEADLINE_NOTE } from "~/lib/deadline";
import { formatDate } from "~/lib/format";
import { dueLabel } from "./due";

/** A completion day with the rule that closes it, "Mar 5, 2026 (end of day UTC)": the day is not converted to a zone. */
export function DueDay({ date }: { date: string }) {
  return (
    <span>
      <time dateTime={date}>{formatDate(date)}</time> <span className="deadline-note">{`(${DEADLINE_NOTE})`}</span>
    </span>
  );
}

/** "Due today", "3 days left", "Open"…: amber when the task closes within two days. */
export function DueBadge({ daysLeft, className }: { daysLeft: number; className?: string }) {
  return <span className={cn("due-badge", daysLeft <= 2 && "soon", className)}>{dueLabel(daysLeft)}</span>;
}
