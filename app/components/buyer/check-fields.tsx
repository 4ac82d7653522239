// Add Task's and Update Task's "Check question" (docs/product/quality.md): a question whose answer the buyer knows,
// answered by each worker with the proof; a wrong answer flags the submission on the review page. The expected
// answer stays on the server: workers are shown the question (and the choices) only.
import type { FieldMetadata } from "@conform-to/react";
import { InputField, TextareaField } from "~/components/form-kit";
import { CHECK_MATCH_LABELS, CHECK_MATCHES } from "~/lib/schemas/check";

type TextField = FieldMetadata<string | undefined>;

export function CheckFields({
  question,
  match,
  answer,
  choices,
}: {
  question: TextField;
  match: TextField;
  answer: TextField;
  choices: TextField;
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Check question (optional)</legend>
      <p className="text-xs text-muted-foreground">
        Ask something only a worker who did the task can answer. Workers never see the expected answer; a wrong answer
        is flagged on your review page. Leave the question empty for none.
      </p>
      <InputField
        field={question}
        label="Question"
        type="text"
        maxLength={300}
        placeholder="e.g. What colour is the logo?"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Accept</legend>
          {CHECK_MATCHES.map((m) => (
            <label key={m} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={match.name}
                value={m}
                defaultChecked={(match.initialValue ?? "exact") === m}
                className="size-4 accent-brand-600"
              />
              {CHECK_MATCH_LABELS[m]}
            </label>
          ))}
        </fieldset>
        <InputField field={answer} label="Expected answer" type="text" maxLength={200} autoComplete="off" />
      </div>
      <TextareaField
        field={choices}
        label="Choices (for “One of these choices”)"
        hint="One a line; the expected answer must be one of them."
        rows={3}
      />
    </fieldset>
  );
}
