import { WholeNumberField, type AnyField } from "~/components/form-kit";
import { ESTIMATE_MINUTES } from "~/lib/pay-rate";
import { useFormat, useWords } from "~/lib/i18n/react";

/**
 * Add and Update Task's time estimate: how long one worker's work takes, the base of its pay per hour. Required, but
 * for a task whose time is `measured` (a HIT), which keeps it measured while the field stays empty.
 */
export function EstimateField({
  field,
  minimumPay,
  measured = false,
}: {
  field: AnyField;
  minimumPay: string;
  measured?: boolean;
}) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <WholeNumberField
      field={field}
      label={t("field.estimate_minutes")}
      hint={t(measured ? "taskForm.estimateMeasuredHint" : "taskForm.estimateHint", {
        min: f.count(ESTIMATE_MINUTES.min),
        max: f.count(ESTIMATE_MINUTES.max),
        minimumPay,
      })}
      min={ESTIMATE_MINUTES.min}
      max={ESTIMATE_MINUTES.max}
    />
  );
}
