import { Link } from "react-router";
import { Check, ClipboardList, Hourglass, ListChecks, Wallet } from "~/components/icons/more";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";
import { StatCard } from "~/components/stat-card";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PagedList } from "~/components/responsive-list";
import { Dollars, useWithdrawRateNote } from "~/components/worker/coin-amount";
import { ApprovedTable } from "~/components/worker/approved-table";
import { redirectPastLastPage } from "~/server/http/list-page.server";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { listWorkerSubmissions, workerStats } from "~/server/services/submissions.server";
import { workerCharts } from "~/server/services/charts.server";
import { WorkerCharts } from "~/components/charts/home-charts";
import { useApprovalRateRule } from "~/components/worker/approval-rate-rule";
import { HeadedSection } from "~/components/headed-section";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "worker")("home.meta") }];

const APPROVED_PER_PAGE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const url = new URL(request.url);
  const page = readSearch(url, pageQuery).page;
  const [stats, approved, weeks] = await Promise.all([
    workerStats(env, user.id),
    listWorkerSubmissions(env, user.id, { status: ["approved"], page, limit: APPROVED_PER_PAGE }),
    workerCharts(env, user.id),
  ]);
  redirectPastLastPage(url, page, approved);
  return {
    name: user.name,
    stats,
    weeks,
    approved: approved.items.map((s) => ({
      id: s.id,
      taskTitle: s.taskTitle,
      payableAmount: s.payableAmount,
      buyerName: s.buyerName,
      reviewedAt: s.reviewedAt ?? s.createdAt,
    })),
    page: approved.page,
    pages: approved.pages,
  };
}

export default function WorkerHome({ loaderData }: Route.ComponentProps) {
  const { name, stats, approved, page, pages, weeks } = loaderData;
  const first = name.split(/\s+/)[0];
  const t = useWords("worker");
  const f = useFormat();
  const rule = useApprovalRateRule();
  const note = useWithdrawRateNote();
  return (
    <>
      <PageHeader
        title={t("home.title")}
        description={t("home.welcome", { name: first ?? "" })}
        actions={
          <Link to="/dashboard/tasklist" className={buttonVariants()}>
            <ListChecks aria-hidden /> {t("home.findTasks")}
          </Link>
        }
      />
      <section aria-label={t("home.numbers")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label={t("home.totalSubmissions")}
          value={<span data-testid="stat-total">{f.count(stats.total)}</span>}
          icon={ClipboardList}
        />
        <StatCard
          label={t("home.totalPending")}
          value={<span data-testid="stat-pending">{f.count(stats.pending)}</span>}
          icon={Hourglass}
        />
        <StatCard
          label={t("home.totalEarnings")}
          icon={Wallet}
          value={
            <span className="flex flex-wrap items-baseline gap-x-2" data-testid="stat-earned">
              <span>
                {t.rich("home.earned", {
                  count: f.count(stats.earned),
                  unit: (chunks) => <span className="text-base font-semibold text-muted-foreground">{chunks}</span>,
                })}
              </span>
              <Dollars coins={stats.earned} className="text-base font-semibold text-emerald-700" />
            </span>
          }
        />
        <StatCard
          label={t("home.approvalRate")}
          value={
            <span data-testid="stat-approval-rate">
              {t("home.approvalRateValue", { rate: f.count(stats.approvalRate) })}
            </span>
          }
          icon={Check}
        />
      </section>
      <p className="mt-2 text-xs text-muted-foreground" data-testid="approval-rate-rule">
        {t("home.rule", { rule, note })}
      </p>

      <WorkerCharts weeks={weeks} />

      <HeadedSection id="approved-heading" title={t("home.approvedHeading")} className="mt-8" headingClassName="mb-3">
        <PagedList
          count={approved.length}
          page={page}
          pages={pages}
          empty={
            <EmptyState
              message={t("home.emptyApproved")}
              action={
                <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline" })}>
                  {t("home.browse")}
                </Link>
              }
            />
          }
        >
          <ApprovedTable rows={approved} />
        </PagedList>
      </HeadedSection>
    </>
  );
}
