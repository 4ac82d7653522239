import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { formatDate, formatDateTime } from "~/lib/format";
import { CoinAmount } from "./coin-amount";
import { MobileItem, MobileList } from "./mobile-list";

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

function RejectReason({ row }: { row: SubmissionRow }) {
  if (row.status !== "rejected") return null;
  return (
    <p className="mt-1 text-xs text-red-900" data-testid="reject-reason">
      <span className="font-semibold">Reason: </span>
      {row.rejectReason || "No reason given."}
    </p>
  );
}

/** My Submissions: Task, Buyer (name and e-mail), Payment, Status (with the buyer's reason when rejected). */
export function SubmissionsTable({ rows }: { rows: SubmissionRow[] }) {
  return (
    <>
      <MobileList label="My submissions">
        {rows.map((s) => (
          <MobileItem key={s.id} data-testid="submission-card">
            <div className="flex items-start justify-between gap-3">
              <Link to={`/dashboard/tasklist/${s.taskId}`} className="font-semibold leading-snug hover:text-brand-700 hover:underline">
                {s.taskTitle}
              </Link>
              <StatusBadge status={s.status} />
            </div>
            <p className="text-sm">
              <span className="font-medium">{s.buyerName}</span>{" "}
              <span className="break-all text-muted-foreground">{s.buyerEmail}</span>
            </p>
            <div className="flex items-center justify-between gap-3 text-sm">
              <CoinAmount coins={s.payableAmount} />
              <span className="text-xs text-muted-foreground">Sent {formatDate(s.createdAt)}</span>
            </div>
            <RejectReason row={s} />
          </MobileItem>
        ))}
      </MobileList>
      <div className="hidden sm:block">
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
                  <RejectReason row={s} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}
