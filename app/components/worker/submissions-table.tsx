import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell, PersonCell } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import type { ActionFlow } from "~/components/actions/flow";
import { CoinAmount } from "./coin-amount";
import { AppealCell, type AppealableRow } from "./appeal";
import { useWords } from "~/lib/i18n/react";

export interface SubmissionRow extends AppealableRow {
  id: string;
  taskId: string;
  taskTitle: string;
  buyerName: string;
  buyerEmail: string;
  payableAmount: number;
  status: string;
  rejectReason: string | null;
  createdAt: number;
}

function RejectReason({ row }: { row: SubmissionRow }) {
  const t = useWords("worker");
  if (row.status !== "rejected") return null;
  return (
    <p className="mt-1 text-xs text-red-900" data-testid="reject-reason">
      <span className="font-semibold">{t("reason")}</span>
      {row.rejectReason || t("noReasonGiven")}
    </p>
  );
}

/**
 * My Submissions, rendered once (a table on wide screens, cards on phones): Task (opens the submission: its text,
 * image, review deadline and reason), Buyer (name and e-mail), Payment, Status (with the buyer's reason when
 * rejected, and the appeal: its button while the window is open, its status once filed).
 */
export function SubmissionsTable({ rows, flow }: { rows: SubmissionRow[]; flow: ActionFlow }) {
  const t = useWords("worker");
  return (
    <CardTable
      label={t("submissions.label")}
      testId="submissions-table"
      columns={[
        { header: t("submissions.task") },
        { header: t("submissions.buyer") },
        { header: t("submissions.payment") },
        { header: t("submissions.status") },
      ]}
      rows={rows}
      row={(s) => (
        <CardRow data-testid="submission-row">
          <Cell className="md:max-w-72">
            <Link
              to={`/dashboard/mysubmissions/${s.id}`}
              className="name hover:text-brand-700 hover:underline"
              aria-label={t("submissions.open", { title: s.taskTitle })}
            >
              {s.taskTitle}
            </Link>
            <p className="meta">{t.rich("submissions.sent", { time: () => <LocalTime at={s.createdAt} /> })}</p>
          </Cell>
          <PersonCell label={t("submissions.buyer")} name={s.buyerName} email={s.buyerEmail} />
          <Cell label={t("submissions.payment")}>
            <CoinAmount coins={s.payableAmount} stacked />
          </Cell>
          <Cell className="md:max-w-64">
            <StatusBadge status={s.status} />
            <RejectReason row={s} />
            <AppealCell row={s} flow={flow} />
          </Cell>
        </CardRow>
      )}
    />
  );
}
