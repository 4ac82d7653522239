// "Approve selected" on Buyer Home: the bar that holds the selection form and its button, and the outcome of the
// last bulk approval, each submission's fate.
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { CONFIRM_PARAM, type Outcome } from "~/lib/enhanced";
import { APPROVE_SELECTED, BULK_APPROVE_LIMIT, bulkRowLabel, type BulkRowOutcome } from "~/lib/review";
import { cn } from "~/lib/cn";
import { useFormat, useLanguage, useWords, type Words } from "~/lib/i18n/react";
import type { ReviewItem } from "./review-specs";

/** The form the rows' checkboxes belong to (they sit in the list, far from it). */
export const BULK_FORM = "bulk-approve";

const OUTCOMES = {
  approved: "bulk.outcome.approved",
  "already reviewed": "bulk.outcome.alreadyReviewed",
  "not yours": "bulk.outcome.notYours",
  "not found": "bulk.outcome.notFound",
  "not approved": "bulk.outcome.notApproved",
} as const;

/** A row's fate in the page's words ("approved", "already reviewed"…: the English words are the outcome itself). */
const outcomeWords = (t: Words<"buyer">, outcome: string) =>
  outcome in OUTCOMES ? t(OUTCOMES[outcome as keyof typeof OUTCOMES]) : outcome;

/** The outcome of the last "Approve selected": the summary and each submission's fate. */
export function BulkResult({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const t = useWords("buyer");
  const english = useLanguage() === "en";
  const rows = (outcome.extra?.results ?? []) as BulkRowOutcome[];
  const label = (r: BulkRowOutcome) => (r.workerName || english ? bulkRowLabel(r) : t("bulk.notYours"));
  return (
    <section
      aria-labelledby="bulk-result-title"
      data-testid="bulk-result"
      className={cn(
        "mb-4 grid gap-2 rounded-xl border px-4 py-3 text-sm",
        outcome.ok ? "border-emerald-200 bg-emerald-50 text-emerald-950" : "border-red-200 bg-red-50 text-red-950",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id="bulk-result-title" className="font-semibold">
          {outcome.title}
        </h3>
        <Button variant="outline" size="sm" onClick={onDismiss}>
          {t("bulk.dismiss")}
        </Button>
      </div>
      {rows.length ? (
        <ul className="grid gap-1">
          {rows.map((r) => (
            <li key={r.id} data-testid="bulk-result-row">
              <span className="font-medium">{label(r)}</span>: {outcomeWords(t, r.outcome)}
              {r.message && r.message !== outcome.title ? ` (${r.message})` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p>{outcome.detail ?? outcome.message}</p>
      )}
    </section>
  );
}

/**
 * "Select all on this page" (once JavaScript runs) and "Approve selected": the form the rows' checkboxes belong to.
 * Without JavaScript it asks the page for its confirmation view of the checked rows; with it, the dialog opens.
 */
export function SelectionBar({
  items,
  selected,
  query,
  hydrated,
  busy,
  onSelectAll,
  onApprove,
}: {
  items: ReviewItem[];
  selected: ReviewItem[];
  /** the list's own query (page, task) the confirmation view keeps */
  query: Record<string, string>;
  hydrated: boolean;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onApprove: () => void;
}) {
  const t = useWords("buyer");
  const f = useFormat();
  const all = useRef<HTMLInputElement>(null);
  const some = selected.length > 0 && selected.length < items.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);
  return (
    <form
      id={BULK_FORM}
      method="get"
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-white px-4 py-3 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (selected.length && !busy) onApprove();
      }}
    >
      <input type="hidden" name={CONFIRM_PARAM} value={APPROVE_SELECTED} />
      {Object.entries(query).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? (
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            ref={all}
            type="checkbox"
            checked={selected.length === items.length}
            onChange={(e) => onSelectAll(e.currentTarget.checked)}
            className="size-5 cursor-pointer accent-brand-600"
            data-testid="review-select-all"
          />
          {t("bulk.selectAll")}
        </label>
      ) : (
        <p className="text-sm text-muted-foreground">{t("bulk.tick")}</p>
      )}
      <div className="flex items-center gap-3">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {hydrated
            ? t("bulk.selected", { count: f.count(selected.length) })
            : t("bulk.upTo", { count: f.count(BULK_APPROVE_LIMIT) })}
        </span>
        <Button type="submit" size="sm" disabled={hydrated && (selected.length === 0 || busy)}>
          {t("bulk.approveSelected")}
        </Button>
      </div>
    </form>
  );
}
