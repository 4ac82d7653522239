// A task as a visitor sees it from the landing page's links (/browse/<id>): what it asks and pays, read-only, with
// "Sign up to do this" (and Log in) that bring them back to it once they have an account. Someone signed in is
// sent on by role, as /browse sends them (task-door.ts).
import { formatCoins } from "~/lib/format";
import { TASK_FIELD_NAMES } from "~/lib/task-fields";
import { data, Link, redirect } from "react-router";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";

import { CalendarDays, Coins as CoinsIcon, Hourglass, Users } from "~/components/icons";
import { IconFact } from "~/components/ui/icon-fact";
import type { Route } from "./+types/task";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TaskImage } from "~/components/task-image";
import { TaskBrief } from "~/components/task-brief";
import { Coins, Dollars, WITHDRAW_RATE_NOTE } from "~/components/worker/coin-amount";
import { DueDay } from "~/components/worker/due-badge";
import { originOf, pageMeta } from "~/components/landing/seo";
import { taskDoor } from "~/lib/roles";
import { getEnv, userContext } from "~/server/context";
import { PayRateFact } from "~/components/pay-rate";
import { BuyerReputation } from "~/components/buyer-reputation";
import { findOpenTask, taskView } from "~/server/services/tasks.server";
import { payRateFor } from "~/server/services/pay-rate.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.task.title} · Coinwork`,
        description: `${formatCoins(loaderData.task.payableAmount)} per worker: ${loaderData.task.detail.slice(0, 140)}`,
        path: `/browse/${loaderData.task.id}`,
        origin: loaderData.origin,
      })
    : [{ title: "Task not found · Coinwork" }];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user) throw redirect(taskDoor(user.role, encodeURIComponent(params.id)));
  const task = await findOpenTask(getEnv(context), params.id);
  if (!task) throw data("Task not found", { status: 404 });
  return {
    origin: originOf(request),
    task: { ...taskView(task), buyerName: task.buyerName, payRate: payRateFor(getEnv(context), task) },
    reputation: task.reputation,
  };
}

/** Where the task is done once signed in: the worker's page of it. */
const workerPage = (id: string) => `/dashboard/tasklist/${encodeURIComponent(id)}`;
const withReturn = (path: string, id: string) => `${path}?redirectTo=${encodeURIComponent(workerPage(id))}`;

export default function PublicTask({ loaderData }: Route.ComponentProps) {
  const { task, reputation } = loaderData;
  const record = `/buyers/${encodeURIComponent(reputation.buyerId)}`;
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="grid gap-2">
        <p className="text-sm font-semibold text-brand-700">{task.category}</p>
        <h1 className="text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">{task.title}</h1>
        <p className="text-muted-foreground">
          Posted by{" "}
          <Link to={record} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {task.buyerName}
          </Link>
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <article className="grid gap-6">
          <TaskImage
            src={task.imageUrl}
            category={task.category}
            alt={task.imageUrl ? `Image for the task “${task.title}”` : ""}
            priority
            className="aspect-[2/1] rounded-2xl border border-border"
          />
          <TaskBrief detail={task.detail} instructions={task.submissionInfo} />
          <Card className="grid gap-3 p-5 sm:p-6" aria-labelledby="buyer-record-heading">
            <h2 id="buyer-record-heading" className="text-base font-semibold">
              The buyer's record
            </h2>
            <BuyerReputation reputation={reputation} />
            <Link to={record} className="text-sm font-semibold text-brand-700 hover:underline">
              {task.buyerName}'s record and open tasks
            </Link>
          </Card>
        </article>
        <aside className="lg:sticky lg:top-24" aria-labelledby="join-heading">
          <Card className="grid gap-5 p-5 sm:p-6">
            <dl className="grid gap-4">
              <IconFact icon={CoinsIcon} label={TASK_FIELD_NAMES.payable_amount}>
                <Coins coins={task.payableAmount} className="text-amber-900" />{" "}
                <Dollars coins={task.payableAmount} className="text-sm font-medium text-muted-foreground" />
              </IconFact>
              <IconFact icon={Hourglass} label="Pay per hour">
                <PayRateFact rate={task.payRate} />
              </IconFact>
              <IconFact icon={Users} label={TASK_FIELD_NAMES.required_workers}>
                {task.requiredWorkers}
              </IconFact>
              <IconFact icon={CalendarDays} label={TASK_FIELD_NAMES.completion_date}>
                <DueDay date={task.completionDate} />
              </IconFact>
            </dl>
            <div className="grid gap-2">
              <h2 id="join-heading" className="text-lg font-semibold">
                Want to do this task?
              </h2>
              <p className="text-sm text-muted-foreground">
                Create a free worker account and you come straight back here to submit your work. Approved work pays{" "}
                {formatCoins(task.payableAmount)} ({WITHDRAW_RATE_NOTE}).
              </p>
              <Link to={withReturn("/register", task.id)} className={buttonVariants({ size: "lg" })}>
                Sign up to do this
              </Link>
              <Link to={withReturn("/login", task.id)} className={buttonVariants({ variant: "outline", size: "lg" })}>
                I have an account: Log in
              </Link>
            </div>
          </Card>
        </aside>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return useNotFoundBoundary(
    <NotFoundPanel
      landmark
      title="This task is not open any more"
      message="It was filled, deleted or is past its date. Plenty of others are open."
    >
      <Link to="/register" className={buttonVariants({ size: "lg" })}>
        Sign up to find tasks
      </Link>
    </NotFoundPanel>,
  );
}
