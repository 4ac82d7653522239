import { WholeNumberField, type AnyField } from "~/components/form-kit";
import { ESTIMATE_MINUTES } from "~/lib/pay-rate";
import { TASK_FIELD_NAMES } from "~/lib/task-fields";

/** Add and Update Task's time estimate: how long one worker's work takes, the base of its pay per hour. Required. */
export function EstimateField({ field, minimumPay }: { field: AnyField; minimumPay: string }) {
  return (
    <WholeNumberField
      field={field}
      label={TASK_FIELD_NAMES.estimate_minutes}
      hint={`How long the work takes one worker: ${ESTIMATE_MINUTES.min} to ${ESTIMATE_MINUTES.max} minutes. The pay per hour it makes must be at least ${minimumPay}; after three submissions workers see the measured time instead.`}
      min={ESTIMATE_MINUTES.min}
      max={ESTIMATE_MINUTES.max}
    />
  );
}
