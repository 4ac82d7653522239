import { Link, data, isRouteErrorResponse, redirect, useActionData } from "react-router";
import { ArrowLeft, SearchX } from "~/components/icons/more";
import type { Route } from "./+types/update-task";
import { PageHeader } from "~/components/dashboard-shell";
import { TaskForm, TaskSaved } from "~/components/buyer/task-form";
import { failureOf, useFailureToast, usePosting } from "~/components/form-kit";
import { buttonVariants } from "~/components/ui/button";
import { updateSchemaFor } from "~/lib/schemas/task";
import { taskCost } from "~/lib/coins";
import { getEnv, type RoleUser } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { AppError } from "~/server/errors";
import { taskForOwner, taskView, updateTask } from "~/server/services/tasks.server";
import { taskCheckForBuyer } from "~/server/services/proof-flags.server";
import { taskImage } from "./task-form.server";
import { minimumPayOf, payRateFor } from "~/server/services/pay-rate.server";
import { centsPerHour, leastPayFor, SUBMISSIONS_TO_JUDGE } from "~/lib/pay-rate";
import { durationIn, hourlyIn } from "~/components/buyer/pay-words";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
import { Alert } from "~/components/ui/alert";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("updateTask.meta") }];

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
    minimumPayCents: min,
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
      // a task without an estimate (a HIT) keeps its time measured unless the buyer gives it one
      estimateMinutes: task.estimateMinutes,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const user = buyerUser(args.context);
  const owned = await ownTask(getEnv(args.context), user, args.params.id);
  const t = serverWords(user.language, "buyer");
  const updateFailed = { title: t("updateTask.failed.title"), message: t("updateTask.failed.message") };
  const coins = serverWords(user.language, "common");
  return formAction(args, {
    user: buyerUser,
    // a task whose time is measured (a HIT) may keep it so: its estimate may stay empty
    schema: updateSchemaFor(owned.estimateMinutes === null),
    upload: taskImage(user.language),
    // Short of coins: the cost panel says how many more (not a toast). A concurrent change (e.g. a worker took a
    // slot meanwhile) and coins owed say so; anything else is the product's failure.
    failure: (r) =>
      r.code === "insufficient_coins"
        ? {
            title: t("updateTask.insufficient"),
            message: t("updateTask.needMore", { coins: coins("coins", { count: missingOf(r) ?? 0 }) }),
          }
        : r.code === "conflict" || r.code === "coins_owed" || r.code === "validation_failed"
          ? { title: updateFailed.title, message: r.message }
          : updateFailed,
    async run(input, { user, env, image }) {
      const { task, charged } = await updateTask(env, user, args.params.id, { ...input, task_image_url: image ?? "" });
      const message =
        charged > 0
          ? t("updateTask.charged", { count: charged, title: task.taskTitle })
          : charged < 0
            ? t("updateTask.refunded", { count: -charged })
            : t("updateTask.same", { title: task.taskTitle });
      return { title: t("updateTask.done"), message, to: "/dashboard/mytasks" };
    },
  });
}

/** How many coins a refused update is short of (the refusal's figure), or null for any other answer. */
function missingOf(outcome: { code?: string; extra?: Record<string, unknown> } | undefined): number | null {
  return outcome?.code === "insufficient_coins" ? Number(outcome.extra?.missing ?? 0) : null;
}

export default function UpdateTask({ loaderData }: Route.ComponentProps) {
  const { task, balance, minimumPayCents, belowMinimum, paused, check } = loaderData;
  const t = useWords("buyer");
  const f = useFormat();
  const minimumPay = hourlyIn(t, f, minimumPayCents);
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
        title={t("updateTask.title")}
        description={t("updateTask.description")}
        actions={
          <Link to="/dashboard/mytasks" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden /> {t("myTasks.title")}
          </Link>
        }
      />
      {belowMinimum ? (
        <Alert tone="warning" title={t("updateTask.below.title")} className="mb-6">
          {t("updateTask.below.body", {
            time: durationIn(t, belowMinimum.minutes),
            rate: hourlyIn(t, f, belowMinimum.rate),
            minimumPay,
            leastPay: f.coins(belowMinimum.leastPay),
          })}
        </Alert>
      ) : null}
      {paused ? (
        <Alert tone="warning" title={t("updateTask.paused.title")} className="mb-6" data-testid="paused-alert">
          {t("updateTask.paused.body", {
            workers: f.count(SUBMISSIONS_TO_JUDGE),
            time: durationIn(t, paused.minutes),
            rate: hourlyIn(t, f, paused.rate),
            minimumPay,
            leastPay: f.coins(paused.leastPay),
          })}
        </Alert>
      ) : null}
      <TaskForm
        key={`${task.id}:${originalCost}`}
        minimumPay={minimumPay}
        mode="update"
        measured={task.estimateMinutes === null}
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
  const t = useWords("buyer");
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 rounded-xl border border-border bg-white px-6 py-14 text-center shadow-sm">
      <SearchX className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-bold">{missing ? t("updateTask.notFound.title") : t("updateTask.error.title")}</h1>
      <p className="text-sm text-muted-foreground">
        {missing ? t("updateTask.notFound.message") : t("updateTask.error.message")}
      </p>
      <Link to="/dashboard/mytasks" className={buttonVariants()}>
        {t("updateTask.back")}
      </Link>
    </div>
  );
}
