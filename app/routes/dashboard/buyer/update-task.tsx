import { parseWithValibot } from "@conform-to/valibot";
import { Link, data, isRouteErrorResponse, redirect, useActionData } from "react-router";
import { ArrowLeft, SearchX } from "lucide-react";
import type { Route } from "./+types/update-task";
import { PageHeader } from "~/components/dashboard-shell";
import { TaskForm } from "~/components/buyer/task-form";
import { TaskSaved } from "~/components/buyer/success-dialog";
import { useFailureToast, usePosting } from "~/components/form-kit";
import { ENHANCED_FIELD } from "~/components/buyer/enhanced";
import { buttonVariants } from "~/components/ui/button";
import { updateTaskSchema } from "~/lib/schemas/task";
import { taskCost } from "~/lib/coins";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { AppError } from "~/server/errors";
import { taskForOwner, updateTask } from "~/server/services/tasks.server";
import { assertBodySize, storeOptionalImage } from "~/server/services/images.server";
import { imageFailure } from "./task-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Update Task · Coinwork" }];

const UPDATE_FAILED = { title: "Update Failed", message: "Could not update the task. Please try again later." };

/** Only the task's buyer gets here: someone else's task is /unauthorized, a missing one a 404. */
async function ownTask(env: Env, user: Parameters<typeof taskForOwner>[1], id: string) {
  try {
    return await taskForOwner(env, user, id);
  } catch (e) {
    if (e instanceof AppError && e.status === 403) throw redirect("/unauthorized");
    if (e instanceof AppError && e.status === 404) throw data("Task not found", { status: 404 });
    throw e;
  }
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "Buyer");
  const task = await ownTask(getEnv(context), user, params.id);
  return {
    balance: user.coin ?? 0,
    task: {
      id: task.id,
      title: task.taskTitle,
      detail: task.taskDetail,
      imageUrl: task.taskImageUrl,
      category: task.category,
      requiredWorkers: task.requiredWorkers,
      payableAmount: task.payableAmount,
      completionDate: task.completionDate,
      submissionInfo: task.submissionInfo,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const env = getEnv(context);
  const user = requirePageRole(context, request, "Buyer");
  await ownTask(env, user, params.id);
  let formData: FormData;
  try {
    assertBodySize(request);
    formData = await request.formData();
  } catch (e) {
    const f = imageFailure(e);
    return data(
      { result: null, failure: f.failure, imageError: f.field, missing: null, updated: null },
      { status: f.status },
    );
  }
  const submission = parseWithValibot(formData, { schema: updateTaskSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply(), failure: null, imageError: null, missing: null, updated: null },
      { status: 422 },
    );
  }
  let image: string | null;
  try {
    image = await storeOptionalImage(env, formData.get("image"));
  } catch (e) {
    const f = imageFailure(e);
    return data(
      { result: submission.reply(), failure: f.failure, imageError: f.field, missing: null, updated: null },
      { status: f.status },
    );
  }
  try {
    const { task, charged } = await updateTask(env, user, params.id, {
      ...submission.value,
      task_image_url: image ?? "",
    });
    const message =
      charged > 0
        ? `${charged} more coins are now held for “${task.taskTitle}”.`
        : charged < 0
          ? `${-charged} coins were refunded to your balance.`
          : `“${task.taskTitle}” was saved; its cost did not change.`;
    if (formData.get(ENHANCED_FIELD) === "1") {
      return { result: submission.reply(), failure: null, imageError: null, missing: null, updated: { message } };
    }
    return redirectWithFlash("/dashboard/mytasks", { type: "success", title: "Task Updated!", message });
  } catch (e) {
    if (e instanceof AppError && e.code === "insufficient_coins") {
      const missing = Number(e.extra?.missing ?? 0);
      const failure = { title: "Insufficient Coins", message: `You need ${missing} more coins to save this change.` };
      return data({ result: submission.reply(), failure, imageError: null, missing, updated: null }, { status: 409 });
    }
    if (!(e instanceof AppError)) console.error(e);
    // A concurrent change (e.g. a worker took a slot meanwhile) says so; anything else is SPEC's failure.
    const failure =
      e instanceof AppError && e.code === "conflict"
        ? { title: UPDATE_FAILED.title, message: e.message }
        : UPDATE_FAILED;
    return data(
      { result: submission.reply(), failure, imageError: null, missing: null, updated: null },
      { status: e instanceof AppError ? e.status : 500 },
    );
  }
}

export default function UpdateTask({ loaderData }: Route.ComponentProps) {
  const { task, balance } = loaderData;
  const actionData = useActionData<typeof action>();
  const busy = usePosting("/dashboard/updatetask/");
  // 'Insufficient Coins' shows in the cost panel instead of a toast.
  useFailureToast(actionData?.missing === null ? actionData : undefined);
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
      <TaskForm
        key={`${task.id}:${originalCost}`}
        mode="update"
        lastResult={actionData?.result}
        defaultValue={{
          task_title: task.title,
          task_detail: task.detail,
          required_workers: String(task.requiredWorkers),
          payable_amount: String(task.payableAmount),
          completion_date: task.completionDate,
          submission_info: task.submissionInfo,
          category: task.category,
        }}
        balance={balance}
        originalCost={originalCost}
        originalSlots={task.requiredWorkers}
        originalPay={task.payableAmount}
        initialImageUrl={task.imageUrl}
        imageError={actionData?.imageError}
        failure={actionData?.missing ? null : actionData?.failure}
        serverMissing={actionData?.missing}
        busy={busy}
      />
      <TaskSaved title="Task Updated!" saved={actionData?.updated} />
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
