// Buyer Home's review queue: every pending submission with a glimpse of its proof (thumbnail and first words), its
// worker's track record and its auto-approval countdown, rendered once (a table on wide screens, cards on phones,
// by CSS). A row opens the submission's view (Approve, Reject, Ask for revision, Next), or is approved or rejected from the row, each
// behind a confirmation; checkboxes choose rows for "Approve selected". Without JavaScript every button is a link
// to the page's ?open= and ?confirm= views.
import { useFormat, useWords } from "~/lib/i18n/react";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type * as React from "react";
import { buttonVariants } from "~/components/ui/button";
import { CardRow, CardTable, Cell, PagedList, ACTIONS_COLUMN } from "~/components/responsive-list";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { ActionTrigger } from "~/components/actions/trigger";
import { useActionFlow, type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { useHrefWithout, ViewLink } from "~/components/actions/enhanced";
import { useHydrated } from "~/components/use-hydrated";
import { LocalTime } from "~/components/local-time";
import { ProofGlimpse } from "~/components/proof";
import { CONFIRM_PARAM, OPEN_PARAM, ROW_PARAM, type Outcome } from "~/lib/enhanced";
import { APPROVE_SELECTED, proofExcerpt } from "~/lib/review";
import type { QualificationChoice } from "./qualification-requirement";
import { countdownWords, trackRecordWords, useReviewSpecs, type ReviewItem, type ReviewSpecs } from "./review-specs";
import { FIRST_ON_PAGE, NoJsSubmission, SubmissionDialog, type NextStop } from "./submission-view";
import { BULK_FORM, BulkResult, SelectionBar } from "./bulk-approval";
import { ProofFlagNotes, RejectFlagged, useNoJsRejectFlagged } from "./proof-flags";

/**
 * The submissions this buyer has opened in this tab (kept in sessionStorage, read when asked), so "Approve selected"
 * can say how many of its rows they have seen.
 */
const OPENED_KEY = "coinwork:opened-submissions";

function openedSubmissions(): ReadonlySet<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(OPENED_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

function markOpened(id: string) {
  const opened = openedSubmissions();
  if (!opened.has(id)) sessionStorage.setItem(OPENED_KEY, JSON.stringify([...opened, id].slice(-500)));
}

/** The no-JavaScript confirmation of "Approve selected" (`?confirm=approve-selected&row=…&row=…`), for rows on this page. */
function useNoJsSelection(items: ReviewItem[], specs: ReviewSpecs): ActionSpec | null {
  const [params] = useSearchParams();
  if (params.get(CONFIRM_PARAM) !== APPROVE_SELECTED) return null;
  const ids = new Set(params.getAll(ROW_PARAM));
  const rows = items.filter((s) => ids.has(s.id));
  return rows.length ? specs.approveSelected(rows) : null;
}

/** Where "Next" leads from `item`: the row after it, else the next page's first, else nowhere. */
function nextStop(items: ReviewItem[], item: ReviewItem, page: number, pages: number): NextStop {
  const after = items[items.indexOf(item) + 1];
  if (after) return { item: after };
  return page < pages ? { page: page + 1 } : null;
}

/** The queue. `query` is the list's own query string (page, task), kept by its views. */
export function ReviewQueue({
  items,
  page,
  pages,
  query,
  empty,
  qualifications = [],
  flagged = 0,
}: {
  /** pending submissions with a wrong check answer ("Reject flagged") */
  flagged?: number;
  items: ReviewItem[];
  page: number;
  pages: number;
  query: Record<string, string>;
  empty: React.ReactNode;
  /** the buyer's qualifications, to grant one to a worker ("Qualify") */
  qualifications?: QualificationChoice[];
}) {
  const t = useWords("buyer");
  const specs = useReviewSpecs();
  const [bulkOutcome, setBulkOutcome] = useState<Outcome | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<ReviewItem | null>(null);
  // a decision made from the view: once it is made the view goes on to the next stop (refused: back to the item)
  const [fromView, setFromView] = useState<{ item: ReviewItem; next: NextStop } | null>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const withoutOpen = useHrefWithout(OPEN_PARAM);

  const view = (item: ReviewItem | null) => {
    setViewing(item);
    if (item) markOpened(item.id);
  };
  const goNext = (stop: NextStop) => {
    if (stop && "item" in stop) return view(stop.item);
    view(null);
    if (stop) {
      const next = new URLSearchParams(query);
      next.set("page", String(stop.page));
      next.set(OPEN_PARAM, FIRST_ON_PAGE);
      void navigate(`?${next}`, { preventScrollReset: true });
    }
  };
  const flow = useActionFlow(
    (outcome, spec) => {
      if (spec.intent === APPROVE_SELECTED) {
        setBulkOutcome(outcome);
        setSelectedIds(new Set());
        return;
      }
      if (!fromView) return;
      if (outcome.ok) goNext(fromView.next);
      else view(fromView.item);
      setFromView(null);
    },
    // the confirmation was closed without deciding: back to the submission it was about
    () => {
      if (fromView) view(fromView.item);
      setFromView(null);
    },
  );

  // A view opened by URL (the next page's first, a shared link) shows as the dialog once the page is interactive
  // (state adjusted while rendering, once per URL that names a view), and the URL drops it.
  const openParam = params.get(OPEN_PARAM);
  const openedByUrl = openParam === FIRST_ON_PAGE ? items[0] : items.find((s) => s.id === openParam);
  const [shownParam, setShownParam] = useState<string | null>(null);
  if (hydrated && openParam && openParam !== shownParam) {
    setShownParam(openParam);
    if (openedByUrl) {
      setViewing(openedByUrl);
      markOpened(openedByUrl.id);
    }
  }
  useEffect(() => {
    if (hydrated && openParam) void navigate(withoutOpen, { replace: true, preventScrollReset: true });
  }, [hydrated, openParam, navigate, withoutOpen]);

  const decideFromView = (spec: ActionSpec, item: ReviewItem) => {
    setFromView({ item, next: nextStop(items, item, page, pages) });
    setViewing(null);
    flow.ask(spec);
  };

  const grantSpec = qualifications.length ? specs.grantFor(qualifications) : null;
  const rowSpec = useNoJsSpec(items, {
    approve: specs.approve,
    reject: specs.reject,
    revision: specs.revision,
    block: specs.block,
    ...(grantSpec ? { grant: grantSpec } : {}),
  });
  const selectionSpec = useNoJsSelection(items, specs);
  const flaggedSpec = useNoJsRejectFlagged(flagged);
  const noJsSpec = rowSpec ?? selectionSpec ?? flaggedSpec;
  const isBusy = (s: ReviewItem) =>
    flow.pendingId === s.id || (flow.busy && flow.spec?.intent === APPROVE_SELECTED && !!flow.spec.ids?.includes(s.id));
  // rows approved meanwhile leave the page, and the selection with them
  const selected = items.filter((s) => selectedIds.has(s.id));
  const select = (id: string, on: boolean) =>
    setSelectedIds((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      {/* always in the page, so the outcome is announced when it arrives */}
      <p className="sr-only" aria-live="polite">
        {bulkOutcome ? `${bulkOutcome.title}. ${bulkOutcome.message ?? bulkOutcome.detail ?? ""}` : ""}
      </p>
      {bulkOutcome ? <BulkResult outcome={bulkOutcome} onDismiss={() => setBulkOutcome(null)} /> : null}
      <RejectFlagged count={flagged} flow={flow} />
      {items.length ? (
        <SelectionBar
          items={items}
          selected={selected}
          query={query}
          hydrated={hydrated}
          busy={flow.busy}
          onSelectAll={(on) => setSelectedIds(new Set(on ? items.map((s) => s.id) : []))}
          onApprove={() => flow.ask(specs.approveSelected(selected, openedSubmissions()))}
        />
      ) : null}
      <PagedList count={items.length} page={page} pages={pages} empty={empty}>
        <CardTable
          label={t("review.list")}
          testId="review-queue"
          columns={[
            {
              header: (
                <span className="sr-only" id={SELECT_WORD}>
                  {t("review.select")}
                </span>
              ),
              className: "w-12",
            },
            { header: t("review.worker") },
            { header: t("review.proof") },
            { header: t("review.task") },
            { header: t("field.payable_amount"), className: "text-right" },
            ACTIONS_COLUMN,
          ]}
          rows={items}
          row={(s, index) => (
            <ReviewRow
              item={s}
              index={index}
              busy={isBusy(s)}
              selected={selectedIds.has(s.id)}
              onSelect={(on) => select(s.id, on)}
              actions={(rowId) => (
                <RowActions item={s} flow={flow} onView={() => view(s)} grantSpec={grantSpec} rowId={rowId} />
              )}
            />
          )}
        />
      </PagedList>

      <SubmissionDialog
        item={viewing}
        next={viewing ? nextStop(items, viewing, page, pages) : null}
        busy={flow.busy}
        onClose={() => view(null)}
        onApprove={(s) => decideFromView(specs.approve(s), s)}
        onReject={(s) => decideFromView(specs.reject(s), s)}
        onRevise={(s) => decideFromView(specs.revision(s), s)}
        onNext={() => viewing && goNext(nextStop(items, viewing, page, pages))}
      />
      {!hydrated && openedByUrl ? (
        <NoJsSubmission item={openedByUrl} next={nextStop(items, openedByUrl, page, pages)} />
      ) : null}
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

/** The id of the "Select" column's word, which begins each row's checkbox name (one queue a page). */
const SELECT_WORD = "qs";

/** The ids a row's controls are named with: its worker's name, its task's title (`q3w`, `q3t`), and its own buttons'. */
const rowIds = (rowId: string) => ({ worker: `${rowId}w`, task: `${rowId}t`, names: `${rowId}w ${rowId}t` });

/**
 * A row of the queue. Its controls are named by their own word and the row's worker and task, by reference
 * (`aria-labelledby`): "Approve Rahim Uddin Translate our welcome screen", unique per row, with no sentence of
 * words repeated in every row (decision 113). Ids come from the row's place on the page (short, and the same in the
 * browser's render).
 */
function ReviewRow({
  item: s,
  index,
  busy,
  selected,
  onSelect,
  actions,
}: {
  item: ReviewItem;
  index: number;
  busy: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  /** the row's buttons, given the row's id */
  actions: (rowId: string) => React.ReactNode;
}) {
  const t = useWords("buyer");
  const f = useFormat();
  const rowId = `q${index}`;
  const ids = rowIds(rowId);
  return (
    <CardRow data-testid="review-row" aria-busy={busy || undefined} className={busy ? "opacity-60" : undefined}>
      <Cell>
        <label className="pick">
          <input
            type="checkbox"
            form={BULK_FORM}
            name={ROW_PARAM}
            value={s.id}
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
            aria-labelledby={`${SELECT_WORD} ${ids.names}`}
            data-testid="review-select"
          />
        </label>
      </Cell>
      <Cell>
        <p className="name" id={ids.worker}>
          {s.workerName}
        </p>
        <p className="meta">
          <LocalTime at={s.editedAt ?? s.createdAt} />
          {s.editedAt ? ` ${t("review.changed")}` : null}
        </p>
        <p className="meta">
          <span className="sr-only">{t("review.trackRecordLabel")} </span>
          {trackRecordWords(t, s.trackRecord)}
        </p>
        <p className="meta text-amber-800">
          <time dateTime={new Date(s.autoApprovesAt).toISOString()}>{countdownWords(t, s.autoApproves)}</time>
        </p>
        <ProofFlagNotes flags={s.flags} />
      </Cell>
      <Cell className="md:max-w-72">
        <ProofGlimpse excerpt={proofExcerpt(s.text)} imageUrl={s.imageUrl} />
      </Cell>
      <Cell label={t("review.task")} className="md:max-w-56" id={ids.task}>
        {s.taskTitle}
      </Cell>
      <Cell label={t("field.payable_amount")} className="amount">
        {f.coins(s.payableAmount)}
      </Cell>
      <Cell>{actions(rowId)}</Cell>
    </CardRow>
  );
}

/** View, Approve, Reject and Block of a row; off while a review runs, so one decision goes at a time. */
function RowActions({
  item,
  flow,
  onView,
  grantSpec,
  rowId,
}: {
  item: ReviewItem;
  flow: ActionFlow;
  onView: () => void;
  grantSpec: ((s: ReviewItem) => ActionSpec) | null;
  rowId: string;
}) {
  const t = useWords("buyer");
  const specs = useReviewSpecs();
  const after = rowIds(rowId).names;
  const named = (button: string) => ({ id: `${rowId}${button}`, after });
  const off = flow.busy && "pointer-events-none opacity-60";
  return (
    <div className="actions">
      <ViewLink
        view={{ [OPEN_PARAM]: item.id }}
        onOpen={onView}
        stayLink
        className={buttonVariants({ variant: "outline", size: "sm" })}
        id={`${rowId}v`}
        aria-labelledby={`${rowId}v ${after}`}
      >
        {/* "View", and for screen readers "View Submission", the action's name in the product's original words */}
        {t.rich("review.view", { sr: (chunks) => <span className="sr-only">{chunks}</span> })}
      </ViewLink>
      <ActionTrigger
        flow={flow}
        spec={specs.approve(item)}
        variant="default"
        namedBy={named("a")}
        stayLink
        className={off || undefined}
      >
        {t("review.approve")}
      </ActionTrigger>
      <ActionTrigger
        flow={flow}
        spec={specs.reject(item)}
        namedBy={named("r")}
        stayLink
        variant="danger"
        className={off || undefined}
      >
        {t("review.reject")}
      </ActionTrigger>
      <ActionTrigger flow={flow} spec={specs.block(item)} namedBy={named("b")} stayLink className={off || undefined}>
        {t("review.block")}
      </ActionTrigger>
      {grantSpec ? (
        <ActionTrigger flow={flow} spec={grantSpec(item)} namedBy={named("g")} stayLink className={off || undefined}>
          {t("review.qualify")}
        </ActionTrigger>
      ) : null}
    </div>
  );
}
