import { parseWithValibot } from "@conform-to/valibot";
import { data, useActionData } from "react-router";
import type { Route } from "./+types/add-task";
import { PageHeader } from "~/components/dashboard-shell";
import { NOT_AVAILABLE_COIN, TaskForm } from "~/components/buyer/task-form";
import { TaskSaved } from "~/components/buyer/success-dialog";
import { useFailureToast, usePosting } from "~/components/form-kit";
import { ENHANCED_FIELD } from "~/components/buyer/enhanced";
import { addTaskSchema } from "~/lib/schemas/task";
import { taskCost } from "~/lib/coins";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { AppError } from "~/server/errors";
import { postTask } from "~/server/services/tasks.server";
import { assertBodySize, storeOptionalImage } from "~/server/services/images.server";
import { imageFailure } from "./task-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Add New Task · Coinwork" }];

const POST_FAILED = { title: "Oops...", message: "Something went wrong while posting the task!" };

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "Buyer");
  return { balance: user.coin ?? 0 };
}

function overBalance(cost: number, balance: number) {
  return redirectWithFlash("/dashboard/purchasecoin", {
    type: "error",
    title: NOT_AVAILABLE_COIN,
    message: `This task costs ${cost} coins and your balance is ${balance}.`,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  const user = requirePageRole(context, request, "Buyer");
  let formData: FormData;
  try {
    assertBodySize(request);
    formData = await request.formData();
  } catch (e) {
    return data(
      { result: null, failure: imageFailure(e).failure, imageError: imageFailure(e).field, posted: null },
      { status: 413 },
    );
  }
  const submission = parseWithValibot(formData, { schema: addTaskSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), failure: null, imageError: null, posted: null }, { status: 422 });
  }
  const input = submission.value;
  const cost = taskCost(input.required_workers, input.payable_amount);
  // Checked before the upload so a refused task leaves no orphan image; postTask checks again atomically.
  if (cost > (user.coin ?? 0)) return overBalance(cost, user.coin ?? 0);
  let image: string | null;
  try {
    image = await storeOptionalImage(env, formData.get("image"));
  } catch (e) {
    const f = imageFailure(e);
    return data(
      { result: submission.reply(), failure: f.failure, imageError: f.field, posted: null },
      { status: f.status },
    );
  }
  try {
    const task = await postTask(env, user, { ...input, task_image_url: image ?? "" });
    const message = `“${task.taskTitle}” is live: ${cost} coins are held for ${task.requiredWorkers} ${task.requiredWorkers === 1 ? "worker" : "workers"}.`;
    if (formData.get(ENHANCED_FIELD) === "1") {
      return { result: submission.reply({ resetForm: true }), failure: null, imageError: null, posted: { message } };
    }
    return redirectWithFlash("/dashboard/mytasks", { type: "success", title: "Task Posted!", message });
  } catch (e) {
    if (e instanceof AppError && e.code === "insufficient_coins") {
      const missing = Number(e.extra?.missing ?? 0);
      return overBalance(cost, Math.max(cost - missing, 0));
    }
    if (!(e instanceof AppError)) console.error(e);
    return data(
      {
        result: submission.reply({ formErrors: [POST_FAILED.message] }),
        failure: POST_FAILED,
        imageError: null,
        posted: null,
      },
      { status: e instanceof AppError ? e.status : 500 },
    );
  }
}

export default function AddTask({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = usePosting("/dashboard/addtask");
  useFailureToast(actionData);
  return (
    <>
      <PageHeader
        title="Add New Task"
        description="Describe the job, set how many workers you need and what each one earns."
      />
      <TaskForm
        key={actionData?.posted ? "posted" : "form"}
        mode="add"
        lastResult={actionData?.result}
        balance={loaderData.balance}
        imageError={actionData?.imageError}
        failure={actionData?.failure}
        busy={busy}
      />
      <TaskSaved title="Task Posted!" saved={actionData?.posted} />
    </>
  );
}
