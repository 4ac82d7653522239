import { X } from "~/components/icons/more";
import { StatusBadge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell, ACTIONS_COLUMN } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { ActionTrigger } from "~/components/actions/trigger";
import { type ActionFlow, type ActionSpec } from "~/components/actions/flow";

import type { PayoutDetails } from "~/lib/payouts";
import { Coins } from "./coin-amount";
import type { TakaRate } from "~/lib/taka";
import { useFormat, useWords } from "~/lib/i18n/react";
import { TakaAmount, useMoneyWords } from "./taka";
import { usePayoutLine, useSystemName } from "./withdraw-form";

export interface WithdrawalRow {
  id: string;
  withdrawalCoin: number;
  withdrawalCents: number;
  payout: PayoutDetails;
  status: string;
  decisionReason: string | null;
  /** an approved request's payout reference (the transaction ID), as the admin recorded it */
  payoutReference: string | null;
  createdAt: number;
  /** a pending request's place in the admins' queue (1: decided next) */
  queuePlace: number | null;
}

/** The worker takes a pending request back: the held coins return. */
export function useCancelSpec(rate: TakaRate | null): (w: WithdrawalRow) => ActionSpec {
  const t = useWords("worker");
  const f = useFormat();
  const payoutLine = usePayoutLine();
  const money = useMoneyWords(rate);
  return (w) => ({
    intent: "cancel",
    id: w.id,
    title: t("withdrawals.cancelTitle"),
    description: t("withdrawals.cancelDescription", {
      dollars: money(w.withdrawalCents),
      payout: payoutLine(w.payout),
      coins: f.coins(w.withdrawalCoin),
    }),
    confirmLabel: t("withdrawals.cancelConfirm"),
    destructive: true,
  });
}

/** A pending request's place in the queue, and how long admins have taken lately. */
function QueueNote({ place, medianWaitHours }: { place: number; medianWaitHours: number | null }) {
  const t = useWords("worker");
  const f = useFormat();
  // "under an hour", "about 5 hours", "about 3 days" (as app/lib/waits.ts's waitWords)
  const wait = (hours: number) =>
    hours < 1
      ? t("withdrawals.underHour")
      : Math.round(hours) < 48
        ? t("withdrawals.aboutHours", { count: Math.round(hours) })
        : t("withdrawals.aboutDays", { count: Math.round(hours / 24) });
  return (
    <p className="meta mt-1" data-testid="queue-place">
      {place === 1 ? t("withdrawals.next") : t("withdrawals.place", { place: f.count(place) })}{" "}
      {medianWaitHours === null ? t("withdrawals.noWait") : t("withdrawals.wait", { wait: wait(medianWaitHours) })}
    </p>
  );
}

function Decision({ row }: { row: WithdrawalRow }) {
  const t = useWords("worker");
  if (row.status === "cancelled") return <p className="meta mt-1">{t("withdrawals.youCancelled")}</p>;
  if (row.status === "approved")
    return row.payoutReference ? (
      <p className="mt-1 text-xs" data-testid="payout-reference">
        <span className="font-semibold">{t("withdrawals.reference")}</span>
        <span className="select-all break-all font-mono">{row.payoutReference}</span>
      </p>
    ) : (
      <p className="meta mt-1">{t("withdrawals.paidOut")}</p>
    );
  if (row.status !== "rejected") return null;
  return (
    <>
      {row.decisionReason ? (
        <p className="mt-1 text-xs text-red-900">
          <span className="font-semibold">{t("reason")}</span>
          {row.decisionReason}
        </p>
      ) : null}
      <p className="meta mt-0.5">{t("withdrawals.returned")}</p>
    </>
  );
}

/**
 * The worker's own withdrawal requests, rendered once: status, a pending one's place in the queue and the admins'
 * median wait, the admin's reason, and Cancel while pending.
 */
export function WithdrawalsTable({
  rows,
  flow,
  medianWaitHours,
  rate,
}: {
  rows: WithdrawalRow[];
  flow: ActionFlow;
  medianWaitHours: number | null;
  /** the taka rate: a pending request's amount in taka too (a decided one was paid at its day's rate) */
  rate: TakaRate | null;
}) {
  const t = useWords("worker");
  const f = useFormat();
  const cancelSpec = useCancelSpec(rate);
  const systemName = useSystemName();
  return (
    <CardTable
      label={t("withdrawals.label")}
      testId="withdrawals-table"
      columns={[
        { header: t("withdrawals.requested") },
        { header: t("withdrawals.amount") },
        { header: t("withdrawals.paidTo") },
        { header: t("withdrawals.status") },
        ACTIONS_COLUMN,
      ]}
      rows={rows}
      row={(w) => (
        <CardRow data-testid="withdrawal-row">
          <Cell className="meta whitespace-nowrap">
            <LocalTime at={w.createdAt} />
          </Cell>
          <Cell label={t("withdrawals.amount")}>
            <span className="amount">{f.dollars(w.withdrawalCents)}</span>{" "}
            <Coins coins={w.withdrawalCoin} className="text-xs text-muted-foreground" />
            {rate && w.status === "pending" ? (
              <TakaAmount cents={w.withdrawalCents} rate={rate} className="block text-xs text-muted-foreground" />
            ) : null}
          </Cell>
          <Cell label={t("withdrawals.paidTo")}>
            <p className="font-medium">{systemName(w.payout.payment_system)}</p>
            <p className="meta break-all">
              {[w.payout.account_number, w.payout.bank_name, w.payout.bank_branch].filter(Boolean).join(" · ")}
            </p>
          </Cell>
          <Cell className="md:max-w-64">
            <StatusBadge status={w.status} />
            {w.queuePlace !== null ? <QueueNote place={w.queuePlace} medianWaitHours={medianWaitHours} /> : null}
            <Decision row={w} />
          </Cell>
          <Cell>
            {w.status === "pending" ? (
              <div className="actions">
                <ActionTrigger
                  flow={flow}
                  spec={cancelSpec(w)}
                  icon={<X aria-hidden />}
                  variant="danger"
                  label={t("withdrawals.cancelLabel", { dollars: f.dollars(w.withdrawalCents) })}
                >
                  {t("withdrawals.cancel")}
                </ActionTrigger>
              </div>
            ) : null}
          </Cell>
        </CardRow>
      )}
    />
  );
}
