import { StatusBadge } from "~/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { formatDateTime } from "~/lib/format";
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

/** The worker's own withdrawal requests with their status (and the admin's reason when rejected). */
export function WithdrawalsTable({ rows }: { rows: WithdrawalRow[] }) {
  return (
    <Table caption="Your withdrawal requests" data-testid="withdrawals-table">
      <THead>
        <tr>
          <TH>Requested</TH>
          <TH>Coins</TH>
          <TH>Amount</TH>
          <TH>Paid to</TH>
          <TH>Status</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((w) => (
          <TR key={w.id} data-testid="withdrawal-row">
            <TD className="whitespace-nowrap text-muted-foreground">
              <time dateTime={new Date(w.createdAt).toISOString()}>{formatDateTime(w.createdAt)}</time>
            </TD>
            <TD>
              <Coins coins={w.withdrawalCoin} />
            </TD>
            <TD className="font-semibold tabular-nums">${formatCents(w.withdrawalCents)}</TD>
            <TD>
              <p className="font-medium">{w.paymentSystem}</p>
              <p className="text-xs text-muted-foreground break-all">{w.accountNumber}</p>
            </TD>
            <TD className="max-w-64">
              <StatusBadge status={w.status} />
              {w.status === "rejected" && w.decisionReason ? (
                <p className="mt-1 text-xs text-red-900">
                  <span className="font-semibold">Reason: </span>
                  {w.decisionReason}
                </p>
              ) : null}
              {w.status === "rejected" ? <p className="mt-0.5 text-xs text-muted-foreground">Coins returned to your balance.</p> : null}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
