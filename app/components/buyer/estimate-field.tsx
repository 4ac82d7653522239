import { WholeNumberField, type AnyField } from "~/components/form-kit";
import { ESTIMATE_MINUTES } from "~/lib/pay-rate";
import { useFormat, useWords } from "~/lib/i18n/react";

/** Add and Update Task's time estimate: how long one worker's work takes, the base of its pay per hour. Required. */
export function EstimateField({ field, minimumPay }: { field: AnyField; minimumPay: string }) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <WholeNumberField
      field={field}
      label={t("field.estimate_minutes")}
      hint={t("taskForm.estimateHint", {
        min: f.count(ESTIMATE_MINUTES.min),
        max: f.count(ESTIMATE_MINUTES.max),
        minimumPay,
      })}
      min={ESTIMATE_MINUTES.min}
      max={ESTIMATE_MINUTES.max}
    />
  );
}
