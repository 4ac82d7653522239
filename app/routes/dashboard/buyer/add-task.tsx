import { Link, useActionData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { Route } from "./+types/add-task";
import { minimumPayOf, requireMinimumPay } from "~/server/services/pay-rate.server";
import { hourlyIn } from "~/components/buyer/pay-words";
import { PageHeader } from "~/components/dashboard-shell";
import { TaskForm, TaskSaved } from "~/components/buyer/task-form";
import { failureOf, useFailureToast, usePosting } from "~/components/form-kit";
import { addTaskSchema } from "~/lib/schemas/task";
import { taskCost } from "~/lib/coins";
import { buyerUser } from "~/server/auth/guards.server";
import { getEnv } from "~/server/context";
import { formAction } from "~/server/http/page-action.server";
import { AppError } from "~/server/errors";
import { postTask } from "~/server/services/tasks.server";
import { qualificationChoices } from "~/server/services/qualifications.server";
import { overBalance, postedWords, taskImage } from "./task-form.server";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("addTask.meta") }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  return {
    balance: user.coin ?? 0,
    minimumPayCents: minimumPayOf(env),
    qualifications: await qualificationChoices(env, user.id),
  };
}

export const action = (args: Route.ActionArgs) => {
  const language = buyerUser(args.context).language;
  const t = serverWords(language, "buyer");
  const postFailed = { title: t("addTask.failed.title"), message: t("addTask.failed.message") };
  return formAction(args, {
    user: buyerUser,
    schema: addTaskSchema,
    upload: taskImage(language),
    // Coins owed after a reversed card payment, or an address not verified yet, say so (the page's banners explain);
    // anything else is the product's.
    failure: (r) =>
      r.code === "coins_owed" || r.code === "forbidden" || r.code === "validation_failed"
        ? { title: postFailed.title, message: r.message }
        : postFailed,
    async run(input, { user, env, image }) {
      // a pay under the minimum is said before the balance sends the buyer off to buy coins
      requireMinimumPay(env, input.payable_amount, input.estimate_minutes);
      const cost = taskCost(input.required_workers, input.payable_amount);
      const balance = user.coin ?? 0;
      if (cost > balance) throw overBalance(language, 1, cost, balance);
      try {
        const task = await postTask(env, user, { ...input, task_image_url: image ?? "" });
        return { ...postedWords(language, { tasks: 1, title: task.taskTitle, coins: cost }), to: "/dashboard/mytasks" };
      } catch (e) {
        // postTask checks the balance again, atomically: it may have changed since the page read it
        if (e instanceof AppError && e.code === "insufficient_coins") {
          throw overBalance(language, 1, cost, Math.max(cost - Number(e.extra?.missing ?? 0), 0));
        }
        throw e;
      }
    },
  });
};

export default function AddTask({ loaderData }: Route.ComponentProps) {
  const outcome = useActionData<typeof action>();
  const busy = usePosting("/dashboard/addtask");
  useFailureToast(outcome);
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <>
      <PageHeader
        title={t("addTask.title")}
        description={t("addTask.description")}
        actions={
          <Link to="/dashboard/batchtasks" className={buttonVariants({ variant: "outline" })}>
            {t("addTask.fromCsv")}
          </Link>
        }
      />
      <TaskForm
        key={outcome?.ok ? "posted" : "form"}
        mode="add"
        lastResult={outcome?.result}
        balance={loaderData.balance}
        minimumPay={hourlyIn(t, f, loaderData.minimumPayCents)}
        qualifications={loaderData.qualifications}
        imageError={outcome?.fields?.image?.[0]}
        failure={failureOf(outcome)}
        busy={busy}
      />
      <TaskSaved outcome={outcome} />
    </>
  );
}
