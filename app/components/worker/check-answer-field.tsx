// The worker's answer to a task's check question (docs/product/quality.md), sent with the proof. Only the question
// and the choices reach the browser; the expected answer never does.
import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/components/form-kit";
import type { WorkerCheckView } from "~/lib/schemas/check";
import { useWords } from "~/lib/i18n/react";

export function CheckAnswerField({
  check,
  field,
}: {
  check: WorkerCheckView;
  field: FieldMetadata<string | undefined>;
}) {
  const t = useWords("worker");
  if (check.match !== "choice")
    return (
      <InputField field={field} label={check.question} hint={t("proofForm.checkHint")} type="text" maxLength={200} />
    );
  return (
    <fieldset className="grid gap-1.5" aria-describedby={field.errors ? `${field.id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{check.question}</legend>
      {check.choices.map((c) => (
        <label key={c} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
          <input
            type="radio"
            name={field.name}
            value={c}
            required
            defaultChecked={field.initialValue === c}
            className="size-4 accent-brand-600"
          />
          {c}
        </label>
      ))}
      {field.errors ? (
        <p id={`${field.id}-error`} className="text-sm font-medium text-destructive">
          {field.errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
