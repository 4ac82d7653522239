import { useFormat, useWords } from "~/lib/i18n/react";
import { WholeNumberField, type AnyField } from "~/components/form-kit";
import { TIME_ALLOWANCE_MINUTES } from "~/lib/time-allowance";

/** Add and Update Task's time allowance: how long a worker's start keeps a slot for them (empty: 60 on Add Task). */
export function TimeAllowanceField({ field }: { field: AnyField }) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <WholeNumberField
      field={field}
      label={t("field.time_allowance_minutes")}
      hint={t("taskForm.allowanceHint", {
        min: f.count(TIME_ALLOWANCE_MINUTES.min),
        max: f.count(TIME_ALLOWANCE_MINUTES.max),
        default: f.count(TIME_ALLOWANCE_MINUTES.default),
      })}
      min={TIME_ALLOWANCE_MINUTES.min}
      max={TIME_ALLOWANCE_MINUTES.max}
      placeholder={String(TIME_ALLOWANCE_MINUTES.default)}
    />
  );
}
