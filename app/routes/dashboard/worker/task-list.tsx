import { readSearch } from "~/lib/schemas/paging";
import { openTaskSearch } from "~/lib/schemas/task";
import { Link, useNavigation } from "react-router";
import { SearchX } from "~/components/icons/more";
import type { Route } from "./+types/task-list";
import { PageHeader } from "~/components/dashboard-shell";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { buttonVariants } from "~/components/ui/button";
import { TaskCard } from "~/components/worker/task-card";
import { TaskFilters } from "~/components/worker/task-filters";
import { SaveSearch } from "~/components/worker/save-search";
import { daysUntil } from "~/components/worker/due";
import { redirectPastLastPage } from "~/server/http/list-page.server";

import { cn } from "~/lib/cn";
import { getEnv } from "~/server/context";
import { listOpenTasks } from "~/server/services/tasks.server";
import { workerUser } from "~/server/auth/guards.server";
import { payRateFor } from "~/server/services/pay-rate.server";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "worker")("taskList.meta") }];

const PAGE_SIZE = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const url = new URL(request.url);
  const query = readSearch(url, openTaskSearch);
  const minCentsPerHour = query.min_hourly ? query.min_hourly * 100 : null;
  const result = await listOpenTasks(env, {
    q: query.q || undefined,
    category: query.category,
    sort: query.sort,
    page: query.page,
    limit: PAGE_SIZE,
    workerId: user.id,
    minCentsPerHour: minCentsPerHour ?? undefined,
    minApproval: query.min_approval,
    withinReach: query.hide === "1",
    cards: true,
  });
  redirectPastLastPage(url, query.page, result);
  const now = Date.now();
  return {
    query: {
      q: query.q,
      category: query.category ?? "",
      sort: query.sort,
      min_hourly: query.min_hourly ? String(query.min_hourly) : "",
      min_approval: query.min_approval ? String(query.min_approval) : "",
      hide: query.hide === "1",
    },
    /** "Save this search" says what it would save, as the alerts page will list it */
    saveAs: {
      words: query.q,
      category: query.category ?? null,
      minCentsPerHour,
      minApproval: query.min_approval ?? null,
    },
    tasks: result.items.map((t) => {
      const rate = payRateFor(env, t);
      return {
        id: t.id,
        taskTitle: t.taskTitle,
        buyerId: t.buyerId,
        buyerName: t.buyerName,
        category: t.category,
        taskImageUrl: t.taskImageUrl,
        completionDate: t.completionDate,
        payableAmount: t.payableAmount,
        requiredWorkers: t.requiredWorkers,
        daysLeft: daysUntil(t.completionDate, now),
        mySubmission: t.mySubmission,
        centsPerHour: rate.centsPerHour,
        estimated: rate.estimated,
        belowMinimum: rate.belowMinimum,
        buyerRecord: t.buyerRecord,
        missing: t.missing,
      };
    }),
    total: result.total,
    page: result.page,
    pages: result.pages,
  };
}

export default function TaskList({ loaderData }: Route.ComponentProps) {
  const { query, saveAs, tasks, total, page, pages } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/dashboard/tasklist";
  const filtered = Boolean(query.q || query.category || query.min_hourly || query.min_approval);
  const t = useWords("worker");
  const f = useFormat();
  return (
    <>
      <PageHeader title={t("taskList.title")} description={t("taskList.description")} />
      <TaskFilters query={query} />
      <div className="mt-3">
        <SaveSearch filters={query} what={saveAs} />
      </div>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="task-count">
          {total === 0
            ? filtered
              ? t("taskList.noMatch")
              : t("taskList.noOpen")
            : t(filtered ? "taskList.countFiltered" : "taskList.count", { count: total })}
        </p>
        {pages > 1 ? (
          <p className="text-sm text-muted-foreground">
            {t("taskList.pageOf", { page: f.count(page), pages: f.count(pages) })}
          </p>
        ) : null}
      </div>
      <div aria-busy={busy} className={cn("mt-3 transition-opacity", busy && "pointer-events-none opacity-60")}>
        {tasks.length === 0 ? (
          filtered ? (
            <EmptyState
              message={t("taskList.emptyFiltered")}
              action={
                <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline" })}>
                  <SearchX aria-hidden /> {t("taskList.clearFilters")}
                </Link>
              }
            />
          ) : query.hide ? (
            <EmptyState
              message={t("taskList.emptyHidden")}
              action={
                <Link to="/dashboard/tasklist?hide=0" className={buttonVariants({ variant: "outline" })}>
                  {t("taskList.showAll")}
                </Link>
              }
            />
          ) : (
            <EmptyState message={t("taskList.emptyOpen")} />
          )
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {tasks.map((task) => (
              <TaskCard key={task.id} task={task} />
            ))}
          </div>
        )}
        <Pagination page={page} pages={pages} />
      </div>
    </>
  );
}
