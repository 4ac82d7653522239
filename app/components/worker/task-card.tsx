import { Link } from "react-router";
import { useId } from "react";
import { ArrowRight, CircleCheck, UserRound } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Coins, Dollars } from "./coin-amount";
import { TaskImage } from "~/components/task-image";
import { DueBadge, DueDay } from "./due-badge";
import { PayRateFact } from "~/components/pay-rate";
import { BuyerReputation, type ReputationView } from "~/components/buyer-reputation";
import type { PayRate } from "~/lib/pay-rate";

export interface TaskCardData {
  id: string;
  taskTitle: string;
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
  reputation: ReputationView | null;
}

/** One open task in the Available Tasks grid. */
export function TaskCard({ task }: { task: TaskCardData }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="task-card" data-testid="task-card">
      <div className="relative">
        <TaskImage src={task.taskImageUrl} category={task.category} className="aspect-[2/1]" />
        <span className="chip category">{task.category}</span>
        {task.mySubmission ? (
          <span
            className={cn("chip mine", task.mySubmission === "approved" && "approved")}
            data-testid="my-submission-badge"
          >
            <CircleCheck />
            {task.mySubmission === "approved" ? "Approved" : "Submitted"}
          </span>
        ) : null}
      </div>
      <div className="body">
        <header>
          <h2 id={titleId}>{task.taskTitle}</h2>
          <p>
            <UserRound />
            <span className="sr-only">Posted by </span>
            <span className="truncate">{task.buyerName}</span>
          </p>
        </header>
        <dl>
          <div>
            <dt>Payment</dt>
            <dd className="grid">
              <Coins coins={task.payableAmount} />
              <Dollars coins={task.payableAmount} />
            </dd>
          </div>
          <div>
            <dt>Workers needed</dt>
            <dd>{task.requiredWorkers}</dd>
          </div>
          <div className="col-span-2">
            <dt>Pay per hour</dt>
            <dd>
              <PayRateFact rate={task.payRate} />
            </dd>
          </div>
          <div className="col-span-2">
            <dt>Due date</dt>
            <dd>
              <DueDay date={task.completionDate} />
              <DueBadge daysLeft={task.daysLeft} />
            </dd>
          </div>
        </dl>
        {task.reputation ? <BuyerReputation reputation={task.reputation} compact /> : null}
        <Link
          to={`/dashboard/tasklist/${task.id}`}
          prefetch="intent"
          aria-describedby={titleId}
          className={buttonVariants({ variant: "secondary" })}
        >
          View Details <ArrowRight />
        </Link>
      </div>
    </article>
  );
}
