import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { formatDateTime } from "~/lib/format";
import { CoinAmount } from "./coin-amount";

export interface SubmissionRow {
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

/** My Submissions: Task, Buyer (name and e-mail), Payment, Status (with the buyer's reason when rejected). */
export function SubmissionsTable({ rows }: { rows: SubmissionRow[] }) {
  return (
    <Table caption="My submissions" data-testid="submissions-table">
      <THead>
        <tr>
          <TH>Task</TH>
          <TH>Buyer</TH>
          <TH>Payment</TH>
          <TH>Status</TH>
        </tr>
      </THead>
      <TBody>
        {rows.map((s) => (
          <TR key={s.id} data-testid="submission-row">
            <TD className="max-w-72">
              <Link to={`/dashboard/tasklist/${s.taskId}`} className="font-semibold hover:text-brand-700 hover:underline">
                {s.taskTitle}
              </Link>
              <p className="mt-0.5 text-xs text-muted-foreground">
                Sent <time dateTime={new Date(s.createdAt).toISOString()}>{formatDateTime(s.createdAt)}</time>
              </p>
            </TD>
            <TD>
              <p className="font-medium">{s.buyerName}</p>
              <p className="text-xs text-muted-foreground">{s.buyerEmail}</p>
            </TD>
            <TD>
              <CoinAmount coins={s.payableAmount} stacked />
            </TD>
            <TD className="max-w-64">
              <StatusBadge status={s.status} />
              {s.status === "rejected" ? (
                <p className="mt-1 text-xs text-red-900" data-testid="reject-reason">
                  <span className="font-semibold">Reason: </span>
                  {s.rejectReason || "No reason given."}
                </p>
              ) : null}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
