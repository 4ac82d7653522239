import * as v from "valibot";
import { Link, redirect } from "react-router";
import { ClipboardList, Hourglass, ListChecks, Wallet } from "lucide-react";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";
import { StatCard } from "~/components/stat-card";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/table";
import { Pagination } from "~/components/ui/pagination";
import { Dollars, WITHDRAW_RATE_NOTE } from "~/components/worker/coin-amount";
import { ApprovedTable } from "~/components/worker/approved-table";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { listWorkerSubmissions, workerStats } from "~/server/services/submissions.server";

export const meta: Route.MetaFunction = () => [{ title: "Worker Home · Coinwork" }];

const PATH = "/dashboard/workerhome";
const APPROVED_PER_PAGE = 10;
const pageSchema = v.fallback(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), 1);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "Worker");
  const env = getEnv(context);
  const page = v.parse(pageSchema, new URL(request.url).searchParams.get("page") ?? undefined);
  const [stats, approved] = await Promise.all([
    workerStats(env, user.id),
    listWorkerSubmissions(env, user.id, { status: ["approved"], page, limit: APPROVED_PER_PAGE }),
  ]);
  if (approved.items.length === 0 && approved.total > 0 && page > approved.pages) throw redirect(`${PATH}?page=${approved.pages}`);
  return {
    name: user.name,
    stats,
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
  const { name, stats, approved, page, pages } = loaderData;
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
      <section aria-label="Your numbers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label="Total Submissions" value={<span data-testid="stat-total">{stats.total}</span>} icon={ClipboardList} />
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
                {stats.earned.toLocaleString("en-US")} <span className="text-base font-semibold text-muted-foreground">coins</span>
              </span>
              <Dollars coins={stats.earned} className="text-base font-semibold text-emerald-700" />
            </span>
          }
        />
      </section>
      <p className="mt-2 text-xs text-muted-foreground">Dollar values are {WITHDRAW_RATE_NOTE}.</p>

      <section aria-labelledby="approved-heading" className="mt-8">
        <h2 id="approved-heading" className="mb-3 text-lg font-semibold">
          Approved Tasks
        </h2>
        {approved.length === 0 ? (
          <EmptyState
            message="No Approved Tasks Yet."
            action={
              <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline" })}>
                Browse available tasks
              </Link>
            }
          />
        ) : (
          <>
            <ApprovedTable rows={approved} />
            <Pagination page={page} pages={pages} />
          </>
        )}
      </section>
    </>
  );
}
