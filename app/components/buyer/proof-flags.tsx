// The flags on a submission's proof (docs/product/quality.md), in the review queue's rows and the submission's view,
// and "Reject flagged", which rejects every pending submission with a wrong check answer after a confirmation.
import { AlertTriangle } from "~/components/icons/more";
import { LocalTime } from "~/components/local-time";
import { ActionTrigger } from "~/components/actions/trigger";
import { useNoJsSpec } from "~/components/actions/confirm";
import type { ActionFlow, ActionSpec } from "~/components/actions/flow";
import { useWords, type Words } from "~/lib/i18n/react";
import { REJECT_FLAGGED, type CopiedFrom, type ProofFlags } from "~/lib/proof-flags";

export function ProofFlagNotes({ flags }: { flags: ProofFlags | null }) {
  const t = useWords("buyer");
  if (!flags) return null;
  return (
    <ul className="grid gap-1" data-testid="proof-flags">
      {flags.wrongAnswer ? (
        <li className="flex items-start gap-1.5 text-xs text-red-800" data-testid="flag-wrong-answer">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            {t.rich("flags.wrongAnswer", {
              strong: (c) => <span className="font-semibold">{c}</span>,
              given: flags.wrongAnswer.given,
              expected: flags.wrongAnswer.expected,
            })}
          </span>
        </li>
      ) : null}
      {flags.copyOf ? <CopiedNote testId="flag-copied-proof" what="Image" from={flags.copyOf} /> : null}
      {flags.textCopyOf ? <CopiedNote testId="flag-copied-text" what="Text" from={flags.textCopyOf} /> : null}
    </ul>
  );
}

/** "Image like another worker's: …" or "Text like …": the earlier submission the proof copies. */
function CopiedNote({ testId, what, from }: { testId: string; what: "Image" | "Text"; from: CopiedFrom }) {
  const t = useWords("buyer");
  return (
    <li className="flex items-start gap-1.5 text-xs text-red-800" data-testid={testId}>
      <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        {t.rich(what === "Image" ? "flags.imageCopy" : "flags.textCopy", {
          strong: (c) => <span className="font-semibold">{c}</span>,
          worker: from.workerName,
          task: from.taskTitle,
        })}
        , <LocalTime at={from.createdAt} />
      </span>
    </li>
  );
}

const FLAGGED_ROW = "flagged";

function rejectFlaggedSpec(t: Words<"buyer">, count: number): ActionSpec {
  return {
    intent: REJECT_FLAGGED,
    id: FLAGGED_ROW,
    title: t("flags.reject.title", { count }),
    description: t("flags.reject.description", { reason: t("flags.reason") }),
    note: t("flags.reject.note"),
    confirmLabel: t("flags.reject.confirm", { count }),
    destructive: true,
  };
}

/** The no-JavaScript confirmation of "Reject flagged" (`?confirm=reject-flagged&row=flagged`). */
export function useNoJsRejectFlagged(count: number): ActionSpec | null {
  const t = useWords("buyer");
  return useNoJsSpec(count > 0 ? [{ id: FLAGGED_ROW }] : [], { [REJECT_FLAGGED]: () => rejectFlaggedSpec(t, count) });
}

/** "Reject flagged" over the queue, when some pending submission has a wrong check answer. */
export function RejectFlagged({ count, flow }: { count: number; flow: ActionFlow }) {
  const t = useWords("buyer");
  if (count === 0) return null;
  return (
    <div
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      data-testid="reject-flagged-bar"
    >
      <p className="flex items-center gap-2">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        {t("flags.bar", { count })}
      </p>
      <ActionTrigger flow={flow} spec={rejectFlaggedSpec(t, count)} stayLink className="bg-white text-destructive">
        {t("flags.reject")}
      </ActionTrigger>
    </div>
  );
}
