import { Link, useSearchParams } from "react-router";
import { useEffect, useRef, useState } from "react";
import type * as React from "react";
import { Check, CheckCheck, Eye, Hourglass, X } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Modal } from "~/components/ui/dialog";
import { EmptyState, TD, TH, TR } from "~/components/ui/table";
import { ListCard, PagedList, ResponsiveList } from "~/components/responsive-list";
import {
  ActionDialog,
  ActionTrigger,
  NoJsConfirm,
  toastOutcome,
  useActionFlow,
  useNoJsSpec,
  type ActionFlow,
  type ActionSpec,
} from "~/components/actions/confirm";
import { NoJsPanel, useHrefWithout, ViewLink } from "~/components/actions/enhanced";
import { useHydrated } from "~/components/use-hydrated";
import { Button } from "~/components/ui/button";
import { CONFIRM_PARAM, OPEN_PARAM, ROW_PARAM, type Outcome } from "~/lib/enhanced";
import { APPROVE_SELECTED, BULK_APPROVE_LIMIT, bulkRowLabel, type BulkRowOutcome } from "~/lib/review";
import { formatDateTime } from "~/lib/format";
import { LocalTime, useTimeZone } from "~/components/local-time";
import { cn } from "~/lib/cn";

export interface ReviewItem {
  id: string;
  workerName: string;
  workerEmail: string;
  taskTitle: string;
  payableAmount: number;
  details: string;
  imageUrl: string | null;
  createdAt: number;
  /** when the review window ends, and the countdown to it as the server worded it ("auto-approves in 2 days") */
  autoApprovesAt: number;
  autoApproves: string;
  /** the worker's reviewed work: "12 approved · 1 rejected · 92%" */
  trackRecord: string;
}

/** What the submission modal shows: the image if there is one, the text if there is one, else SPEC's words. */
export function SubmissionBody({ item }: { item: ReviewItem }) {
  const text = item.details.trim();
  if (!item.imageUrl && !text) return <p className="text-sm text-muted-foreground">No details provided.</p>;
  return (
    <div className="grid gap-4">
      {item.imageUrl ? (
        <a
          href={item.imageUrl}
          target="_blank"
          rel="noreferrer"
          className="block overflow-hidden rounded-lg border border-border bg-muted"
        >
          <img
            src={item.imageUrl}
            alt={`Image submitted by ${item.workerName}`}
            className="mx-auto max-h-[55dvh] w-auto object-contain"
            data-testid="submission-image"
          />
        </a>
      ) : null}
      {text ? (
        <p
          className="whitespace-pre-wrap break-words rounded-lg bg-muted px-4 py-3 text-sm leading-relaxed"
          data-testid="submission-text"
        >
          {text}
        </p>
      ) : null}
    </div>
  );
}

function approveSpec(s: ReviewItem): ActionSpec {
  return {
    intent: "approve",
    id: s.id,
    title: "Approve this submission?",
    description: `${s.workerName} will be paid ${s.payableAmount} coins for “${s.taskTitle}”.`,
    confirmLabel: "Yes, approve",
  };
}

function rejectSpec(s: ReviewItem): ActionSpec {
  return {
    intent: "reject",
    id: s.id,
    title: "Reject this submission?",
    description: `The slot of “${s.taskTitle}” reopens for another worker.`,
    confirmLabel: "Yes, reject",
    destructive: true,
    reason: {
      label: "Reason for rejecting (shown to the worker)",
      markOptional: false,
      placeholder: "e.g. The screenshot does not show your comment.",
    },
  };
}

const BULK_FORM = "bulk-approve";

function approveSelectedSpec(rows: ReviewItem[]): ActionSpec {
  const coins = rows.reduce((sum, s) => sum + s.payableAmount, 0);
  const n = rows.length;
  return {
    intent: APPROVE_SELECTED,
    id: APPROVE_SELECTED,
    ids: rows.map((s) => s.id),
    title: `Approve ${n} ${n === 1 ? "submission" : "submissions"}?`,
    description: `${coins} coins in all will be paid from your tasks' escrow to: ${rows.map((s) => s.workerName).join(", ")}.`,
    note: "Each approval is made on its own: one that cannot be made (already reviewed meanwhile) leaves the others done, and you will see what happened to each.",
    confirmLabel: `Yes, approve ${n}`,
  };
}

/** The no-JavaScript confirmation of "Approve selected" (`?confirm=approve-selected&row=…&row=…`), for rows on this page. */
function useNoJsSelection(items: ReviewItem[]): ActionSpec | null {
  const [params] = useSearchParams();
  if (params.get(CONFIRM_PARAM) !== APPROVE_SELECTED) return null;
  const ids = new Set(params.getAll(ROW_PARAM));
  const rows = items.filter((s) => ids.has(s.id));
  return rows.length ? approveSelectedSpec(rows) : null;
}

/** When the window ends and what the worker's record is: under the worker's name in both layouts. */
function ReviewFacts({ item }: { item: ReviewItem }) {
  const timeZone = useTimeZone();
  return (
    <>
      <p className="text-xs text-muted-foreground" data-testid="track-record">
        <span className="sr-only">Track record: </span>
        {item.trackRecord}
      </p>
      <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-800" data-testid="auto-approves">
        <Hourglass className="size-3.5" aria-hidden />
        <time
          dateTime={new Date(item.autoApprovesAt).toISOString()}
          title={formatDateTime(item.autoApprovesAt, timeZone)}
        >
          {item.autoApproves}
        </time>
      </p>
    </>
  );
}

/** A row's checkbox for "Approve selected": part of the selection form wherever it sits on the page. */
function SelectBox({
  item,
  checked,
  onChange,
}: {
  item: ReviewItem;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      form={BULK_FORM}
      name={ROW_PARAM}
      value={item.id}
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      aria-label={`Select ${item.workerName}'s submission for ${item.taskTitle}`}
      className="size-5 shrink-0 cursor-pointer accent-brand-600"
      data-testid="review-select"
    />
  );
}

/** The outcome of the last "Approve selected": the summary and each submission's fate. */
function BulkResult({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const rows = (outcome.extra?.results ?? []) as BulkRowOutcome[];
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
          Dismiss
        </Button>
      </div>
      {rows.length ? (
        <ul className="grid gap-1">
          {rows.map((r) => (
            <li key={r.id} data-testid="bulk-result-row">
              <span className="font-medium">{bulkRowLabel(r)}</span>: {r.outcome}
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
 * The buyer's review queue: View Submission (modal), Approve and Reject (each behind a confirmation; Reject asks
 * for a reason). A review's confirm button is off while it runs, so a double click sends once. Without
 * JavaScript the same buttons are links to the page's ?open= and ?confirm= views. Each row shows its worker's
 * track record and its auto-approval countdown, and has a checkbox for "Approve selected" (one confirmation, then
 * each submission's outcome in a panel above the list; without JavaScript a confirmation view and a flash).
 */
export function ReviewTable({
  items,
  page,
  pages,
  limit,
}: {
  items: ReviewItem[];
  page: number;
  pages: number;
  limit: number;
}) {
  const [bulkOutcome, setBulkOutcome] = useState<Outcome | null>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const flow = useActionFlow((outcome, spec) => {
    if (spec.intent !== APPROVE_SELECTED) return toastOutcome(outcome);
    setBulkOutcome(outcome);
    setSelectedIds(new Set());
  });
  const [viewing, setViewing] = useState<ReviewItem | null>(null);
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const opened = items.find((s) => s.id === params.get(OPEN_PARAM)) ?? null;
  const rowSpec = useNoJsSpec(items, { approve: approveSpec, reject: rejectSpec });
  const selectionSpec = useNoJsSelection(items);
  const noJsSpec = rowSpec ?? selectionSpec;
  // the rows a review in flight is about: the one row, or every row of "Approve selected"
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
  const selectBox = (s: ReviewItem) => (
    <SelectBox item={s} checked={selectedIds.has(s.id)} onChange={(on) => select(s.id, on)} />
  );

  const actions = (s: ReviewItem, stacked: boolean) => (
    <div className={cn("flex gap-2", stacked ? "grid grid-cols-3" : "justify-end")}>
      <ViewLink
        view={{ [OPEN_PARAM]: s.id }}
        onOpen={() => setViewing(s)}
        stayLink
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), stacked && "px-2")}
        aria-label={`View Submission of ${s.workerName}`}
      >
        <Eye aria-hidden /> {stacked ? "View" : "View Submission"}
      </ViewLink>
      <Decide flow={flow} spec={approveSpec(s)} label={`Approve ${s.workerName}'s submission`}>
        <Check aria-hidden /> Approve
      </Decide>
      <Decide
        flow={flow}
        spec={rejectSpec(s)}
        label={`Reject ${s.workerName}'s submission`}
        className="text-destructive hover:bg-red-50"
        variant="outline"
      >
        <X aria-hidden /> Reject
      </Decide>
    </div>
  );

  return (
    <>
      {/* always in the page, so the outcome is announced when it arrives */}
      <p className="sr-only" aria-live="polite">
        {bulkOutcome ? `${bulkOutcome.title}. ${bulkOutcome.message ?? bulkOutcome.detail ?? ""}` : ""}
      </p>
      {bulkOutcome ? <BulkResult outcome={bulkOutcome} onDismiss={() => setBulkOutcome(null)} /> : null}
      {items.length ? (
        <SelectionBar
          items={items}
          selected={selected}
          page={page}
          hydrated={hydrated}
          busy={flow.busy}
          onSelectAll={(on) => setSelectedIds(new Set(on ? items.map((s) => s.id) : []))}
          onApprove={() => flow.ask(approveSelectedSpec(selected))}
        />
      ) : null}
      <PagedList count={items.length} page={page} pages={pages} empty={<EmptyState message="No Tasks To Review" />}>
        <ResponsiveList
          label="Submissions to review"
          rows={items}
          from="md"
          card={(s) => (
            <ListCard
              data-testid="review-card"
              aria-busy={isBusy(s)}
              className={cn("gap-3", isBusy(s) && "opacity-60")}
            >
              <div className="flex items-start justify-between gap-3">
                {selectBox(s)}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{s.workerName}</p>
                  <p className="text-xs text-muted-foreground">
                    <LocalTime at={s.createdAt} />
                  </p>
                  <ReviewFacts item={s} />
                </div>
                <span className="shrink-0 rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
                  {s.payableAmount} coins
                </span>
              </div>
              <p className="text-sm">{s.taskTitle}</p>
              {actions(s, true)}
            </ListCard>
          )}
          columns={
            <>
              <TH className="w-10">
                <span className="sr-only">Select</span>
              </TH>
              <TH>Worker</TH>
              <TH>Task</TH>
              <TH className="text-right">Payable amount</TH>
              <TH className="text-right">Actions</TH>
            </>
          }
          row={(s, i) => (
            <TR data-testid="review-row" aria-busy={isBusy(s)} className={cn(isBusy(s) && "opacity-60")}>
              <TD className="w-10 pr-0">{selectBox(s)}</TD>
              <TD>
                <p className="font-semibold" data-testid="review-worker">
                  {s.workerName}
                </p>
                <p className="text-xs text-muted-foreground">
                  <span className="sr-only">Row {(page - 1) * limit + i + 1}, submitted </span>
                  <LocalTime at={s.createdAt} />
                </p>
                <ReviewFacts item={s} />
              </TD>
              <TD className="max-w-72">
                <p className="line-clamp-2">{s.taskTitle}</p>
              </TD>
              <TD className="whitespace-nowrap text-right font-semibold tabular-nums">{s.payableAmount} coins</TD>
              <TD>{actions(s, false)}</TD>
            </TR>
          )}
        />
      </PagedList>

      <Modal
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title="Submission"
        description={viewing ? `${viewing.workerName} · ${viewing.taskTitle}` : undefined}
        className="max-w-2xl"
      >
        {viewing ? (
          <div className="grid gap-4">
            <SubmissionBody item={viewing} />
            <p className="text-xs text-muted-foreground">
              Submitted <LocalTime at={viewing.createdAt} /> by {viewing.workerName} ({viewing.workerEmail}) · pays{" "}
              {viewing.payableAmount} coins
            </p>
          </div>
        ) : null}
      </Modal>
      {opened ? <NoJsSubmission item={opened} /> : null}

      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

/** Approve or Reject: opens its confirmation; off while a review runs, so one decision goes at a time. */
function Decide({
  flow,
  spec,
  label,
  className,
  variant = "default",
  children,
}: {
  flow: ActionFlow;
  spec: ActionSpec;
  label: string;
  className?: string;
  variant?: "default" | "outline";
  children: React.ReactNode;
}) {
  return (
    <ActionTrigger
      flow={flow}
      spec={spec}
      variant={variant}
      label={label}
      stayLink
      className={cn(className, flow.busy && "pointer-events-none opacity-60")}
    >
      {children}
    </ActionTrigger>
  );
}

/** The submission without JavaScript (?open=<id>). */
function NoJsSubmission({ item }: { item: ReviewItem }) {
  const closeHref = useHrefWithout(OPEN_PARAM);
  return (
    <NoJsPanel labelledBy="nojs-view-title" className="max-w-2xl">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="nojs-view-title" className="text-lg font-semibold">
            Submission by {item.workerName}
          </h2>
          <p className="text-sm text-muted-foreground">{item.taskTitle}</p>
        </div>
        <Link to={closeHref} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label="Close">
          <X aria-hidden /> Close
        </Link>
      </div>
      <SubmissionBody item={item} />
    </NoJsPanel>
  );
}

/**
 * "Select all on this page" (once JavaScript runs) and "Approve selected": the form the rows' checkboxes belong to.
 * Without JavaScript it asks the page for its confirmation view of the checked rows; with it, the dialog opens.
 */
function SelectionBar({
  items,
  selected,
  page,
  hydrated,
  busy,
  onSelectAll,
  onApprove,
}: {
  items: ReviewItem[];
  selected: ReviewItem[];
  page: number;
  hydrated: boolean;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onApprove: () => void;
}) {
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
      {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
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
          Select all on this page
        </label>
      ) : (
        <p className="text-sm text-muted-foreground">Tick submissions to approve them together.</p>
      )}
      <div className="flex items-center gap-3">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {hydrated ? `${selected.length} selected` : `Up to ${BULK_APPROVE_LIMIT} at a time`}
        </span>
        <Button type="submit" size="sm" disabled={hydrated && (selected.length === 0 || busy)}>
          <CheckCheck aria-hidden /> Approve selected
        </Button>
      </div>
    </form>
  );
}
