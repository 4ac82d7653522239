import { cn } from "~/lib/cn";
import { dueLabel } from "./due";

/** "Due today", "3 days left", "Open"…: amber when the task closes within two days. */
export function DueBadge({ daysLeft, className }: { daysLeft: number; className?: string }) {
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 font-semibold",
        daysLeft <= 2
          ? "bg-amber-50 text-amber-800 ring-1 ring-inset ring-amber-200"
          : "bg-muted text-muted-foreground",
        className,
      )}
    >
      {dueLabel(daysLeft)}
    </span>
  );
}
