import { StatusBadge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { CoinAmount } from "./coin-amount";

export interface ApprovedRow {
  id: string;
  taskTitle: string;
  payableAmount: number;
  buyerName: string;
  reviewedAt: number;
}

/** Worker Home's Approved Tasks, rendered once (a table on wide screens, cards on phones): task title, payable amount, buyer name, approved badge. */
export function ApprovedTable({ rows }: { rows: ApprovedRow[] }) {
  return (
    <CardTable
      label="Approved tasks"
      testId="approved-table"
      columns={[{ header: "Task title" }, { header: "Payable amount" }, { header: "Buyer" }, { header: "Status" }]}
      rows={rows}
      row={(s) => (
        <CardRow data-testid="approved-row">
          <Cell>
            <p className="name">{s.taskTitle}</p>
            <p className="meta">
              Approved <LocalTime at={s.reviewedAt} dayOnly />
            </p>
          </Cell>
          <Cell label="Payable amount">
            <CoinAmount coins={s.payableAmount} stacked />
          </Cell>
          <Cell label="Buyer">{s.buyerName}</Cell>
          <Cell>
            <StatusBadge status="approved" />
          </Cell>
        </CardRow>
      )}
    />
  );
}
