import { Link } from "react-router";
import { useId } from "react";
import { Lock, ShieldCheck } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { withdrawalCents } from "~/lib/coins";
import { formatCoins, formatDate, formatDollars } from "~/lib/format";
import { TaskThumb } from "~/components/task-image";
import { dueLabel } from "./due";

export interface TaskCardData {
  id: string;
  taskTitle: string;
  buyerId: string;
  buyerName: string;
  category: string;
  taskImageUrl: string | null;
  completionDate: string;
  payableAmount: number;
  requiredWorkers: number;
  daysLeft: number;
  /** The viewer's own live submission for this task, if any. */
  mySubmission: "pending" | "approved" | null;
  /** pay per hour in words (cardRateWords: "$7.50/hour", "Being measured"), and whether it is under the minimum */
  payRate: string;
  belowMinimum: boolean;
  /** its buyer's record in one line ("92% approved · reviews in 5 h"); the task's page shows all of it */
  buyerRecord: string;
  /** null when the task requires nothing; else what the viewer misses of its requirements (none: they qualify) */
  missing: string[] | null;
}

/**
 * One open task in the Available Tasks grid: a phone's screen holds two or three (at most 320 px tall at 390 px wide),
 * with pay, pay per hour, the buyer's record in a line and whether the worker qualifies; the rest is on its page. A
 * page shows twelve, so a card is drawn with few elements (about twenty): its facts are one grid of terms and values,
 * and only the requirement line carries an icon.
 */
export function TaskCard({ task }: { task: TaskCardData }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="task-card" data-testid="task-card">
      <div className="top">
        <TaskThumb src={task.taskImageUrl} category={task.category} className="size-16" />
        <p className="kicker">
          {task.category}
          {task.mySubmission ? (
            <span
              className={cn("mine", task.mySubmission === "approved" && "approved")}
              data-testid="my-submission-badge"
            >
              {task.mySubmission === "approved" ? "Approved" : "Submitted"}
            </span>
          ) : null}
        </p>
        <h2 id={titleId}>{task.taskTitle}</h2>
        <Link
          to={`/buyers/${task.buyerId}`}
          className="buyer"
          aria-label={`Posted by ${task.buyerName}: the buyer's record`}
        >
          {task.buyerName}
        </Link>
      </div>
      <p className="record" data-testid="buyer-record">
        <span className="sr-only">Buyer's record: </span>
        {task.buyerRecord}
      </p>
      <dl>
        <dt>Payment</dt>
        <dd>{`${formatCoins(task.payableAmount)} · ${formatDollars(withdrawalCents(task.payableAmount))}`}</dd>
        <dt>Pay per hour</dt>
        <dd data-testid="pay-rate" className={task.belowMinimum ? "below-minimum" : undefined}>
          {task.payRate}
          {task.belowMinimum ? " · Pays below the minimum" : ""}
        </dd>
        <dt>Workers needed</dt>
        <dd>{task.requiredWorkers}</dd>
        <dt>Due date</dt>
        {/* a task closing within two days says so instead of its date */}
        <dd className={task.daysLeft <= 2 ? "soon" : undefined}>
          <time dateTime={task.completionDate}>
            {task.daysLeft <= 2 ? dueLabel(task.daysLeft) : formatDate(task.completionDate)}
          </time>
        </dd>
      </dl>
      {task.missing === null ? null : task.missing.length === 0 ? (
        <p className="eligibility" data-testid="eligibility">
          <ShieldCheck /> You qualify
        </p>
      ) : (
        <p className="eligibility missing" data-testid="eligibility">
          <Lock /> Needs {task.missing.join(", ")}
        </p>
      )}
      <Link
        to={`/dashboard/tasklist/${task.id}`}
        prefetch="intent"
        aria-describedby={titleId}
        className={buttonVariants({ variant: "secondary" })}
      >
        View Details
      </Link>
    </article>
  );
}
