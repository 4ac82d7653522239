// Add Task's "Who may work on it" (docs/product/quality.md): a least approval rate and a least number of approved
// submissions, both optional. The server checks them where a worker's slot is taken.
import { useFormat, useWords } from "~/lib/i18n/react";
import type { FieldMetadata } from "@conform-to/react";
import { WholeNumberField } from "~/components/form-kit";
import { SMOOTHED_BELOW } from "~/lib/eligibility";

export type RequirementField = FieldMetadata<number | null>;

export function RequirementFields({ rate, approved }: { rate: RequirementField; approved: RequirementField }) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t("taskForm.who")}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <WholeNumberField
          field={rate}
          label={t("field.min_approval_rate")}
          hint={t("taskForm.rateHint", { count: f.count(SMOOTHED_BELOW) })}
          min={0}
          max={100}
          placeholder={t("taskForm.example", { value: f.count(90) })}
        />
        <WholeNumberField
          field={approved}
          label={t("field.min_approved")}
          min={0}
          placeholder={t("taskForm.example", { value: f.count(10) })}
        />
      </div>
    </fieldset>
  );
}
