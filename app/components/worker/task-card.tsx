import { Link } from "react-router";
import { ArrowRight, CalendarDays, CircleCheck, UserRound, Users } from "~/components/icons";
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
  const titleId = `task-${task.id}-title`;
  return (
    <article aria-labelledby={titleId} className="task-card group" data-testid="task-card">
      <div className="relative">
        <TaskImage src={task.taskImageUrl} category={task.category} className="aspect-[2/1]" />
        <span className="chip left-3 bg-white/95 text-slate-800">{task.category}</span>
        {task.mySubmission ? (
          <span
            className={cn(
              "chip right-3 text-white",
              task.mySubmission === "approved" ? "bg-emerald-700" : "bg-slate-900",
            )}
            data-testid="my-submission-badge"
          >
            <CircleCheck className="size-3.5" />
            {task.mySubmission === "approved" ? "Approved" : "Submitted"}
          </span>
        ) : null}
      </div>
      <div className="body">
        <div className="grid gap-1.5">
          <h2 id={titleId} className="line-clamp-2 text-base font-semibold leading-snug">
            {task.taskTitle}
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <UserRound className="size-4 shrink-0" />
            <span className="sr-only">Posted by </span>
            <span className="truncate">{task.buyerName}</span>
          </p>
        </div>
        <dl>
          <div>
            <dt>Payment</dt>
            <dd className="grid">
              <Coins coins={task.payableAmount} className="text-amber-900" />
              <Dollars coins={task.payableAmount} className="text-xs text-muted-foreground" />
            </dd>
          </div>
          <div>
            <dt>Workers needed</dt>
            <dd className="inline-flex items-center gap-1.5 font-semibold">
              <Users />
              {task.requiredWorkers}
            </dd>
          </div>
          <div className="col-span-2">
            <dt>Pay per hour</dt>
            <dd>
              <PayRateFact rate={task.payRate} />
            </dd>
          </div>
          <div className="col-span-2">
            <dt>Due date</dt>
            <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <CalendarDays />
                <DueDay date={task.completionDate} />
              </span>
              <DueBadge daysLeft={task.daysLeft} className="text-xs" />
            </dd>
          </div>
        </dl>
        {task.reputation ? <BuyerReputation reputation={task.reputation} compact /> : null}
        <Link
          to={`/dashboard/tasklist/${task.id}`}
          prefetch="intent"
          aria-describedby={titleId}
          className={cn(buttonVariants({ variant: "secondary" }), "mt-auto w-full")}
        >
          View Details <ArrowRight aria-hidden className="transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}
