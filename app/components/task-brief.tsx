import { Info } from "~/components/icons/more";
import { HeadedSection } from "~/components/headed-section";
import { useWords } from "~/lib/i18n/react";

/** What a task asks, as a worker reads it before doing it: its description and what to submit as proof. */
export function TaskBrief({ detail, instructions }: { detail: string; instructions: string }) {
  const t = useWords("common");
  return (
    <>
      <HeadedSection id="task-description" title={t("taskBrief.description")} className="grid gap-2">
        <p className="whitespace-pre-line leading-relaxed text-slate-700">{detail}</p>
      </HeadedSection>
      <HeadedSection id="task-proof" title={t("taskBrief.whatToSubmit")} className="grid gap-2">
        <p className="flex gap-2 rounded-xl bg-brand-50/70 p-4 leading-relaxed text-brand-900">
          <Info className="mt-1 size-4 shrink-0" aria-hidden />
          <span className="whitespace-pre-line">{instructions || t("taskBrief.defaultInstructions")}</span>
        </p>
      </HeadedSection>
    </>
  );
}
