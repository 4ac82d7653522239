import { StatusBadge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { CoinAmount } from "./coin-amount";
import { useWords } from "~/lib/i18n/react";

export interface ApprovedRow {
  id: string;
  taskTitle: string;
  payableAmount: number;
  buyerName: string;
  reviewedAt: number;
}

/** Worker Home's Approved Tasks, rendered once (a table on wide screens, cards on phones): task title, payable amount, buyer name, approved badge. */
export function ApprovedTable({ rows }: { rows: ApprovedRow[] }) {
  const t = useWords("worker");
  return (
    <CardTable
      label={t("approved.label")}
      testId="approved-table"
      columns={[
        { header: t("approved.taskTitle") },
        { header: t("approved.payableAmount") },
        { header: t("approved.buyer") },
        { header: t("approved.status") },
      ]}
      rows={rows}
      row={(s) => (
        <CardRow data-testid="approved-row">
          <Cell>
            <p className="name">{s.taskTitle}</p>
            <p className="meta">{t.rich("approved.on", { time: () => <LocalTime at={s.reviewedAt} dayOnly /> })}</p>
          </Cell>
          <Cell label={t("approved.payableAmount")}>
            {/* Worker Home says the withdrawal rate once, above the list (its approval-rate rule) */}
            <CoinAmount coins={s.payableAmount} stacked untitled />
          </Cell>
          <Cell label={t("approved.buyer")}>{s.buyerName}</Cell>
          <Cell>
            <StatusBadge status="approved" />
          </Cell>
        </CardRow>
      )}
    />
  );
}
