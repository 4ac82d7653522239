import { data } from "react-router";
import * as v from "valibot";
import { ClipboardList, DollarSign, Hourglass, type LucideIcon } from "lucide-react";
import type { Route } from "./+types/home";
import { PageHeader } from "~/components/dashboard-shell";
import { Gauge } from "~/components/buyer/gauge";
import { ReviewTable, type ReviewItem, type ReviewOutcome } from "~/components/buyer/review-table";
import { ENHANCED_FIELD } from "~/components/buyer/enhanced";
import { pageOf, pageOrLast } from "~/server/http/list-page.server";
import { formatCents } from "~/lib/coins";
import { optionalText } from "~/lib/schemas/fields";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { AppError } from "~/server/errors";
import { buyerStats } from "~/server/services/tasks.server";
import { approveSubmission, listBuyerSubmissions, rejectSubmission } from "~/server/services/submissions.server";

export const meta: Route.MetaFunction = () => [{ title: "Buyer Home · Coinwork" }];

/** The gauges' maxima (docs/product/screens.md). */
export const GAUGE_MAX = { pendingTasks: 300, totalTasks: 50, totalPaymentDollars: 200 } as const;
const PAGE_SIZE = 10;

const reviewSchema = v.object({
  intent: v.picklist(["approve", "reject"], "Unknown action"),
  id: v.pipe(v.string("Unknown submission"), v.trim(), v.nonEmpty("Unknown submission"), v.maxLength(64)),
  reason: optionalText(500),
});

const WORDS = {
  approve: { ok: "Successfully approved", fail: "Approve unsuccessful" },
  reject: { ok: "Successfully rejected", fail: "Rejection unsuccessful" },
} as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "Buyer");
  const env = getEnv(context);
  const url = new URL(request.url);
  const [stats, list] = await Promise.all([
    buyerStats(env, user.id),
    pageOrLast(pageOf(url), (page) =>
      listBuyerSubmissions(env, user.id, { status: ["pending"], page, limit: PAGE_SIZE }),
    ),
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
  }));
  // Views for visitors without JavaScript: ?view=<id>, ?confirm=approve|reject&id=<id>.
  const byId = (id: string | null) => items.find((s) => s.id === id) ?? null;
  const view = byId(url.searchParams.get("view"));
  const kind = url.searchParams.get("confirm");
  const target = byId(url.searchParams.get("id"));
  const confirm =
    target && (kind === "approve" || kind === "reject") ? { kind: kind as "approve" | "reject", item: target } : null;
  return {
    name: user.name,
    stats,
    items,
    page: list.page,
    pages: list.pages,
    limit: list.limit,
    total: list.total,
    noScript: { view, confirm },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requirePageRole(context, request, "Buyer");
  const env = getEnv(context);
  const form = await request.formData();
  const enhanced = form.get(ENHANCED_FIELD) === "1";
  const parsed = v.safeParse(reviewSchema, Object.fromEntries([...form].filter(([, x]) => typeof x === "string")));
  const intent = form.get("intent") === "reject" ? "reject" : "approve";
  let outcome: ReviewOutcome;
  let status = 200;
  if (!parsed.success) {
    status = 400;
    outcome = { ok: false, intent, title: WORDS[intent].fail, message: parsed.issues[0].message };
  } else {
    const { id, reason } = parsed.output;
    try {
      if (parsed.output.intent === "approve") {
        await approveSubmission(env, user, id);
        outcome = {
          ok: true,
          intent: "approve",
          title: WORDS.approve.ok,
          message: "The worker has been paid from the task's escrow.",
        };
      } else {
        await rejectSubmission(env, user, id, reason ?? "");
        outcome = {
          ok: true,
          intent: "reject",
          title: WORDS.reject.ok,
          message: "The slot is open again for another worker.",
        };
      }
    } catch (e) {
      if (!(e instanceof AppError)) console.error(e);
      status = e instanceof AppError ? e.status : 500;
      outcome = {
        ok: false,
        intent: parsed.output.intent,
        title: WORDS[parsed.output.intent].fail,
        message: e instanceof AppError ? e.message : "Something went wrong. Please try again.",
      };
    }
  }
  if (enhanced) return data(outcome, { status });
  const back = new URL(request.url);
  for (const k of ["view", "confirm", "id", "index"]) back.searchParams.delete(k);
  return redirectWithFlash(`${back.pathname}${back.search}`, {
    type: outcome.ok ? "success" : "error",
    title: outcome.title,
    message: outcome.message,
  });
}

function GaugeCard({
  label,
  value,
  display = value.toLocaleString("en-US"),
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
  const { stats, items, page, pages, limit, total, noScript, name } = loaderData;
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
          </div>
        </div>
        <ReviewTable items={items} page={page} pages={pages} limit={limit} noScript={noScript} />
      </section>
    </>
  );
}
