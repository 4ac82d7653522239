import * as v from "valibot";
import { ClipboardList, DollarSign, Hourglass, type LucideIcon } from "lucide-react";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";
import { Gauge } from "~/components/buyer/gauge";
import { ReviewTable, type ReviewItem } from "~/components/buyer/review-table";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { pageOf, pageOrLast } from "~/server/http/list-page.server";
import { formatCents } from "~/lib/coins";
import { optionalText } from "~/lib/schemas/fields";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { buyerStats } from "~/server/services/tasks.server";
import { approveSubmission, rejectSubmission, reviewWindowOf } from "~/server/services/submissions.server";
import { approveSubmissions, reviewQueue } from "~/server/services/reviews.server";
import { submissionIds } from "~/lib/schemas/api";
import { APPROVE_SELECTED, autoApprovalRule, bulkApprovalWords, trackRecordText } from "~/lib/review";
import { buyerCharts } from "~/server/services/charts.server";
import { BuyerCharts } from "~/components/charts/home-charts";
import { formatCount } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Buyer Home · Coinwork" }];

/** The gauges' maxima (docs/product/screens.md). */
export const GAUGE_MAX = { pendingTasks: 300, totalTasks: 50, totalPaymentDollars: 200 } as const;
const PAGE_SIZE = 10;

const id = v.pipe(v.string("Unknown submission"), v.trim(), v.nonEmpty("Unknown submission"), v.maxLength(64));
const reviewSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("approve"), id }),
    v.object({ intent: v.literal("reject"), id, reason: optionalText(500) }),
    v.object({ intent: v.literal(APPROVE_SELECTED), ids: submissionIds }),
  ],
  "Unknown action",
);

const FAILED = { approve: "Approve unsuccessful", reject: "Rejection unsuccessful" } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  const [stats, list, weeks] = await Promise.all([
    buyerStats(env, user.id),
    pageOrLast(pageOf(new URL(request.url)), (page) => reviewQueue(env, user.id, { page, limit: PAGE_SIZE })),
    buyerCharts(env, user.id),
  ]);
  const items: ReviewItem[] = list.items.map((s) => ({
    id: s.id,
    workerName: s.workerName,
    workerEmail: s.workerEmail,
    taskTitle: s.taskTitle,
    payableAmount: s.payableAmount,
    details: s.submissionDetails,
    imageUrl: s.submissionImageUrl,
    createdAt: s.createdAt,
    autoApprovesAt: s.autoApprovesAt,
    autoApproves: s.autoApproves,
    trackRecord: trackRecordText(s.trackRecord),
  }));
  return {
    name: user.name,
    stats,
    items,
    autoApproval: autoApprovalRule(reviewWindowOf(env)),
    page: list.page,
    pages: list.pages,
    limit: list.limit,
    total: list.total,
    weeks,
  };
}

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: reviewSchema,
    lists: ["ids"],
    failure: (intent) => ({ title: intent === "reject" ? FAILED.reject : FAILED.approve }),
    unexpected: "Something went wrong. Please try again.",
    async run(input, { user, env }) {
      if (input.intent === APPROVE_SELECTED) {
        const done = await approveSubmissions(env, user, input.ids);
        return { ok: done.approved > 0, ...bulkApprovalWords(done), extra: { results: done.results } };
      }
      if (input.intent === "approve") {
        await approveSubmission(env, user, input.id);
        return { title: "Successfully approved", message: "The worker has been paid from the task's escrow." };
      }
      await rejectSubmission(env, user, input.id, input.reason ?? "");
      return { title: "Successfully rejected", message: "The slot is open again for another worker." };
    },
  });

/** After a decision the queue and the gauges are read again (also after a refusal: the row may be stale). */
export const shouldRevalidate = revalidateAfterPost;

function GaugeCard({
  label,
  value,
  display = formatCount(value),
  max,
  icon: Icon,
  caption,
  tone,
  testId,
  maxLabel,
}: {
  maxLabel?: string;
  label: string;
  value: number;
  /** The value as shown; the number itself by default. */
  display?: string;
  max: number;
  icon: LucideIcon;
  caption: string;
  tone: "brand" | "amber" | "sky";
  testId: string;
}) {
  return (
    <section
      className="flex items-center gap-4 rounded-xl border border-border bg-white p-5 shadow-sm"
      aria-label={label}
      data-testid={testId}
    >
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Icon className="size-4" aria-hidden /> {label}
        </p>
        <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
          {display}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{caption}</p>
      </div>
      <Gauge value={value} max={max} maxLabel={maxLabel} label={`${label} gauge`} display={display} tone={tone} />
    </section>
  );
}

export default function BuyerHome({ loaderData }: Route.ComponentProps) {
  const { stats, items, page, pages, limit, total, name, autoApproval, weeks } = loaderData;
  const dollars = stats.spentCents / 100;
  return (
    <>
      <PageHeader title="Buyer Home" description={`Welcome back, ${name}. Here is where your tasks stand.`} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <GaugeCard
          label="Pending tasks"
          value={stats.pendingSlots}
          max={GAUGE_MAX.pendingTasks}
          icon={Hourglass}
          caption="Open worker slots on your tasks"
          tone="amber"
          testId="stat-pending"
        />
        <GaugeCard
          label="Total Tasks"
          value={stats.totalTasks}
          max={GAUGE_MAX.totalTasks}
          icon={ClipboardList}
          caption="Live tasks you have posted"
          tone="brand"
          testId="stat-tasks"
        />
        <GaugeCard
          label="Total Payment"
          value={dollars}
          display={`$${formatCents(stats.spentCents)}`}
          max={GAUGE_MAX.totalPaymentDollars}
          icon={DollarSign}
          caption="Spent on coins, in USD"
          maxLabel={`$${GAUGE_MAX.totalPaymentDollars}`}
          tone="sky"
          testId="stat-payment"
        />
      </div>

      <BuyerCharts weeks={weeks} />

      <section aria-labelledby="review-title" className="mt-10">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="review-title" className="text-xl font-bold tracking-tight">
              Tasks To Review
            </h2>
            <p className="text-sm text-muted-foreground">
              {total
                ? `${total} pending ${total === 1 ? "submission" : "submissions"} waiting for your decision.`
                : "Submissions from workers appear here."}
            </p>
            <p className="mt-1 max-w-prose text-sm text-muted-foreground" data-testid="auto-approval-rule">
              {autoApproval}
            </p>
          </div>
        </div>
        <ReviewTable items={items} page={page} pages={pages} limit={limit} />
      </section>
    </>
  );
}
