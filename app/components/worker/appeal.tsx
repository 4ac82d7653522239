// My Submissions: the appeal of a rejection (docs/product/coins.md, "Appeals"): an Appeal button while the window
// is open, the appeal's status once it is filed.
import { formatCoins } from "~/lib/format";
import { Scale } from "~/components/icons";
import { ActionTrigger } from "~/components/actions/trigger";
import { type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { AppealBadge } from "~/components/ui/badge";
import { APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from "~/lib/appeals";
import { LocalTime } from "~/components/local-time";

export interface AppealableRow {
  id: string;
  taskTitle: string;
  payableAmount: number;
  appealStatus: string | null;
  /** the last moment the rejection can be appealed; null when it cannot (appealed, past, not rejected) */
  appealUntil: number | null;
}

export function appealSpec(row: AppealableRow): ActionSpec {
  return {
    intent: "appeal",
    id: row.id,
    title: "Appeal this rejection?",
    description: `An admin reads your appeal of the rejection of “${row.taskTitle}” and decides: if they overturn it, you are paid ${formatCoins(row.payableAmount)}. You can appeal once.`,
    confirmLabel: "Send appeal",
    reason: {
      label: "Why the rejection was wrong",
      required: true,
      placeholder: "e.g. The screenshot shows the review posted under my name on the date asked for.",
      minLength: APPEAL_TEXT_MIN,
      maxLength: APPEAL_TEXT_MAX,
      counted: true,
    },
    inlineErrors: true,
  };
}

/** The appeal's status, or the button that opens the appeal form while the window is open. */
export function AppealCell({ row, flow }: { row: AppealableRow; flow: ActionFlow }) {
  if (row.appealStatus) {
    return (
      <p className="mt-1.5" data-testid="appeal-status">
        <AppealBadge status={row.appealStatus} />
      </p>
    );
  }
  if (row.appealUntil === null) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
      <ActionTrigger
        flow={flow}
        spec={appealSpec(row)}
        icon={<Scale aria-hidden />}
        label={`Appeal the rejection of ${row.taskTitle}`}
      >
        Appeal
      </ActionTrigger>
      <span className="text-xs text-muted-foreground">
        until <LocalTime at={row.appealUntil} />
      </span>
    </div>
  );
}
