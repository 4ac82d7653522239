import { Link, data, isRouteErrorResponse, redirect, useActionData } from "react-router";
import { ArrowLeft, SearchX } from "~/components/icons";
import type { Route } from "./+types/update-task";
import { PageHeader } from "~/components/dashboard-shell";
import { TaskForm, TaskSaved } from "~/components/buyer/task-form";
import { failureOf, useFailureToast, usePosting } from "~/components/form-kit";
import { buttonVariants } from "~/components/ui/button";
import { updateTaskSchema } from "~/lib/schemas/task";
import { taskCost } from "~/lib/coins";
import { getEnv, type RoleUser } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { AppError } from "~/server/errors";
import { taskForOwner, taskView, updateTask } from "~/server/services/tasks.server";
import { taskCheckForBuyer } from "~/server/services/proof-flags.server";
import { TASK_IMAGE } from "./task-form.server";
import { minimumPayOf, payRateFor } from "~/server/services/pay-rate.server";
import { centsPerHour, hourlyWords, leastPayFor, SUBMISSIONS_TO_JUDGE } from "~/lib/pay-rate";
import { formatCoins } from "~/lib/format";
import { Alert } from "~/components/ui/alert";
import { allowanceWords } from "~/lib/time-allowance";

export const meta: Route.MetaFunction = () => [{ title: "Update Task · Coinwork" }];

const UPDATE_FAILED = { title: "Update Failed", message: "Could not update the task. Please try again later." };

/** Only the task's buyer gets here: someone else's task is /unauthorized, a missing one a 404. */
async function ownTask(env: Env, user: RoleUser<"Buyer">, id: string) {
  try {
    return await taskForOwner(env, user, id);
  } catch (e) {
    if (e instanceof AppError && e.status === 403) throw redirect("/unauthorized");
    if (e instanceof AppError && e.status === 404) throw data("Task not found", { status: 404 });
    throw e;
  }
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  // the check is the buyer's own (expected answer included): read alongside, shown only once the task is theirs
  const [task, check] = await Promise.all([ownTask(env, user, params.id), taskCheckForBuyer(env, params.id)]);
  const rate = payRateFor(env, task);
  const min = minimumPayOf(env);
  return {
    balance: user.coin ?? 0,
    check,
    minimumPay: hourlyWords(min),
    // the measured time pays under the minimum: the least pay that meets it at that time
    belowMinimum:
      rate.belowMinimum && rate.minutes && task.pausedAt === null
        ? { minutes: rate.minutes, rate: rate.centsPerHour ?? 0, leastPay: leastPayFor(rate.minutes, min) }
        : null,
    // paused at its judgement (docs/decisions/094): the time its first five workers took, and the least pay that reopens it
    paused:
      task.pausedAt !== null && task.judgedMinutes !== null
        ? {
            minutes: task.judgedMinutes,
            rate: centsPerHour(task.payableAmount, task.judgedMinutes),
            leastPay: leastPayFor(task.judgedMinutes, min),
          }
        : null,
    task: {
      ...taskView(task),
      timeAllowanceMinutes: task.timeAllowanceMinutes,
      // a task without an estimate (a HIT) is offered the time measured on it
      estimateMinutes: task.estimateMinutes ?? task.judgedMinutes ?? task.measuredMinutes,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  await ownTask(getEnv(args.context), buyerUser(args.context), args.params.id);
  return formAction(args, {
    user: buyerUser,
    schema: updateTaskSchema,
    upload: TASK_IMAGE,
    // Short of coins: the cost panel says how many more (not a toast). A concurrent change (e.g. a worker took a
    // slot meanwhile) and coins owed say so; anything else is the product's failure.
    failure: (r) =>
      r.code === "insufficient_coins"
        ? {
            title: "Insufficient Coins",
            message: `You need ${formatCoins(missingOf(r) ?? 0)} more to save this change.`,
          }
        : r.code === "conflict" || r.code === "coins_owed" || r.code === "validation_failed"
          ? { title: UPDATE_FAILED.title, message: r.message }
          : UPDATE_FAILED,
    async run(input, { user, env, image }) {
      const { task, charged } = await updateTask(env, user, args.params.id, { ...input, task_image_url: image ?? "" });
      const message =
        charged > 0
          ? `${formatCoins(charged)} more ${charged === 1 ? "is" : "are"} now held for “${task.taskTitle}”.`
          : charged < 0
            ? `${formatCoins(-charged)} ${charged === -1 ? "was" : "were"} refunded to your balance.`
            : `“${task.taskTitle}” was saved; its cost did not change.`;
      return { title: "Task Updated!", message, to: "/dashboard/mytasks" };
    },
  });
}

/** How many coins a refused update is short of (the refusal's figure), or null for any other answer. */
function missingOf(outcome: { code?: string; extra?: Record<string, unknown> } | undefined): number | null {
  return outcome?.code === "insufficient_coins" ? Number(outcome.extra?.missing ?? 0) : null;
}

export default function UpdateTask({ loaderData }: Route.ComponentProps) {
  const { task, balance, minimumPay, belowMinimum, paused, check } = loaderData;
  const outcome = useActionData<typeof action>();
  const busy = usePosting("/dashboard/updatetask/");
  // 'Insufficient Coins' shows in the cost panel instead of a toast.
  const missing = missingOf(outcome);
  useFailureToast(missing === null ? outcome : undefined);
  // After a successful save the loader has the new escrow; until then the cost panel compares with the old.
  const originalCost = taskCost(task.requiredWorkers, task.payableAmount);
  return (
    <>
      <PageHeader
        title="Update Task"
        description="Change the details, the number of open slots or the pay. The cost difference is charged or refunded."
        actions={
          <Link to="/dashboard/mytasks" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden /> My Tasks
          </Link>
        }
      />
      {belowMinimum ? (
        <Alert tone="warning" title="Pays below the minimum" className="mb-6">
          Workers take a median of {allowanceWords(belowMinimum.minutes)} on this task, so it pays{" "}
          {hourlyWords(belowMinimum.rate)}, under the minimum of {minimumPay}. Pay at least{" "}
          {formatCoins(belowMinimum.leastPay)} per worker to meet it; the difference for the open slots is charged from
          your balance.
        </Alert>
      ) : null}
      {paused ? (
        <Alert tone="warning" title="Paused: it pays under the minimum" className="mb-6" data-testid="paused-alert">
          Its first {SUBMISSIONS_TO_JUDGE} workers took a median of {allowanceWords(paused.minutes)} on this task, so it
          pays {hourlyWords(paused.rate)}, under the minimum of {minimumPay}, and takes no new starts. Pay at least{" "}
          {formatCoins(paused.leastPay)} per worker to reopen it; the difference for the open slots is charged from your
          balance. The work already sent was topped up to the minimum.
        </Alert>
      ) : null}
      <TaskForm
        key={`${task.id}:${originalCost}`}
        minimumPay={minimumPay}
        mode="update"
        lastResult={outcome?.result}
        defaultValue={{
          task_title: task.title,
          task_detail: task.detail,
          required_workers: String(task.requiredWorkers),
          payable_amount: String(task.payableAmount),
          completion_date: task.completionDate,
          submission_info: task.submissionInfo,
          category: task.category,
          time_allowance_minutes: String(task.timeAllowanceMinutes),
          estimate_minutes: task.estimateMinutes ? String(task.estimateMinutes) : "",
          check_question: check?.question ?? "",
          check_match: check?.match ?? "exact",
          check_answer: check?.answer ?? "",
          check_choices: check?.choices ?? "",
        }}
        balance={balance}
        originalCost={originalCost}
        originalSlots={task.requiredWorkers}
        originalPay={task.payableAmount}
        initialImageUrl={task.imageUrl}
        imageError={outcome?.fields?.image?.[0]}
        failure={missing === null ? failureOf(outcome) : null}
        serverMissing={missing}
        busy={busy}
      />
      <TaskSaved outcome={outcome} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 rounded-xl border border-border bg-white px-6 py-14 text-center shadow-sm">
      <SearchX className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-bold">{missing ? "Task not found" : "Something went wrong"}</h1>
      <p className="text-sm text-muted-foreground">
        {missing ? "This task does not exist or was deleted." : "The task could not be loaded. Please try again later."}
      </p>
      <Link to="/dashboard/mytasks" className={buttonVariants()}>
        Back to My Tasks
      </Link>
    </div>
  );
}
