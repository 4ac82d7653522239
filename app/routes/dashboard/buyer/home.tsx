import { useId } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";
import { Gauge } from "~/components/buyer/gauge";
import { ReviewQueue } from "~/components/buyer/review-queue";
import type { Countdown, ReviewItem } from "~/components/buyer/review-specs";
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
import { APPROVE_SELECTED, BULK_APPROVE_LIMIT, bulkApprovalWords, rejectReasonOf } from "~/lib/review";
import { buyerCharts } from "~/server/services/charts.server";
import { BuyerCharts } from "~/components/charts/home-charts";
import { useFormat, useWords, metaWords } from "~/lib/i18n/react";
import { serverWords, type ServerWords } from "~/lib/i18n/words.server";
import type { Language } from "~/lib/i18n/languages";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("home.meta") }];

/** The gauges' maxima (docs/product/screens.md). */
export const GAUGE_MAX = { pendingTasks: 300, totalTasks: 50, totalPaymentDollars: 200 } as const;
/** Rows on a page of the review queue; eight keep the page light in Bengali too (decision 113). */
const PAGE_SIZE = 8;

const FAILED = {
  approve: "home.failed.approve",
  reject: "home.failed.reject",
  block: "home.failed.block",
  grant: "home.failed.grant",
  revision: "home.failed.revision",
} as const;

const HOUR = 3_600_000;

/** How far off `dueAt` is: in days, in hours, within the hour, or shortly once due (the page words it). */
function countdownTo(dueAt: number, now: number): Countdown {
  const left = dueAt - now;
  if (left <= 0) return { in: "shortly" };
  const hours = Math.round(left / HOUR);
  if (hours < 1) return { in: "withinHour" };
  if (hours < 24) return { in: "hours", count: hours };
  return { in: "days", count: Math.round(left / (24 * HOUR)) };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  const now = Date.now();
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
    autoApproves: countdownTo(s.autoApprovesAt, now),
    trackRecord: { approved: s.trackRecord.approved, rejected: s.trackRecord.rejected },
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
    reviewDays: reviewWindowOf(env),
    page: list.page,
    pages: list.pages,
    total: list.total,
    weeks,
    qualifications,
    flagged: flagged.length,
  };
}

/** A bulk approval in the buyer's words: English as lib/review.ts words it, else counted in the buyer's language. */
function bulkWords(
  t: ServerWords<"buyer">,
  language: Language,
  done: Parameters<typeof bulkApprovalWords>[0] & { approved: number },
) {
  if (language === "en") return bulkApprovalWords(done);
  const total = done.results.length;
  const title =
    done.approved === total
      ? t("home.approved.title")
      : done.approved === 0
        ? t(FAILED.approve)
        : t("bulk.summary", { approved: done.approved, total });
  const message = [t("bulk.summary", { approved: done.approved, total })];
  if (done.approved) message.push(t("bulk.paid"));
  return { title, message: message.join(" ") };
}

export const action = (args: Route.ActionArgs) => {
  const language = buyerUser(args.context).language;
  const t = serverWords(language, "buyer");
  return confirmAction(args, {
    user: buyerUser,
    schema: reviewActionSchema,
    lists: ["ids"],
    failure: (intent) => ({
      title: t(
        intent === "reject" || intent === REJECT_FLAGGED
          ? FAILED.reject
          : intent === "block" || intent === "grant" || intent === "revision"
            ? FAILED[intent]
            : FAILED.approve,
      ),
    }),
    unexpected: t("unexpected"),
    async run(input, { user, env }) {
      if (input.intent === APPROVE_SELECTED) {
        const done = await approveSubmissions(env, user, input.ids);
        return { ok: done.approved > 0, ...bulkWords(t, language, done), extra: { results: done.results } };
      }
      if (input.intent === REJECT_FLAGGED) {
        const done = await rejectFlagged(env, user);
        return {
          ok: done.rejected > 0 || done.refused.length === 0,
          title: t("home.flagged.title", { count: done.rejected }),
          message: done.refused.length
            ? t("home.flagged.refused", { count: done.refused.length, reason: done.refused[0]!.message })
            : t("home.flagged.done"),
        };
      }
      if (input.intent === "block") {
        const blocked = await blockWorker(env, user, { workerId: input.worker, reason: input.reason });
        return { title: t("home.blocked.title"), message: t("home.blocked.message", { name: blocked.workerName }) };
      }
      if (input.intent === "grant") {
        const grant = await grantQualification(env, user, {
          qualificationId: input.qualification,
          workerId: input.worker,
        });
        return {
          title: t("home.granted.title"),
          message: t("home.granted.message", { worker: grant.workerName, qualification: grant.qualificationName }),
        };
      }
      if (input.intent === "revision") {
        await requestRevision(env, user, input.id, input.reason);
        return { title: t("home.revision.title"), message: t("home.revision.message", { hours: REVISION_HOURS }) };
      }
      if (input.intent === "approve") {
        await approveSubmission(env, user, input.id, input.seen);
        return { title: t("home.approved.title"), message: t("home.approved.message") };
      }
      await rejectSubmission(env, user, input.id, rejectReasonOf(input.reason_pick, input.reason), input.seen);
      return { title: t("home.rejected.title"), message: t("home.rejected.message") };
    },
  });
};

/** After a decision the queue and the gauges are read again (also after a refusal: the row may be stale). */
export const shouldRevalidate = revalidateAfterPost;

function GaugeCard({
  label,
  value,
  display,
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
  const f = useFormat();
  const shown = display ?? f.count(value);
  // the card, and its meter, are named by the label it shows (not by its words again: decision 113)
  const labelId = useId();
  return (
    <section
      className="flex items-center gap-4 rounded-xl border border-border bg-white p-5 shadow-sm"
      aria-labelledby={labelId}
      data-testid={testId}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-muted-foreground" id={labelId}>
          {label}
        </p>
        <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
          {shown}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{caption}</p>
      </div>
      <Gauge value={value} max={max} maxLabel={maxLabel} labelledBy={labelId} display={shown} tone={tone} />
    </section>
  );
}

export default function BuyerHome({ loaderData }: Route.ComponentProps) {
  const { stats, items, page, pages, total, tasks, task, name, reviewDays, weeks, qualifications, flagged } =
    loaderData;
  const t = useWords("buyer");
  const f = useFormat();
  const dollars = stats.spentCents / 100;
  const query: Record<string, string> = {};
  if (page > 1) query.page = String(page);
  if (task) query.task = task;
  return (
    <>
      <PageHeader title={t("home.title")} description={t("home.welcome", { name })} />
      <section aria-labelledby="review-title">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id="review-title" className="text-xl font-bold tracking-tight">
              {t("home.review.title")}
            </h2>
            <p className="text-sm text-muted-foreground">
              {total ? t("home.review.pending", { count: total }) : t("home.review.none")}
            </p>
            <p className="mt-1 max-w-prose text-sm text-muted-foreground" data-testid="auto-approval-rule">
              {t("home.autoApprovalRule", { days: reviewDays })}
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
              message={t("home.review.empty")}
              action={
                task ? (
                  <Link to="/dashboard/buyerhome" className="text-sm font-semibold text-brand-700 hover:underline">
                    {t("home.review.showAll")}
                  </Link>
                ) : null
              }
            />
          }
        />
      </section>

      <section aria-label={t("home.figures")} className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <GaugeCard
          label={t("home.gauge.pending")}
          value={stats.pendingSlots}
          max={GAUGE_MAX.pendingTasks}
          caption={t("home.gauge.pendingCaption")}
          tone="amber"
          testId="stat-pending"
        />
        <GaugeCard
          label={t("home.gauge.total")}
          value={stats.totalTasks}
          max={GAUGE_MAX.totalTasks}
          caption={t("home.gauge.totalCaption")}
          tone="brand"
          testId="stat-tasks"
        />
        <GaugeCard
          label={t("home.gauge.payment")}
          value={dollars}
          display={f.dollars(stats.spentCents)}
          max={GAUGE_MAX.totalPaymentDollars}
          caption={t("home.gauge.paymentCaption")}
          maxLabel={f.dollars(GAUGE_MAX.totalPaymentDollars * 100, { dropZeroCents: true })}
          tone="sky"
          testId="stat-payment"
        />
      </section>

      <BuyerCharts weeks={weeks} />
    </>
  );
}
