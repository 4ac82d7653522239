// How a confirmed action runs and how its outcome is told, for every page whose action is a `confirmAction`
// (app/server/http/page-action.server.ts): the action's spec, the page's flow (which spec is asked, the fetcher that
// posts it with the ENHANCED_FIELD marker) and the telling, a result dialog or a toast as the spec says
// (decision 027). The pieces that show it are in confirm.tsx (the dialogs, the no-JavaScript view) and trigger.tsx.
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type * as React from "react";
import { ENHANCED_FIELD, outcomeText, type Outcome } from "~/lib/enhanced";
import { type ResultInfo } from "./result-dialog";
import type { Feedback } from "./feedback";
import { useWords, type Words } from "~/lib/i18n/react";

export interface ActionSpec {
  intent: string;
  /** the row acted on; for an action on several rows, a name for the selection (the rows go in `ids`) */
  id: string;
  /** the rows of an action on several (posted as one `ids` field each) */
  ids?: string[];
  title: string;
  /** inline content only (it is rendered inside a paragraph) */
  description?: React.ReactNode;
  /** what to look at before deciding, under the description (e.g. an appeal's evidence) */
  body?: React.ReactNode;
  /** a short box under the description (e.g. what a deletion refunds) */
  note?: React.ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** an optional reason is labelled "(optional)" unless its label says so itself (`markOptional: false`) */
  reason?: {
    label: string;
    required?: boolean;
    markOptional?: boolean;
    placeholder?: string;
    hint?: string;
    /** reasons to pick from (posted as `reason_pick`); the text is then for words of one's own */
    picks?: readonly string[];
    /** bounds of the text (default at most 500); `counted` shows how many characters are used as one types */
    minLength?: number;
    maxLength?: number;
    counted?: boolean;
  };
  /** one line to type (posted as `name`), e.g. a payout's transaction ID */
  text?: { name: string; label: string; hint?: string; placeholder?: string; maxLength?: number };
  /** one option to pick from a list (posted as `name`), e.g. which qualification to grant */
  choice?: { name: string; label: string; options: readonly { value: string; label: string }[] };
  /** coins to type (posted as `addcoin`); an adjustment by default (±), a bonus from `min` up */
  amount?: { label: string; hint?: string; min?: number; max?: number; placeholder?: string };
  /** keep the dialog open on a refusal and show it there (forms the admin can correct) */
  inlineErrors?: boolean;
  /** a wide dialog, for evidence shown side by side */
  wide?: boolean;
  /** more fields the action posts as they are (e.g. the role chosen, the proof version the buyer saw) */
  hidden?: Record<string, string>;
  /** a box the person must tick to confirm (`name` posts "on"), e.g. that they looked at every proof */
  acknowledge?: { name: string; label: string };
  /**
   * How the outcome is told (docs/product/messages.md, "How outcomes are told"): a toast, unless the action ends
   * something for good or pays money out, whose success answers in a dialog; its refusal then answers in a dialog or
   * a toast as the product's original specification names it (`refusedToast` adds a toast with those words to a refusal's dialog).
   */
  feedback?: Feedback;
}

export type ActionFlow = ReturnType<typeof useActionFlow>;

/** A page action's fetcher, and `onAnswer` called once for each new Outcome it brings. */
export function useOutcomeFetcher(onAnswer: (outcome: Outcome) => void) {
  const fetcher = useFetcher<Outcome>();
  const handled = useRef<Outcome | null>(null);
  const answered = useEffectEvent(onAnswer);
  useEffect(() => {
    const outcome = fetcher.data;
    if (!outcome || outcome === handled.current) return;
    handled.current = outcome;
    answered(outcome);
  }, [fetcher.data]);
  return fetcher;
}

/** Tells an outcome as its action's spec says: a result dialog or a toast (see ActionSpec.feedback). */
function tell(outcome: Outcome, spec: ActionSpec, showResult: (r: ResultInfo) => void, t: Words<"common">) {
  const how = outcome.ok ? spec.feedback?.ok : spec.feedback?.refused;
  if (how !== "dialog") return toastOutcome(outcome);
  showResult({ ok: outcome.ok, title: outcome.title, message: outcome.message, detail: outcome.detail });
  if (!outcome.ok && spec.feedback?.refusedToast)
    toast.error(t(spec.feedback.refusedToast), { description: outcome.detail });
}

/**
 * One fetcher and one confirmation dialog per page. Each outcome is told as its spec says (`tell`); `onOutcome`
 * runs after it, for what the page does next (e.g. open the next submission); `onDismiss` when the person closes
 * the confirmation without deciding.
 */
export function useActionFlow(
  onOutcome?: (outcome: Outcome, spec: ActionSpec) => void,
  onDismiss?: (spec: ActionSpec) => void,
) {
  const t = useWords("common");
  const [spec, setSpec] = useState<ActionSpec | null>(null);
  const [open, setOpen] = useState(false);
  const [inlineError, setInlineError] = useState<Outcome | null>(null);
  const [result, setResult] = useState<ResultInfo | null>(null);
  const fetcher = useOutcomeFetcher((outcome) => {
    if (!spec) return;
    if (!outcome.ok && spec.inlineErrors) {
      setInlineError(outcome);
      return;
    }
    setOpen(false);
    tell(outcome, spec, setResult, t);
    onOutcome?.(outcome, spec);
  });

  const busy = fetcher.state !== "idle";
  const pendingId = busy ? String(fetcher.formData?.get("id") ?? "") || null : null;
  return {
    fetcher,
    spec,
    open,
    busy,
    inlineError,
    /** the outcome shown in a result dialog, until it is closed */
    result,
    closeResult() {
      setResult(null);
    },
    /** the row whose action is in flight */
    pendingId,
    ask(next: ActionSpec) {
      setSpec(next);
      setInlineError(null);
      setOpen(true);
    },
    /**
     * Posts an action that needs no confirmation, as one that can be undone at once (e.g. marking a message unread),
     * and tells its outcome as its spec says, as for a confirmed one.
     */
    run(next: ActionSpec) {
      if (busy) return;
      setSpec(next);
      const fields: Record<string, string> = { ...next.hidden, intent: next.intent, [ENHANCED_FIELD]: "1" };
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const id of next.ids ?? [next.id]) form.append(next.ids ? "ids" : "id", id);
      void fetcher.submit(form, { method: "post" });
    },
    /** the admin is correcting the form: the last refusal no longer applies */
    clearError() {
      setInlineError(null);
    },
    setOpen(next: boolean) {
      if (busy && !next) return; // stay until the server has answered
      setOpen(next);
      if (next) return;
      setInlineError(null);
      if (spec) onDismiss?.(spec);
    },
  };
}

/** An outcome as a toast: the title, with its words (a refusal's own reason included) below. */
export function toastOutcome(outcome: Outcome) {
  (outcome.ok ? toast.success : toast.error)(outcome.title, { description: outcomeText(outcome) });
}
