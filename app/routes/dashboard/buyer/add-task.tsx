import { Link, useActionData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { Route } from "./+types/add-task";
import { minimumPayOf, requireMinimumPay } from "~/server/services/pay-rate.server";
import { hourlyWords } from "~/lib/pay-rate";
import { PageHeader } from "~/components/dashboard-shell";
import { TaskForm, TaskSaved } from "~/components/buyer/task-form";
import { postedWords } from "~/lib/posting";
import { failureOf, useFailureToast, usePosting } from "~/components/form-kit";
import { addTaskSchema } from "~/lib/schemas/task";
import { taskCost } from "~/lib/coins";
import { buyerUser } from "~/server/auth/guards.server";
import { getEnv } from "~/server/context";
import { formAction } from "~/server/http/page-action.server";
import { AppError } from "~/server/errors";
import { postTask } from "~/server/services/tasks.server";
import { qualificationChoices } from "~/server/services/qualifications.server";
import { overBalance, TASK_IMAGE } from "./task-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Add New Task · Coinwork" }];

const POST_FAILED = { title: "Oops...", message: "Something went wrong while posting the task!" };

export async function loader({ context }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  return {
    balance: user.coin ?? 0,
    minimumPay: hourlyWords(minimumPayOf(env)),
    qualifications: await qualificationChoices(env, user.id),
  };
}

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    user: buyerUser,
    schema: addTaskSchema,
    upload: TASK_IMAGE,
    // Coins owed after a reversed card payment, or an address not verified yet, say so (the page's banners explain);
    // anything else is the product's.
    failure: (r) =>
      r.code === "coins_owed" || r.code === "forbidden" || r.code === "validation_failed"
        ? { title: POST_FAILED.title, message: r.message }
        : POST_FAILED,
    async run(input, { user, env, image }) {
      // a pay under the minimum is said before the balance sends the buyer off to buy coins
      requireMinimumPay(env, input.payable_amount, input.estimate_minutes);
      const cost = taskCost(input.required_workers, input.payable_amount);
      const balance = user.coin ?? 0;
      if (cost > balance) throw overBalance(1, cost, balance);
      try {
        const task = await postTask(env, user, { ...input, task_image_url: image ?? "" });
        return { ...postedWords({ tasks: 1, title: task.taskTitle, coins: cost }), to: "/dashboard/mytasks" };
      } catch (e) {
        // postTask checks the balance again, atomically: it may have changed since the page read it
        if (e instanceof AppError && e.code === "insufficient_coins") {
          throw overBalance(1, cost, Math.max(cost - Number(e.extra?.missing ?? 0), 0));
        }
        throw e;
      }
    },
  });

export default function AddTask({ loaderData }: Route.ComponentProps) {
  const outcome = useActionData<typeof action>();
  const busy = usePosting("/dashboard/addtask");
  useFailureToast(outcome);
  return (
    <>
      <PageHeader
        title="Add New Task"
        description="Describe the job, set how many workers you need and what each one earns."
        actions={
          <Link to="/dashboard/batchtasks" className={buttonVariants({ variant: "outline" })}>
            Post many from a CSV
          </Link>
        }
      />
      <TaskForm
        key={outcome?.ok ? "posted" : "form"}
        mode="add"
        lastResult={outcome?.result}
        balance={loaderData.balance}
        minimumPay={loaderData.minimumPay}
        qualifications={loaderData.qualifications}
        imageError={outcome?.fields?.image?.[0]}
        failure={failureOf(outcome)}
        busy={busy}
      />
      <TaskSaved outcome={outcome} />
    </>
  );
}
