// My Submissions: the appeal of a rejection (docs/product/coins.md, "Appeals"): an Appeal button while the window
// is open, the appeal's status once it is filed.
import { Scale } from "~/components/icons/more";
import { ActionTrigger } from "~/components/actions/trigger";
import { type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { AppealBadge } from "~/components/ui/badge";
import { APPEAL_TEXT_MAX, APPEAL_TEXT_MIN } from "~/lib/appeals";
import { LocalTime } from "~/components/local-time";
import { useFormat, useWords, type Words } from "~/lib/i18n/react";

export interface AppealableRow {
  id: string;
  taskTitle: string;
  payableAmount: number;
  appealStatus: string | null;
  /** the last moment the rejection can be appealed; null when it cannot (appealed, past, not rejected) */
  appealUntil: number | null;
}

/** The appeal's confirmation, in the words of `t` (`useWords("worker")`) with coins written by `coins`. */
export function appealSpec(t: Words<"worker">, coins: (n: number) => string, row: AppealableRow): ActionSpec {
  return {
    intent: "appeal",
    id: row.id,
    title: t("appeal.title"),
    description: t("appeal.description", { title: row.taskTitle, coins: coins(row.payableAmount) }),
    confirmLabel: t("appeal.confirm"),
    reason: {
      label: t("appeal.reason"),
      required: true,
      placeholder: t("appeal.placeholder"),
      minLength: APPEAL_TEXT_MIN,
      maxLength: APPEAL_TEXT_MAX,
      counted: true,
    },
    inlineErrors: true,
  };
}

/** The appeal's status, or the button that opens the appeal form while the window is open. */
/** appealSpec for a page's rows, in the page's words. */
export function useAppealSpec(): (row: AppealableRow) => ActionSpec {
  const t = useWords("worker");
  const f = useFormat();
  return (row) => appealSpec(t, f.coins, row);
}

export function AppealCell({ row, flow }: { row: AppealableRow; flow: ActionFlow }) {
  const t = useWords("worker");
  const spec = useAppealSpec();
  if (row.appealStatus) {
    return (
      <p className="mt-1.5" data-testid="appeal-status">
        <AppealBadge status={row.appealStatus} />
      </p>
    );
  }
  const appealUntil = row.appealUntil;
  if (appealUntil === null) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
      <ActionTrigger
        flow={flow}
        spec={spec(row)}
        icon={<Scale aria-hidden />}
        label={t("appeal.label", { title: row.taskTitle })}
      >
        {t("appeal.button")}
      </ActionTrigger>
      <span className="text-xs text-muted-foreground">
        {t.rich("appeal.until", { time: () => <LocalTime at={appealUntil} /> })}
      </span>
    </div>
  );
}
