import { formatDollars, formatCoins } from "~/lib/format";
import { X } from "~/components/icons";
import { StatusBadge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell, ACTIONS_COLUMN } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { ActionTrigger } from "~/components/actions/trigger";
import { type ActionFlow, type ActionSpec } from "~/components/actions/flow";

import { payoutLine, type PayoutDetails } from "~/lib/payouts";
import { Coins } from "./coin-amount";
import { waitWords } from "~/lib/waits";
import type { TakaRate } from "~/lib/taka";
import { TakaAmount } from "./taka";

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
export function cancelSpec(w: WithdrawalRow): ActionSpec {
  return {
    intent: "cancel",
    id: w.id,
    title: "Cancel this withdrawal?",
    description: `The request for ${formatDollars(w.withdrawalCents)} to ${payoutLine(w.payout)} is withdrawn and its ${formatCoins(w.withdrawalCoin)} go back to your balance at once.`,
    confirmLabel: "Yes, cancel it",
    destructive: true,
  };
}

/** A pending request's place in the queue, and how long admins have taken lately. */
function QueueNote({ place, medianWaitHours }: { place: number; medianWaitHours: number | null }) {
  return (
    <p className="meta mt-1" data-testid="queue-place">
      {place === 1 ? "Next in the queue." : `Number ${place} in the queue.`}{" "}
      {medianWaitHours === null
        ? "No withdrawal was decided in the last 30 days."
        : `Admins took ${waitWords(medianWaitHours)} (median) over the last 30 days.`}
    </p>
  );
}

function Decision({ row }: { row: WithdrawalRow }) {
  if (row.status === "cancelled") return <p className="meta mt-1">You cancelled it; the coins are back.</p>;
  if (row.status === "approved")
    return row.payoutReference ? (
      <p className="mt-1 text-xs" data-testid="payout-reference">
        <span className="font-semibold">Payout reference: </span>
        <span className="select-all break-all font-mono">{row.payoutReference}</span>
      </p>
    ) : (
      <p className="meta mt-1">Paid out.</p>
    );
  if (row.status !== "rejected") return null;
  return (
    <>
      {row.decisionReason ? (
        <p className="mt-1 text-xs text-red-900">
          <span className="font-semibold">Reason: </span>
          {row.decisionReason}
        </p>
      ) : null}
      <p className="meta mt-0.5">Coins returned to your balance.</p>
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
  return (
    <CardTable
      label="Your withdrawal requests"
      testId="withdrawals-table"
      columns={[
        { header: "Requested" },
        { header: "Amount" },
        { header: "Paid to" },
        { header: "Status" },
        ACTIONS_COLUMN,
      ]}
      rows={rows}
      row={(w) => (
        <CardRow data-testid="withdrawal-row">
          <Cell className="meta whitespace-nowrap">
            <LocalTime at={w.createdAt} />
          </Cell>
          <Cell label="Amount">
            <span className="amount">{formatDollars(w.withdrawalCents)}</span>{" "}
            <Coins coins={w.withdrawalCoin} className="text-xs text-muted-foreground" />
            {rate && w.status === "pending" ? (
              <TakaAmount cents={w.withdrawalCents} rate={rate} className="block text-xs text-muted-foreground" />
            ) : null}
          </Cell>
          <Cell label="Paid to">
            <p className="font-medium">{w.payout.payment_system}</p>
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
                  label={`Cancel the withdrawal of ${formatDollars(w.withdrawalCents)}`}
                >
                  Cancel
                </ActionTrigger>
              </div>
            ) : null}
          </Cell>
        </CardRow>
      )}
    />
  );
}
