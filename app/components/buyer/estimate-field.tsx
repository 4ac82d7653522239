import { WholeNumberField, type AnyField } from "~/components/form-kit";
import { ESTIMATE_MINUTES } from "~/lib/pay-rate";

/** Add and Update Task's time estimate: how long one worker's work takes, the base of its pay per hour. */
export function EstimateField({ field, minimumPay }: { field: AnyField; minimumPay: string }) {
  return (
    <WholeNumberField
      field={field}
      label="Time Estimate (minutes)"
      hint={`How long the work takes one worker: ${ESTIMATE_MINUTES.min} to ${ESTIMATE_MINUTES.max} minutes. Workers see the pay per hour it makes, which must be at least ${minimumPay}; after three submissions they see the measured time instead.`}
      min={ESTIMATE_MINUTES.min}
      max={ESTIMATE_MINUTES.max}
    />
  );
}
