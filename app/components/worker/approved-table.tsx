import { StatusBadge } from "~/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { formatDate } from "~/lib/format";
import { CoinAmount } from "./coin-amount";
import { MobileItem, MobileList } from "./mobile-list";

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
    <>
      <MobileList label="Approved tasks">
        {rows.map((s) => (
          <MobileItem key={s.id}>
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold leading-snug">{s.taskTitle}</p>
              <StatusBadge status="approved" />
            </div>
            <div className="flex items-center justify-between gap-3 text-sm">
              <CoinAmount coins={s.payableAmount} />
              <span className="text-muted-foreground">{s.buyerName}</span>
            </div>
          </MobileItem>
        ))}
      </MobileList>
      <div className="hidden sm:block">
        <Table caption="Approved tasks" data-testid="approved-table">
          <THead>
            <tr>
              <TH>Task title</TH>
              <TH>Payable amount</TH>
              <TH>Buyer</TH>
              <TH>Status</TH>
            </tr>
          </THead>
          <TBody>
            {rows.map((s) => (
              <TR key={s.id} data-testid="approved-row">
                <TD>
                  <p className="font-semibold">{s.taskTitle}</p>
                  <p className="text-xs text-muted-foreground">Approved {formatDate(s.reviewedAt)}</p>
                </TD>
                <TD>
                  <CoinAmount coins={s.payableAmount} stacked />
                </TD>
                <TD>{s.buyerName}</TD>
                <TD>
                  <StatusBadge status="approved" />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
