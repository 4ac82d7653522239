import { Link } from "react-router";
import { Check, ClipboardList, Hourglass, ListChecks, Wallet } from "~/components/icons";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";
import { StatCard } from "~/components/stat-card";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PagedList } from "~/components/responsive-list";
import { Dollars, WITHDRAW_RATE_NOTE } from "~/components/worker/coin-amount";
import { ApprovedTable } from "~/components/worker/approved-table";
import { redirectPastLastPage } from "~/server/http/list-page.server";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { listWorkerSubmissions, workerStats } from "~/server/services/submissions.server";
import { workerCharts } from "~/server/services/charts.server";
import { WorkerCharts } from "~/components/charts/home-charts";
import { formatCount } from "~/lib/format";
import { APPROVAL_RATE_RULE } from "~/lib/eligibility";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = () => [{ title: "Worker Home · Coinwork" }];

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
  return (
    <>
      <PageHeader
        title="Worker Home"
        description={`Welcome back, ${first}. Here is how your work is going.`}
        actions={
          <Link to="/dashboard/tasklist" className={buttonVariants()}>
            <ListChecks aria-hidden /> Find tasks
          </Link>
        }
      />
      <section aria-label="Your numbers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total Submissions"
          value={<span data-testid="stat-total">{stats.total}</span>}
          icon={ClipboardList}
        />
        <StatCard
          label="Total Pending Submissions"
          value={<span data-testid="stat-pending">{stats.pending}</span>}
          icon={Hourglass}
        />
        <StatCard
          label="Total Earnings"
          icon={Wallet}
          value={
            <span className="flex flex-wrap items-baseline gap-x-2" data-testid="stat-earned">
              <span>
                {formatCount(stats.earned)} <span className="text-base font-semibold text-muted-foreground">coins</span>
              </span>
              <Dollars coins={stats.earned} className="text-base font-semibold text-emerald-700" />
            </span>
          }
        />
        <StatCard
          label="Approval rate"
          value={<span data-testid="stat-approval-rate">{stats.approvalRate}%</span>}
          icon={Check}
        />
      </section>
      <p className="mt-2 text-xs text-muted-foreground" data-testid="approval-rate-rule">
        {APPROVAL_RATE_RULE} Tasks that ask for a least approval rate judge this one. Dollar values are{" "}
        {WITHDRAW_RATE_NOTE}.
      </p>

      <WorkerCharts weeks={weeks} />

      <HeadedSection id="approved-heading" title="Approved Tasks" className="mt-8" headingClassName="mb-3">
        <PagedList
          count={approved.length}
          page={page}
          pages={pages}
          empty={
            <EmptyState
              message="No Approved Tasks Yet."
              action={
                <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline" })}>
                  Browse available tasks
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
