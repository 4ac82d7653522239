import { cn } from "~/lib/cn";
import { useFormat, useWords } from "~/lib/i18n/react";
import { dueLabel } from "./due";

/** A completion day with the rule that closes it, "Mar 5, 2026 (end of day UTC)": the day is not converted to a zone. */
export function DueDay({ date }: { date: string }) {
  const t = useWords("common");
  const f = useFormat();
  return (
    <span>
      <time dateTime={date}>{f.date(date)}</time> <span className="deadline-note">{t("due.deadlineNote")}</span>
    </span>
  );
}

/** "Due today", "3 days left", "Open"…: amber when the task closes within two days. */
export function DueBadge({ daysLeft, className }: { daysLeft: number; className?: string }) {
  const t = useWords("common");
  return <span className={cn("due-badge", daysLeft <= 2 && "soon", className)}>{dueLabel(t, daysLeft)}</span>;
}
