// Add Task's "Who may work on it" (docs/product/quality.md): a least approval rate and a least number of approved
// submissions, both optional. The server checks them where a worker's slot is taken.
import { TASK_FIELD_NAMES } from "~/lib/task-fields";
import type { FieldMetadata } from "@conform-to/react";
import { WholeNumberField } from "~/components/form-kit";
import { SMOOTHED_BELOW } from "~/lib/eligibility";

export type RequirementField = FieldMetadata<number | null>;

export function RequirementFields({ rate, approved }: { rate: RequirementField; approved: RequirementField }) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Who may work on it (optional)</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <WholeNumberField
          field={rate}
          label={TASK_FIELD_NAMES.min_approval_rate}
          hint={`Workers with fewer than ${SMOOTHED_BELOW} reviewed submissions are judged on a smoothed rate.`}
          min={0}
          max={100}
          placeholder="e.g. 90"
        />
        <WholeNumberField field={approved} label={TASK_FIELD_NAMES.min_approved} min={0} placeholder="e.g. 10" />
      </div>
    </fieldset>
  );
}
