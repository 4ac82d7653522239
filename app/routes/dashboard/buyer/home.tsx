import { Link } from "react-router";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";
import { Gauge } from "~/components/buyer/gauge";
import { ReviewQueue } from "~/components/buyer/review-queue";
import type { ReviewItem } from "~/components/buyer/review-specs";
import { TaskFilter } from "~/components/buyer/task-filter";
import { EmptyState } from "~/components/ui/empty-state";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { pageOrLast } from "~/server/http/list-page.server";

import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { buyerStats } from "~/server/services/tasks.server";
import {
  approveSubmission,
  proofVersion,
  rejectSubmission,
  reviewWindowOf,
} from "~/server/services/submissions.server";
import { approveSubmissions, rejectFlagged, reviewQueue, tasksToReview } from "~/server/services/reviews.server";
import { wrongAnswerPending } from "~/server/services/proof-flags.server";
import { REJECT_FLAGGED } from "~/lib/proof-flags";
import { blockWorker } from "~/server/services/blocks.server";
import { requestRevision } from "~/server/services/revisions.server";
import { REVISION_HOURS } from "~/lib/schemas/revisions";
import { grantQualification, qualificationChoices } from "~/server/services/qualifications.server";
import { reviewActionSchema, reviewQueueQuery } from "~/lib/schemas/review";
import { readSearch } from "~/lib/schemas/paging";
import {
  APPROVE_SELECTED,
  BULK_APPROVE_LIMIT,
  autoApprovalRule,
  bulkApprovalWords,
  rejectReasonOf,
  trackRecordText,
} from "~/lib/review";
import { buyerCharts } from "~/server/services/charts.server";
import { BuyerCharts } from "~/components/charts/home-charts";
import { formatCount, formatDollars } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Buyer Home · Coinwork" }];

/** The gauges' maxima (docs/product/screens.md). */
export const GAUGE_MAX = { pendingTasks: 300, totalTasks: 50, totalPaymentDollars: 200 } as const;
const PAGE_SIZE = 10;

const FAILED = {
  approve: "Approve unsuccessful",
  reject: "Rejection unsuccessful",
  block: "Block unsuccessful",
  grant: "Not granted",
  revision: "Revision not asked",
} as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  const { page, task } = readSearch(request.url, reviewQueueQuery);
  const [stats, list, tasks, weeks, qualifications, flagged] = await Promise.all([
    buyerStats(env, user.id),
    pageOrLast(page, (p) => reviewQueue(env, user.id, { page: p, limit: PAGE_SIZE, taskId: task })),
    tasksToReview(env, user.id),
    buyerCharts(env, user.id),
    qualificationChoices(env, user.id),
    wrongAnswerPending(env, user.id, BULK_APPROVE_LIMIT),
  ]);
  const items: ReviewItem[] = list.items.map((s) => ({
    id: s.id,
    workerId: s.workerId,
    workerName: s.workerName,
    taskId: s.taskId,
    taskTitle: s.taskTitle,
    taskInstructions: s.taskInstructions,
    payableAmount: s.payableAmount,
    text: s.submissionDetails,
    imageUrl: s.submissionImageUrl,
    createdAt: s.createdAt,
    editedAt: s.editedAt,
    version: proofVersion(s),
    autoApprovesAt: s.autoApprovesAt,
    autoApproves: s.autoApproves,
    trackRecord: trackRecordText(s.trackRecord),
    revisionDueAt: s.revisionDueAt,
    revisionAsked: s.revisionRequestedAt !== null,
    flags: s.flags,
  }));
  return {
    name: user.name,
    stats,
    items,
    tasks,
    task: task ?? "",
    autoApproval: autoApprovalRule(reviewWindowOf(env)),
    page: list.page,
    pages: list.pages,
    total: list.total,
    weeks,
    qualifications,
    flagged: flagged.length,
  };
}

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: reviewActionSchema,
    lists: ["ids"],
    failure: (intent) => ({
      title:
        intent === "reject" || intent === REJECT_FLAGGED
          ? FAILED.reject
          : intent === "block" || intent === "grant" || intent === "revision"
            ? FAILED[intent]
            : FAILED.approve,
    }),
    unexpected: "Something went wrong. Please try again.",
    async run(input, { user, env }) {
      if (input.intent === APPROVE_SELECTED) {
        const done = await approveSubmissions(env, user, input.ids);
        return { ok: done.approved > 0, ...bulkApprovalWords(done), extra: { results: done.results } };
      }
      if (input.intent === REJECT_FLAGGED) {
        const done = await rejectFlagged(env, user);
        return {
          ok: done.rejected > 0 || done.refused.length === 0,
          title: `${done.rejected} flagged ${done.rejected === 1 ? "submission" : "submissions"} rejected`,
          message: done.refused.length
            ? `${done.refused.length} could not be rejected: ${done.refused[0]!.message}`
            : "Their slots are open again for other workers.",
        };
      }
      if (input.intent === "block") {
        const blocked = await blockWorker(env, user, { workerId: input.worker, reason: input.reason });
        return {
          title: "Worker blocked",
          message: `${blocked.workerName} no longer sees your tasks. You can lift the block in Settings.`,
        };
      }
      if (input.intent === "grant") {
        const grant = await grantQualification(env, user, {
          qualificationId: input.qualification,
          workerId: input.worker,
        });
        return {
          title: "Qualification granted",
          message: `${grant.workerName} now holds “${grant.qualificationName}”.`,
        };
      }
      if (input.intent === "revision") {
        await requestRevision(env, user, input.id, input.reason);
        return {
          title: "Revision asked",
          message: `The worker has ${REVISION_HOURS} hours to send a revision. Until then you cannot approve or reject it.`,
        };
      }
      if (input.intent === "approve") {
        await approveSubmission(env, user, input.id, input.seen);
        return { title: "Successfully approved", message: "The worker has been paid from the task's escrow." };
      }
      await rejectSubmission(env, user, input.id, rejectReasonOf(input.reason_pick, input.reason), input.seen);
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
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
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
  const { stats, items, page, pages, total, tasks, task, name, autoApproval, weeks, qualifications, flagged } =
    loaderData;
  const dollars = stats.spentCents / 100;
  const query: Record<string, string> = {};
  if (page > 1) query.page = String(page);
  if (task) query.task = task;
  return (
    <>
      <PageHeader title="Buyer Home" description={`Welcome back, ${name}. Here is where your tasks stand.`} />
      <section aria-labelledby="review-title">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
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
          {tasks.choices.length ? <TaskFilter tasks={tasks.choices} current={task} total={tasks.allPending} /> : null}
        </div>
        <ReviewQueue
          qualifications={qualifications}
          items={items}
          page={page}
          pages={pages}
          query={query}
          flagged={flagged}
          empty={
            <EmptyState
              message="No Tasks To Review"
              action={
                task ? (
                  <Link to="/dashboard/buyerhome" className="text-sm font-semibold text-brand-700 hover:underline">
                    Show every task&apos;s submissions
                  </Link>
                ) : null
              }
            />
          }
        />
      </section>

      <section aria-label="Your figures" className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <GaugeCard
          label="Pending tasks"
          value={stats.pendingSlots}
          max={GAUGE_MAX.pendingTasks}
          caption="Open worker slots on your tasks"
          tone="amber"
          testId="stat-pending"
        />
        <GaugeCard
          label="Total Tasks"
          value={stats.totalTasks}
          max={GAUGE_MAX.totalTasks}
          caption="Live tasks you have posted"
          tone="brand"
          testId="stat-tasks"
        />
        <GaugeCard
          label="Total Payment"
          value={dollars}
          display={formatDollars(stats.spentCents)}
          max={GAUGE_MAX.totalPaymentDollars}
          caption="Spent on coins, in USD"
          maxLabel={`$${GAUGE_MAX.totalPaymentDollars}`}
          tone="sky"
          testId="stat-payment"
        />
      </section>

      <BuyerCharts weeks={weeks} />
    </>
  );
}
