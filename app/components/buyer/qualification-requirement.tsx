// Add Task's "Required qualification" (docs/product/quality.md): one of the buyer's qualifications and a least score.
// The server checks it where a worker's slot is taken; a worker without it sees the reason and the way to its test.
import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "react-router";
import { Field, NativeSelect } from "~/components/ui/input";
import { WholeNumberField } from "~/components/form-kit";

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
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Required qualification (optional)</legend>
      {choices.length ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Qualification" htmlFor={qualification.id} error={qualification.errors}>
            <NativeSelect {...getSelectProps(qualification)} defaultValue={String(qualification.initialValue ?? "")}>
              <option value="">None</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <WholeNumberField
            field={minScore}
            label="Least score (0-100)"
            hint="0: holding it is enough."
            min={0}
            max={100}
            placeholder="e.g. 80"
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          You have no qualifications yet.{" "}
          <Link to="/dashboard/qualifications" className="font-medium text-brand-700 underline">
            Define one
          </Link>{" "}
          to let only the workers who hold it work on your tasks.
        </p>
      )}
    </fieldset>
  );
}
