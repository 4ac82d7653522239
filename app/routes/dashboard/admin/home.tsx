import { type ComponentType } from "react";
import { Link } from "react-router";
import {
  ArrowRight,
  Check,
  CircleDollarSign,
  Coins,
  Inbox,
  Scale,
  ShieldAlert,
  Users,
  Wrench,
  X,
} from "~/components/icons";
import type { Route } from "./+types/home";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { adminStats } from "~/server/services/users.server";
import { ageWords } from "~/lib/waits";
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from "~/server/services/withdrawals.server";
import { setTakaRate, takaRate } from "~/server/services/currency-rates.server";
import { ledgerHolds } from "~/server/services/ledger.server";
import { findWithdrawal, unreadContactMessages } from "~/server/services/admin-reads.server";
import { adminCharts } from "~/server/services/charts.server";
import { AdminCharts } from "~/components/charts/home-charts";
import { adminHomeActionSchema } from "~/lib/schemas/admin";
import { pageQuery, readSearch } from "~/lib/schemas/paging";

import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/dashboard-shell";
import { StatCard } from "~/components/stat-card";
import { Cell, PersonCell } from "~/components/responsive-list";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { RowActions, type RowAction } from "~/components/actions/trigger";
import { useActionFlow, type ActionSpec } from "~/components/actions/flow";
import { AdminList } from "~/components/admin/admin-list";
import { FEEDBACK } from "~/components/actions/feedback";
import { CopyButton } from "~/components/copy-button";
import { payoutLine, payoutOf } from "~/lib/payouts";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { cn } from "~/lib/cn";
import { formatCoins, formatCount, formatDollars } from "~/lib/format";
import { rateWords } from "~/lib/taka";
import { RiskSignals, TAKA_RATE_ROW, TakaRateCard, takaRateSpec } from "~/components/admin/payouts";

export const meta: Route.MetaFunction = () => [{ title: "Admin Home · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = adminUser(context);
  const env = getEnv(context);
  const { page } = readSearch(request.url, pageQuery);
  const [stats, withdrawals, unread, holds, charts, rate] = await Promise.all([
    adminStats(env),
    pageOrLast(page, (p) =>
      listWithdrawals(env, { status: "pending", oldestFirst: true, withRisk: true, page: p, limit: PAGE_SIZE }),
    ),
    unreadContactMessages(env),
    ledgerHolds(env),
    adminCharts(env),
    takaRate(env),
  ]);
  return {
    now: Date.now(),
    adminName: admin.name,
    stats,
    unread,
    ledgerHolds: holds,
    charts,
    rate,
    withdrawals: {
      ...withdrawals,
      items: withdrawals.items.map((w) => ({
        id: w.id,
        workerName: w.workerName,
        workerEmail: w.workerEmail,
        coins: w.withdrawalCoin,
        cents: w.withdrawalCents,
        payout: payoutOf(w),
        status: w.status,
        createdAt: w.createdAt,
        risk: w.risk!,
      })),
    },
  };
}

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: adminUser,
    schema: adminHomeActionSchema,
    failure: (intent) => ({
      title: intent === "reject" ? "Rejection failed" : intent === "taka_rate" ? "Rate not saved" : "Not Approved!",
    }),
    async run(input, { user: admin, env }) {
      if (input.intent === "taka_rate") {
        const rate = await setTakaRate(env, admin, input.taka_per_dollar);
        return { title: "Taka rate saved", message: `1 US dollar = ${rateWords(rate)} taka, from now on.` };
      }
      const withdrawal = await findWithdrawal(env, input.id);
      if (input.intent === "approve") {
        await approveWithdrawal(env, admin, input.id, input.payout_reference);
        return {
          title: "Successfully Approved!",
          message: withdrawal
            ? `${formatDollars(withdrawal.cents)} to ${withdrawal.workerName} is paid out (reference ${input.payout_reference}).`
            : undefined,
        };
      }
      await rejectWithdrawal(env, admin, input.id, input.reason);
      return {
        title: "Withdrawal rejected",
        message: withdrawal
          ? `${formatCoins(withdrawal.coins)} are back in ${withdrawal.workerName}'s balance.`
          : undefined,
      };
    },
  });

/** After any decision the list and the cards are read again (also after a refusal: the row may be stale). */
export const shouldRevalidate = revalidateAfterPost;

/** How long a pending request has waited (the list is oldest first: the top one has waited longest). */
function Age({ since, now }: { since: number; now: number }) {
  return (
    <span className="block text-xs font-medium text-amber-800" data-testid="withdrawal-age">
      waiting {ageWords(since, now)}
    </span>
  );
}

type Withdrawal = Route.ComponentProps["loaderData"]["withdrawals"]["items"][number];

function approveSpec(w: Withdrawal): ActionSpec {
  return {
    intent: "approve",
    id: w.id,
    title: "Approve this withdrawal?",
    description: `Pay ${formatDollars(w.cents)} (${formatCoins(w.coins)}) to ${w.workerName}: ${payoutLine(w.payout)}. The coins leave the worker's held balance for good.`,
    text: {
      name: "payout_reference",
      label: "Payout reference",
      hint: `${w.payout.payment_system === "Bank" ? "The bank's reference of the payment you made" : `The transaction ID of the ${w.payout.payment_system} payment you made`}. ${w.workerName} is shown it.`,
      placeholder: w.payout.payment_system === "Bank" ? "e.g. FT26332ABC12" : "e.g. 9KX4TQ2ZP1",
      maxLength: 64,
    },
    confirmLabel: "Yes, approve",
    inlineErrors: true,
    feedback: FEEDBACK.paidOut,
  };
}

function rejectSpec(w: Withdrawal): ActionSpec {
  return {
    intent: "reject",
    id: w.id,
    title: "Reject this withdrawal?",
    description: `The ${formatCoins(w.coins)} go back to ${w.workerName}'s balance, and they are told your reason.`,
    confirmLabel: "Reject request",
    destructive: true,
    reason: {
      label: "Reason",
      required: true,
      placeholder: "e.g. The account number does not match the name on the account.",
    },
    inlineErrors: true,
  };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { stats, withdrawals, unread, ledgerHolds, adminName, charts, now, rate } = loaderData;
  const flow = useActionFlow();
  const noJsWithdrawal = useNoJsSpec(withdrawals.items, { approve: approveSpec, reject: rejectSpec });
  const noJsRate = useNoJsSpec([{ id: TAKA_RATE_ROW }], { taka_rate: () => takaRateSpec(rate) });

  return (
    <>
      <PageHeader title="Admin Home" description={`Welcome back, ${adminName}. Here is the marketplace at a glance.`} />

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total buyers" value={formatCount(stats.buyers)} icon={Users} />
        <StatCard label="Total workers" value={formatCount(stats.workers)} icon={Wrench} />
        <StatCard label="Total coins" value={formatCount(stats.coins)} icon={Coins} />
        <StatCard label="Total payment" value={formatDollars(stats.cents)} icon={CircleDollarSign} />
      </section>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <GlanceLink
          to="/dashboard/messages?show=unread"
          icon={Inbox}
          tone={unread > 0 ? "info" : "neutral"}
          title={unread === 1 ? "1 unread message" : `${unread} unread messages`}
          text="From the contact form"
        />
        <GlanceLink
          to="/dashboard/ledger"
          icon={ledgerHolds ? Scale : ShieldAlert}
          tone={ledgerHolds ? "success" : "danger"}
          title={ledgerHolds ? "The ledger balances" : "The ledger does not balance"}
          text={ledgerHolds ? "Every coin created is accounted for" : "Open the ledger to see the difference"}
        />
        <TakaRateCard rate={rate} flow={flow} />
      </div>

      {/* the queue before the charts: it is an admin's work, the charts are for reading after */}
      <section aria-labelledby="withdrawals-heading" className="mt-10">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <h2 id="withdrawals-heading" className="text-xl font-semibold tracking-tight">
            Withdraw Requestes
          </h2>
          {withdrawals.total > 0 ? <Badge tone="pending">{withdrawals.total} pending</Badge> : null}
        </div>
        <AdminList
          list={withdrawals}
          label="Pending withdrawal requests"
          empty="No Withdraw Requestes Available"
          columns={[
            { header: "Worker" },
            { header: "Risk signals" },
            { header: "Account number" },
            { header: "Amount", className: "text-right" },
            { header: "Requested" },
            { header: "Status" },
          ]}
          rowTestId={(w) => `withdrawal-${w.id}`}
          cells={(w) => (
            <>
              <PersonCell name={w.workerName} email={w.workerEmail} />
              <Cell label="Risk signals">
                <RiskSignals risk={w.risk} now={now} />
              </Cell>
              <Cell label="Pay to">
                <PayoutDetails w={w} />
              </Cell>
              <Cell label="Amount" className="amount">
                <p>{formatDollars(w.cents)}</p>
                <p className="meta">{formatCoins(w.coins)}</p>
              </Cell>
              <Cell label="Requested" className="min-w-36 text-muted-foreground">
                <LocalTime at={w.createdAt} />
                <Age since={w.createdAt} now={now} />
              </Cell>
              <Cell>
                <StatusBadge status={w.status} />
              </Cell>
              <Cell>
                <RowActions flow={flow} actions={withdrawalActions(w)} className="md:justify-end max-md:[&>*]:flex-1" />
              </Cell>
            </>
          )}
        />
      </section>

      <AdminCharts coins={charts.coins} submissions={charts.submissions} />

      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsWithdrawal ?? noJsRate} />
    </>
  );
}

/** Where the money goes, as the worker gave it, with a button that copies it for the payment app. */
function PayoutDetails({ w }: { w: Withdrawal }) {
  return (
    <div className="grid justify-items-start gap-1" data-testid="payout-details">
      <p className="select-all font-mono text-[13px]">{w.payout.account_number}</p>
      <p className="text-xs text-muted-foreground">
        {[w.payout.payment_system, w.payout.bank_name, w.payout.bank_branch].filter(Boolean).join(" · ")}
      </p>
      <CopyButton text={payoutLine(w.payout)} label={`the payout details of ${w.workerName}`} />
    </div>
  );
}

function withdrawalActions(w: Withdrawal): RowAction[] {
  return [
    {
      spec: approveSpec(w),
      text: "Approve",
      label: `Approve withdrawal of ${w.workerName}`,
      icon: <Check aria-hidden />,
      variant: "default",
    },
    {
      spec: rejectSpec(w),
      text: "Reject",
      label: `Reject withdrawal of ${w.workerName}`,
      icon: <X aria-hidden />,
      variant: "danger",
    },
  ];
}

function GlanceLink({
  to,
  icon: Icon,
  tone,
  title,
  text,
}: {
  to: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  tone: "neutral" | "info" | "success" | "danger";
  title: string;
  text: string;
}) {
  const tones = {
    neutral: "bg-slate-100 text-slate-600",
    info: "bg-sky-50 text-sky-700",
    success: "bg-emerald-50 text-emerald-700",
    danger: "bg-red-50 text-red-700",
  };
  return (
    <Link
      to={to}
      prefetch="intent"
      className={cn(
        "group flex items-center gap-3 rounded-xl border border-border bg-white px-4 py-3 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40",
        tone === "danger" && "border-red-200",
      )}
    >
      <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg", tones[tone])}>
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold">{title}</span>
        <span className="block text-xs text-muted-foreground">{text}</span>
      </span>
      <ArrowRight
        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        aria-hidden
      />
    </Link>
  );
}
