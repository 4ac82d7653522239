import { StatusBadge } from "~/components/ui/badge";
import { TD, TH, TR } from "~/components/ui/table";
import { ListCard, ResponsiveList } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { formatCents } from "~/lib/coins";
import { Coins } from "./coin-amount";

export interface WithdrawalRow {
  id: string;
  withdrawalCoin: number;
  withdrawalCents: number;
  paymentSystem: string;
  accountNumber: string;
  status: string;
  decisionReason: string | null;
  createdAt: number;
}

function Decision({ row }: { row: WithdrawalRow }) {
  if (row.status !== "rejected") return null;
  return (
    <>
      {row.decisionReason ? (
        <p className="mt-1 text-xs text-red-900">
          <span className="font-semibold">Reason: </span>
          {row.decisionReason}
        </p>
      ) : null}
      <p className="mt-0.5 text-xs text-muted-foreground">Coins returned to your balance.</p>
    </>
  );
}

/** The worker's own withdrawal requests with their status (and the admin's reason when rejected). */
export function WithdrawalsTable({ rows }: { rows: WithdrawalRow[] }) {
  return (
    <ResponsiveList
      label="Your withdrawal requests"
      rows={rows}
      tableTestId="withdrawals-table"
      card={(w) => (
        <ListCard>
          <div className="flex items-start justify-between gap-3">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-lg font-bold tabular-nums">${formatCents(w.withdrawalCents)}</span>
              <Coins coins={w.withdrawalCoin} className="text-sm font-medium text-muted-foreground" />
            </p>
            <StatusBadge status={w.status} />
          </div>
          <p className="text-sm">
            <span className="font-medium">{w.paymentSystem}</span>{" "}
            <span className="break-all text-muted-foreground">{w.accountNumber}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            Requested <LocalTime at={w.createdAt} />
          </p>
          <div>
            <Decision row={w} />
          </div>
        </ListCard>
      )}
      columns={
        <>
          <TH>Requested</TH>
          <TH>Coins</TH>
          <TH>Amount</TH>
          <TH>Paid to</TH>
          <TH>Status</TH>
        </>
      }
      row={(w) => (
        <TR data-testid="withdrawal-row">
          <TD className="whitespace-nowrap text-muted-foreground">
            <LocalTime at={w.createdAt} />
          </TD>
          <TD>
            <Coins coins={w.withdrawalCoin} />
          </TD>
          <TD className="font-semibold tabular-nums">${formatCents(w.withdrawalCents)}</TD>
          <TD>
            <p className="font-medium">{w.paymentSystem}</p>
            <p className="break-all text-xs text-muted-foreground">{w.accountNumber}</p>
          </TD>
          <TD className="max-w-64">
            <StatusBadge status={w.status} />
            <Decision row={w} />
          </TD>
        </TR>
      )}
    />
  );
}
