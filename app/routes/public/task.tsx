// A task as a visitor sees it from the landing page's links (/browse/<id>): what it asks and pays, read-only, with
// "Sign up to do this" (and Log in) that bring them back to it once they have an account. Someone signed in is
// sent on by role, as /browse sends them (task-door.ts).
import { data, Link, redirect } from "react-router";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";

import { CalendarDays } from "~/components/icons";
import { Coins as CoinsIcon, Hourglass, Users } from "~/components/icons/more";
import { IconFact } from "~/components/ui/icon-fact";
import type { Route } from "./+types/task";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TaskImage } from "~/components/task-image";
import { TaskBrief } from "~/components/task-brief";
import { Coins, Dollars } from "~/components/worker/coin-amount";
import { DueDay } from "~/components/worker/due-badge";
import { originOf, pageMeta, publicMetaWords } from "~/components/landing/seo";
import { categoryWordsKey } from "~/lib/categories";
import { COINS_PER_DOLLAR_WITHDRAW } from "~/lib/coins";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import { taskDoor } from "~/lib/roles";
import { getEnv, userContext } from "~/server/context";
import { PayRateFact } from "~/components/pay-rate";
import { BuyerReputation } from "~/components/buyer-reputation";
import { findOpenTask, taskView } from "~/server/services/tasks.server";
import { payRateFor } from "~/server/services/pay-rate.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = publicMetaWords(matches);
  if (!loaderData) return [{ title: t("task.notFoundMeta") }];
  const { task } = loaderData;
  const coins = metaWords(matches, "common")("coins", { count: task.payableAmount });
  return pageMeta(matches, {
    title: t("task.meta", { title: task.title }),
    description: t("task.metaDescription", { coins, detail: task.detail.slice(0, 140) }),
    path: `/browse/${task.id}`,
    origin: loaderData.origin,
  });
};

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
  const t = useWords("public");
  const common = useWords("common");
  const f = useFormat();
  const { task, reputation } = loaderData;
  const record = `/buyers/${encodeURIComponent(reputation.buyerId)}`;
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="grid gap-2">
        <p className="text-sm font-semibold text-brand-700">{common(categoryWordsKey(task.category))}</p>
        <h1 className="text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">{task.title}</h1>
        <p className="text-muted-foreground">
          {t.rich("task.postedBy", {
            name: task.buyerName,
            link: (chunks) => (
              <Link to={record} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <article className="grid gap-6">
          <TaskImage
            src={task.imageUrl}
            category={task.category}
            alt={task.imageUrl ? t("task.imageAlt", { title: task.title }) : ""}
            priority
            className="aspect-[2/1] rounded-2xl border border-border"
          />
          <TaskBrief detail={task.detail} instructions={task.submissionInfo} />
          <Card className="grid gap-3 p-5 sm:p-6" aria-labelledby="buyer-record-heading">
            <h2 id="buyer-record-heading" className="text-base font-semibold">
              {t("task.buyerRecord")}
            </h2>
            <BuyerReputation reputation={reputation} />
            <Link to={record} className="text-sm font-semibold text-brand-700 hover:underline">
              {t("task.buyerRecordLink", { name: task.buyerName })}
            </Link>
          </Card>
        </article>
        <aside className="lg:sticky lg:top-24" aria-labelledby="join-heading">
          <Card className="grid gap-5 p-5 sm:p-6">
            <dl className="grid gap-4">
              <IconFact icon={CoinsIcon} label={t("task.payable")}>
                <Coins coins={task.payableAmount} className="text-amber-900" />{" "}
                <Dollars coins={task.payableAmount} className="text-sm font-medium text-muted-foreground" />
              </IconFact>
              <IconFact icon={Hourglass} label={t("task.payPerHour")}>
                <PayRateFact rate={task.payRate} />
              </IconFact>
              <IconFact icon={Users} label={t("task.workersNeeded")}>
                {f.count(task.requiredWorkers)}
              </IconFact>
              <IconFact icon={CalendarDays} label={t("task.completionDate")}>
                <DueDay date={task.completionDate} />
              </IconFact>
            </dl>
            <div className="grid gap-2">
              <h2 id="join-heading" className="text-lg font-semibold">
                {t("task.join")}
              </h2>
              <p className="text-sm text-muted-foreground">
                {t("task.joinText", {
                  coins: f.coins(task.payableAmount),
                  rate: f.count(COINS_PER_DOLLAR_WITHDRAW),
                })}
              </p>
              <Link to={withReturn("/register", task.id)} className={buttonVariants({ size: "lg" })}>
                {t("task.signUp")}
              </Link>
              <Link to={withReturn("/login", task.id)} className={buttonVariants({ variant: "outline", size: "lg" })}>
                {t("task.logIn")}
              </Link>
            </div>
          </Card>
        </aside>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  const t = useWords("public");
  return useNotFoundBoundary(
    <NotFoundPanel landmark title={t("task.gone")} message={t("task.goneText")}>
      <Link to="/register" className={buttonVariants({ size: "lg" })}>
        {t("task.goneSignUp")}
      </Link>
    </NotFoundPanel>,
  );
}
