// Add Task's and Update Task's "Check question" (docs/product/quality.md): a question whose answer the buyer knows,
// answered by each worker with the proof; a wrong answer flags the submission on the review page. The expected
// answer stays on the server: workers are shown the question (and the choices) only.
import type { FieldMetadata } from "@conform-to/react";
import { InputField, TextareaField } from "~/components/form-kit";
import { CHECK_MATCHES } from "~/lib/schemas/check";
import { useWords } from "~/lib/i18n/react";

const MATCH_KEYS = { exact: "check.exact", ignore_case: "check.ignoreCase", choice: "check.choice" } as const;

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
  const t = useWords("buyer");
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t("check.legend")}</legend>
      <p className="text-xs text-muted-foreground">{t("check.intro")}</p>
      <InputField
        field={question}
        label={t("check.question")}
        type="text"
        maxLength={300}
        placeholder={t("check.questionPlaceholder")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">{t("check.accept")}</legend>
          {CHECK_MATCHES.map((m) => (
            <label key={m} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={match.name}
                value={m}
                defaultChecked={(match.initialValue ?? "exact") === m}
                className="size-4 accent-brand-600"
              />
              {t(MATCH_KEYS[m])}
            </label>
          ))}
        </fieldset>
        <InputField field={answer} label={t("check.answer")} type="text" maxLength={200} autoComplete="off" />
      </div>
      <TextareaField field={choices} label={t("check.choices")} hint={t("check.choicesHint")} rows={3} />
    </fieldset>
  );
}
