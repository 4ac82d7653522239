import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/badge";
import { TD, TH, TR } from "~/components/ui/table";
import { ListCard, ResponsiveList } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { cn } from "~/lib/cn";
import type { ActionFlow } from "~/components/actions/confirm";
import { CoinAmount } from "./coin-amount";
import { AppealCell, type AppealableRow } from "./appeal";

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

function TaskLink({ row, className }: { row: SubmissionRow; className?: string }) {
  return (
    <Link
      to={`/dashboard/tasklist/${row.taskId}`}
      className={cn("font-semibold hover:text-brand-700 hover:underline", className)}
    >
      {row.taskTitle}
    </Link>
  );
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

/**
 * My Submissions: Task, Buyer (name and e-mail), Payment, Status (with the buyer's reason when rejected, and the
 * appeal: its button while the window is open, its status once filed).
 */
export function SubmissionsTable({ rows, flow }: { rows: SubmissionRow[]; flow: ActionFlow }) {
  return (
    <ResponsiveList
      label="My submissions"
      rows={rows}
      tableTestId="submissions-table"
      card={(s) => (
        <ListCard data-testid="submission-card">
          <div className="flex items-start justify-between gap-3">
            <TaskLink row={s} className="leading-snug" />
            <StatusBadge status={s.status} />
          </div>
          <p className="text-sm">
            <span className="font-medium">{s.buyerName}</span>{" "}
            <span className="break-all text-muted-foreground">{s.buyerEmail}</span>
          </p>
          <div className="flex items-center justify-between gap-3 text-sm">
            <CoinAmount coins={s.payableAmount} />
            <span className="text-xs text-muted-foreground">
              Sent <LocalTime at={s.createdAt} dayOnly />
            </span>
          </div>
          <RejectReason row={s} />
          <AppealCell row={s} flow={flow} />
        </ListCard>
      )}
      columns={
        <>
          <TH>Task</TH>
          <TH>Buyer</TH>
          <TH>Payment</TH>
          <TH>Status</TH>
        </>
      }
      row={(s) => (
        <TR data-testid="submission-row">
          <TD className="max-w-72">
            <TaskLink row={s} />
            <p className="mt-0.5 text-xs text-muted-foreground">
              Sent <LocalTime at={s.createdAt} />
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
            <AppealCell row={s} flow={flow} />
          </TD>
        </TR>
      )}
    />
  );
}
