// Add Task's "Required qualification" (docs/product/quality.md): one of the buyer's qualifications and a least score.
// The server checks it where a worker's slot is taken; a worker without it sees the reason and the way to its test.
import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "react-router";
import { Field, NativeSelect } from "~/components/ui/input";
import { WholeNumberField } from "~/components/form-kit";
import { useFormat, useWords } from "~/lib/i18n/react";

export type QualificationChoice = { id: string; name: string };

export function QualificationRequirement({
  qualification,
  minScore,
  choices,
}: {
  qualification: FieldMetadata<string | null>;
  minScore: FieldMetadata<number>;
  choices: QualificationChoice[];
}) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t("taskForm.requiredQualification")}</legend>
      {choices.length ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t("review.grant.choice")} htmlFor={qualification.id} error={qualification.errors}>
            <NativeSelect {...getSelectProps(qualification)} defaultValue={String(qualification.initialValue ?? "")}>
              <option value="">{t("taskForm.none")}</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <WholeNumberField
            field={minScore}
            label={t("taskForm.leastScore")}
            hint={t("taskForm.leastScoreHint")}
            min={0}
            max={100}
            placeholder={t("taskForm.example", { value: f.count(80) })}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t.rich("taskForm.noQualifications", {
            link: (c) => (
              <Link to="/dashboard/qualifications" className="font-medium text-brand-700 underline">
                {c}
              </Link>
            ),
          })}
        </p>
      )}
    </fieldset>
  );
}
