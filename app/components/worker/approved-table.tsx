import { StatusBadge } from "~/components/ui/badge";
import { TD, TH, TR } from "~/components/ui/table";
import { ListCard, ResponsiveList } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { CoinAmount } from "./coin-amount";

export interface ApprovedRow {
  id: string;
  taskTitle: string;
  payableAmount: number;
  buyerName: string;
  reviewedAt: number;
}

/** Worker Home's Approved Tasks: task title, payable amount, buyer name, approved badge. */
export function ApprovedTable({ rows }: { rows: ApprovedRow[] }) {
  return (
    <ResponsiveList
      label="Approved tasks"
      rows={rows}
      tableTestId="approved-table"
      card={(s) => (
        <ListCard>
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold leading-snug">{s.taskTitle}</p>
            <StatusBadge status="approved" />
          </div>
          <div className="flex items-center justify-between gap-3 text-sm">
            <CoinAmount coins={s.payableAmount} />
            <span className="text-muted-foreground">{s.buyerName}</span>
          </div>
        </ListCard>
      )}
      columns={
        <>
          <TH>Task title</TH>
          <TH>Payable amount</TH>
          <TH>Buyer</TH>
          <TH>Status</TH>
        </>
      }
      row={(s) => (
        <TR data-testid="approved-row">
          <TD>
            <p className="font-semibold">{s.taskTitle}</p>
            <p className="text-xs text-muted-foreground">
              Approved <LocalTime at={s.reviewedAt} dayOnly />
            </p>
          </TD>
          <TD>
            <CoinAmount coins={s.payableAmount} stacked />
          </TD>
          <TD>{s.buyerName}</TD>
          <TD>
            <StatusBadge status="approved" />
          </TD>
        </TR>
      )}
    />
  );
}
