import { type ComponentType } from "react";
import { Link } from "react-router";
import { ArrowRight } from "~/components/icons";
import { Check, CircleDollarSign, Coins, Inbox, Scale, ShieldAlert, Users, Wrench, X } from "~/components/icons/more";
import type { Route } from "./+types/home";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { adminStats } from "~/server/services/users.server";
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
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { formatsOf, type Formats } from "~/lib/i18n/format";
import { serverWords } from "~/lib/i18n/words.server";
import { rateWords } from "~/lib/taka";
import { RiskSignals, TAKA_RATE_ROW, TakaRateCard, takaRateSpec } from "~/components/admin/payouts";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "admin")("home.meta") }];

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

export const action = (args: Route.ActionArgs) => {
  const language = adminUser(args.context).language;
  const t = serverWords(language, "admin");
  const f = formatsOf(language);
  const coins = serverWords(language, "common");
  return confirmAction(args, {
    user: adminUser,
    schema: adminHomeActionSchema,
    failure: (intent) => ({
      title:
        intent === "reject"
          ? t("home.rejectFailed")
          : intent === "taka_rate"
            ? t("rate.notSaved")
            : t("home.notApproved"),
    }),
    async run(input, { user: admin, env }) {
      if (input.intent === "taka_rate") {
        const rate = await setTakaRate(env, admin, input.taka_per_dollar);
        return { title: t("rate.saved"), message: t("rate.savedText", { rate: rateWords(rate) }) };
      }
      const withdrawal = await findWithdrawal(env, input.id);
      if (input.intent === "approve") {
        await approveWithdrawal(env, admin, input.id, input.payout_reference);
        return {
          title: t("home.approved"),
          message: withdrawal
            ? t("home.approvedText", {
                dollars: f.dollars(withdrawal.cents),
                name: withdrawal.workerName,
                reference: input.payout_reference,
              })
            : undefined,
        };
      }
      await rejectWithdrawal(env, admin, input.id, input.reason);
      return {
        title: t("home.rejected"),
        message: withdrawal
          ? t("home.rejectedText", { coins: coins("coins", { count: withdrawal.coins }), name: withdrawal.workerName })
          : undefined,
      };
    },
  });
};

/** After any decision the list and the cards are read again (also after a refusal: the row may be stale). */
export const shouldRevalidate = revalidateAfterPost;

const HOUR = 3_600_000;

/**
 * How long a pending request has waited (the list is oldest first: the top one has waited longest), in the words of
 * app/lib/waits.ts: under an hour, about N hours below two days, about N days after.
 */
function Age({ since, now }: { since: number; now: number }) {
  const t = useWords("admin");
  const hours = Math.max(0, now - since) / HOUR;
  const h = Math.round(hours);
  return (
    <span className="block text-xs font-medium text-amber-800" data-testid="withdrawal-age">
      {hours < 1
        ? t("home.waitingUnderHour")
        : h < 48
          ? t("home.waitingHours", { count: h })
          : t("home.waitingDays", { count: Math.round(hours / 24) })}
    </span>
  );
}

type Withdrawal = Route.ComponentProps["loaderData"]["withdrawals"]["items"][number];
/** The page's words and formats, which the confirmations are written with. */
type PageWords = { t: Words<"admin">; f: Formats & { coins(n: number): string } };

function approveSpec(w: Withdrawal, { t, f }: PageWords): ActionSpec {
  const bank = w.payout.payment_system === "Bank";
  return {
    intent: "approve",
    id: w.id,
    title: t("home.approve.title"),
    description: t("home.approve.description", {
      dollars: f.dollars(w.cents),
      coins: f.coins(w.coins),
      name: w.workerName,
      payout: payoutLine(w.payout),
    }),
    text: {
      name: "payout_reference",
      label: t("home.approve.reference"),
      hint: bank
        ? t("home.approve.hintBank", { name: w.workerName })
        : t("home.approve.hintWallet", { system: w.payout.payment_system, name: w.workerName }),
      placeholder: t("home.approve.example", { example: bank ? "FT26332ABC12" : "9KX4TQ2ZP1" }),
      maxLength: 64,
    },
    confirmLabel: t("home.approve.confirm"),
    inlineErrors: true,
    feedback: FEEDBACK.paidOut,
  };
}

function rejectSpec(w: Withdrawal, { t, f }: PageWords): ActionSpec {
  return {
    intent: "reject",
    id: w.id,
    title: t("home.reject.title"),
    description: t("home.reject.description", { coins: f.coins(w.coins), name: w.workerName }),
    confirmLabel: t("home.reject.confirm"),
    destructive: true,
    reason: {
      label: t("reason"),
      required: true,
      placeholder: t("home.reject.placeholder"),
    },
    inlineErrors: true,
  };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { stats, withdrawals, unread, ledgerHolds, adminName, charts, now, rate } = loaderData;
  const flow = useActionFlow();
  const t = useWords("admin");
  const f = useFormat();
  const words = { t, f };
  const noJsWithdrawal = useNoJsSpec(withdrawals.items, {
    approve: (w) => approveSpec(w, words),
    reject: (w) => rejectSpec(w, words),
  });
  const noJsRate = useNoJsSpec([{ id: TAKA_RATE_ROW }], { taka_rate: () => takaRateSpec(rate, t) });

  return (
    <>
      <PageHeader title={t("home.title")} description={t("home.welcome", { name: adminName })} />

      <section aria-label={t("home.stats")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t("home.buyers")} value={f.count(stats.buyers)} icon={Users} />
        <StatCard label={t("home.workers")} value={f.count(stats.workers)} icon={Wrench} />
        <StatCard label={t("home.coins")} value={f.count(stats.coins)} icon={Coins} />
        <StatCard label={t("home.payment")} value={f.dollars(stats.cents)} icon={CircleDollarSign} />
      </section>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <GlanceLink
          to="/dashboard/messages?show=unread"
          icon={Inbox}
          tone={unread > 0 ? "info" : "neutral"}
          title={t("home.unreadMessages", { count: unread })}
          text={t("home.fromContact")}
        />
        <GlanceLink
          to="/dashboard/ledger"
          icon={ledgerHolds ? Scale : ShieldAlert}
          tone={ledgerHolds ? "success" : "danger"}
          title={ledgerHolds ? t("home.ledgerOk") : t("home.ledgerBad")}
          text={ledgerHolds ? t("home.ledgerOkText") : t("home.ledgerBadText")}
        />
        <TakaRateCard rate={rate} flow={flow} />
      </div>

      {/* the queue before the charts: it is an admin's work, the charts are for reading after */}
      <section aria-labelledby="withdrawals-heading" className="mt-10">
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <h2 id="withdrawals-heading" className="text-xl font-semibold tracking-tight">
            {t("home.withdrawals")}
          </h2>
          {withdrawals.total > 0 ? (
            <Badge tone="pending">{t("home.pending", { count: withdrawals.total })}</Badge>
          ) : null}
        </div>
        <AdminList
          list={withdrawals}
          label={t("home.queueLabel")}
          empty={t("home.empty")}
          columns={[
            { header: t("col.worker") },
            { header: t("home.col.risk") },
            { header: t("home.col.account") },
            { header: t("col.amount"), className: "text-right" },
            { header: t("home.col.requested") },
            { header: t("home.col.status") },
          ]}
          rowTestId={(w) => `withdrawal-${w.id}`}
          cells={(w) => (
            <>
              <PersonCell name={w.workerName} email={w.workerEmail} />
              <Cell label={t("home.col.risk")}>
                <RiskSignals risk={w.risk} now={now} />
              </Cell>
              <Cell label={t("home.payTo")}>
                <PayoutDetails w={w} />
              </Cell>
              <Cell label={t("col.amount")} className="amount">
                <p>{f.dollars(w.cents)}</p>
                <p className="meta">{f.coins(w.coins)}</p>
              </Cell>
              <Cell label={t("home.col.requested")} className="min-w-36 text-muted-foreground">
                <LocalTime at={w.createdAt} />
                <Age since={w.createdAt} now={now} />
              </Cell>
              <Cell>
                <StatusBadge status={w.status} />
              </Cell>
              <Cell>
                <RowActions
                  flow={flow}
                  actions={withdrawalActions(w, words)}
                  className="md:justify-end max-md:[&>*]:flex-1"
                />
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
  const t = useWords("admin");
  return (
    <div className="grid justify-items-start gap-1" data-testid="payout-details">
      <p className="select-all font-mono text-[13px]">{w.payout.account_number}</p>
      <p className="text-xs text-muted-foreground">
        {[w.payout.payment_system, w.payout.bank_name, w.payout.bank_branch].filter(Boolean).join(" · ")}
      </p>
      <CopyButton text={payoutLine(w.payout)} label={t("home.copyLabel", { name: w.workerName })} />
    </div>
  );
}

function withdrawalActions(w: Withdrawal, words: PageWords): RowAction[] {
  const { t } = words;
  return [
    {
      spec: approveSpec(w, words),
      text: t("home.approve"),
      label: t("home.approveLabel", { name: w.workerName }),
      icon: <Check aria-hidden />,
      variant: "default",
    },
    {
      spec: rejectSpec(w, words),
      text: t("home.reject"),
      label: t("home.rejectLabel", { name: w.workerName }),
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
