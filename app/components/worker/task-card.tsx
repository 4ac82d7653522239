import { Link } from "react-router";
import { ArrowRight, CalendarDays, CircleCheck, UserRound, Users } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Coins, Dollars } from "./coin-amount";
import { TaskImage } from "~/components/task-image";
import { DueBadge, DueDay } from "./due-badge";

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
}

/** One open task in the Available Tasks grid. */
export function TaskCard({ task }: { task: TaskCardData }) {
  const titleId = `task-${task.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="task-card"
    >
      <div className="relative">
        <TaskImage src={task.taskImageUrl} category={task.category} className="aspect-[2/1]" />
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-slate-800 shadow-sm">
          {task.category}
        </span>
        {task.mySubmission ? (
          <span
            className={cn(
              "absolute right-3 top-3 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm",
              task.mySubmission === "approved" ? "bg-emerald-700 text-white" : "bg-slate-900 text-white",
            )}
            data-testid="my-submission-badge"
          >
            <CircleCheck className="size-3.5" aria-hidden />
            {task.mySubmission === "approved" ? "Approved" : "Submitted"}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4">
        <div className="grid gap-1.5">
          <h2 id={titleId} className="line-clamp-2 text-base font-semibold leading-snug">
            {task.taskTitle}
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <UserRound className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">Posted by </span>
            <span className="truncate">{task.buyerName}</span>
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">Payment</dt>
            <dd className="grid">
              <Coins coins={task.payableAmount} className="text-amber-900" />
              <Dollars coins={task.payableAmount} className="text-xs text-muted-foreground" />
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">Workers needed</dt>
            <dd className="inline-flex items-center gap-1.5 font-semibold">
              <Users className="size-4 text-muted-foreground" aria-hidden />
              {task.requiredWorkers}
            </dd>
          </div>
          <div className="col-span-2 grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">Due date</dt>
            <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="inline-flex items-center gap-1.5 font-medium">
                <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
                <DueDay date={task.completionDate} />
              </span>
              <DueBadge daysLeft={task.daysLeft} className="text-xs" />
            </dd>
          </div>
        </dl>
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
