import { Link } from "react-router";
import { useId } from "react";
import { ArrowRight, CircleCheck, Lock, ShieldCheck } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/format";
import { Coins, Dollars } from "./coin-amount";
import { TaskThumb } from "~/components/task-image";
import { DueBadge } from "./due-badge";
import { PayRateFact } from "~/components/pay-rate";
import { recordLineWords, type RecordLineView } from "~/components/buyer-reputation";
import type { PayRate } from "~/lib/pay-rate";

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
  payRate: PayRate;
  /** its buyer's record in one line; the task's page shows all of it */
  buyerRecord: RecordLineView;
  /** null when the task requires nothing; else what the viewer misses of its requirements (nothing: they qualify) */
  eligibility: { missing: string[] } | null;
}

/**
 * One open task in the Available Tasks grid: a phone's screen holds two or three (at most 320 px tall at 390 px wide),
 * with pay, pay per hour, the buyer's record in a line and whether the worker qualifies; the rest is on its page.
 */
export function TaskCard({ task }: { task: TaskCardData }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="task-card" data-testid="task-card">
      <div className="top">
        <TaskThumb src={task.taskImageUrl} category={task.category} className="size-16" />
        <header>
          <p className="kicker">
            <span className="truncate">{task.category}</span>
            {task.mySubmission ? (
              <span
                className={cn("mine", task.mySubmission === "approved" && "approved")}
                data-testid="my-submission-badge"
              >
                <CircleCheck />
                {task.mySubmission === "approved" ? "Approved" : "Submitted"}
              </span>
            ) : null}
          </p>
          <h2 id={titleId}>{task.taskTitle}</h2>
          <p className="buyer">
            <span className="sr-only">Posted by </span>
            <Link to={`/buyers/${task.buyerId}`} className="truncate">
              {task.buyerName}
            </Link>
          </p>
        </header>
      </div>
      <p className="record" data-testid="buyer-record">
        <span className="sr-only">Buyer's record: </span>
        {recordLineWords(task.buyerRecord)}
      </p>
      <dl>
        <div>
          <dt>Payment</dt>
          <dd>
            <Coins coins={task.payableAmount} />
            <Dollars coins={task.payableAmount} />
          </dd>
        </div>
        <div>
          <dt>Pay per hour</dt>
          <dd>
            <PayRateFact rate={task.payRate} compact />
          </dd>
        </div>
        <div>
          <dt>Workers needed</dt>
          <dd>{task.requiredWorkers}</dd>
        </div>
        <div>
          <dt>Due date</dt>
          <dd>
            {/* a task closing within two days says so instead of its date */}
            {task.daysLeft <= 2 ? (
              <time dateTime={task.completionDate}>
                <DueBadge daysLeft={task.daysLeft} />
              </time>
            ) : (
              <time dateTime={task.completionDate}>{formatDate(task.completionDate)}</time>
            )}
          </dd>
        </div>
      </dl>
      {task.eligibility ? <Eligibility missing={task.eligibility.missing} /> : null}
      <Link
        to={`/dashboard/tasklist/${task.id}`}
        prefetch="intent"
        aria-describedby={titleId}
        className={buttonVariants({ variant: "secondary" })}
      >
        View Details <ArrowRight />
      </Link>
    </article>
  );
}

/** "You qualify", or what the worker misses of the task's requirements (the task's page gives the full reason). */
function Eligibility({ missing }: { missing: string[] }) {
  return missing.length === 0 ? (
    <p className="eligibility" data-testid="eligibility">
      <ShieldCheck /> You qualify
    </p>
  ) : (
    <p className="eligibility missing" data-testid="eligibility">
      <Lock /> Needs {missing.join(", ")}
    </p>
  );
}
