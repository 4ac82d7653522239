import { Form, Link, useFetcher, useLocation } from "react-router";
import { useId, useState } from "react";
import type * as React from "react";
import { Check, Eye, X } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog, Modal } from "~/components/ui/dialog";
import { EmptyState, TD, TH, TR } from "~/components/ui/table";
import { Label, Textarea } from "~/components/ui/input";
import { ListCard, PagedList, ResponsiveList } from "~/components/responsive-list";
import { formatDateTime } from "~/lib/format";
import { cn } from "~/lib/cn";
import { ENHANCED_FIELD, searchHref, useOutcomeToast, type Outcome } from "./enhanced";

export interface ReviewItem {
  id: string;
  workerName: string;
  workerEmail: string;
  taskTitle: string;
  payableAmount: number;
  details: string;
  imageUrl: string | null;
  createdAt: number;
}

export interface ReviewOutcome extends Outcome {
  intent: "approve" | "reject";
}

type Kind = "approve" | "reject";

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

/**
 * The buyer's review queue: View Submission (modal), Approve and Reject (each behind a confirmation; Reject asks
 * for a reason). One review runs at a time and its buttons are disabled while it does, so a double click sends
 * once. Without JavaScript the same buttons are links to ?view= / ?confirm= views rendered by the page.
 */
export function ReviewTable({
  items,
  page,
  pages,
  limit,
  noScript,
}: {
  items: ReviewItem[];
  page: number;
  pages: number;
  limit: number;
  /** Server-rendered views for visitors without JavaScript (from the URL). */
  noScript: { view: ReviewItem | null; confirm: { kind: Kind; item: ReviewItem } | null };
}) {
  const location = useLocation();
  const fetcher = useFetcher<ReviewOutcome>({ key: "review-submission" });
  const [viewing, setViewing] = useState<ReviewItem | null>(null);
  const [confirming, setConfirming] = useState<{ kind: Kind; item: ReviewItem } | null>(null);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const busy = fetcher.state !== "idle";
  const busyId = busy ? String(fetcher.formData?.get("id") ?? "") : null;

  useOutcomeToast(fetcher, () => {
    setConfirming(null);
    setReason("");
  });

  const href = (params: Record<string, string>) => searchHref(location, params, ["view", "confirm", "id"]);
  const closeHref = href({});

  const submit = (kind: Kind, item: ReviewItem) => {
    if (busy) return;
    const body: Record<string, string> = { intent: kind, id: item.id, [ENHANCED_FIELD]: "1" };
    if (kind === "reject") body.reason = reason.trim();
    fetcher.submit(body, { method: "post" });
  };

  /** Approve or Reject: opens the confirmation (a ?confirm= view without JavaScript); off while a review runs. */
  const decide = (kind: Kind, s: ReviewItem, className: string, children: React.ReactNode) => (
    <Link
      to={href({ confirm: kind, id: s.id })}
      preventScrollReset
      aria-disabled={busy || undefined}
      className={cn(className, busy && "pointer-events-none opacity-60")}
      aria-label={`${kind === "approve" ? "Approve" : "Reject"} ${s.workerName}'s submission`}
      onClick={(e) => {
        e.preventDefault();
        if (!busy) setConfirming({ kind, item: s });
      }}
    >
      {children}
    </Link>
  );

  const actions = (s: ReviewItem, stacked: boolean) => (
    <div className={cn("flex gap-2", stacked ? "grid grid-cols-3" : "justify-end")}>
      <Link
        to={href({ view: s.id })}
        preventScrollReset
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), stacked && "px-2")}
        aria-label={`View Submission of ${s.workerName}`}
        onClick={(e) => {
          e.preventDefault();
          setViewing(s);
        }}
      >
        <Eye aria-hidden /> {stacked ? "View" : "View Submission"}
      </Link>
      {decide(
        "approve",
        s,
        buttonVariants({ size: "sm" }),
        <>
          <Check aria-hidden /> Approve
        </>,
      )}
      {decide(
        "reject",
        s,
        cn(buttonVariants({ variant: "outline", size: "sm" }), "text-destructive hover:bg-red-50"),
        <>
          <X aria-hidden /> Reject
        </>,
      )}
    </div>
  );

  return (
    <>
      {noScript.view ? (
        <section
          aria-labelledby="nojs-view-title"
          className="mb-4 grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <h3 id="nojs-view-title" className="font-semibold">
                Submission by {noScript.view.workerName}
              </h3>
              <p className="text-sm text-muted-foreground">{noScript.view.taskTitle}</p>
            </div>
            <Link to={closeHref} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label="Close">
              <X aria-hidden /> Close
            </Link>
          </div>
          <SubmissionBody item={noScript.view} />
        </section>
      ) : null}
      {noScript.confirm ? (
        <section
          role="alertdialog"
          aria-labelledby="nojs-confirm-title"
          className={cn(
            "mb-4 grid gap-3 rounded-xl border p-5",
            noScript.confirm.kind === "approve" ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50",
          )}
        >
          <h3 id="nojs-confirm-title" className="text-lg font-semibold">
            {noScript.confirm.kind === "approve" ? "Approve this submission?" : "Reject this submission?"}
          </h3>
          <p className="text-sm">
            {noScript.confirm.kind === "approve"
              ? `${noScript.confirm.item.workerName} will be paid ${noScript.confirm.item.payableAmount} coins for “${noScript.confirm.item.taskTitle}”.`
              : `The slot of “${noScript.confirm.item.taskTitle}” reopens for another worker.`}
          </p>
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value={noScript.confirm.kind} />
            <input type="hidden" name="id" value={noScript.confirm.item.id} />
            {noScript.confirm.kind === "reject" ? (
              <div className="grid gap-1.5">
                <Label htmlFor="nojs-reason">Reason for rejecting (shown to the worker)</Label>
                <Textarea id="nojs-reason" name="reason" rows={3} maxLength={500} />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant={noScript.confirm.kind === "approve" ? "default" : "destructive"}>
                {noScript.confirm.kind === "approve" ? "Yes, approve" : "Yes, reject"}
              </Button>
              <Link to={closeHref} className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
            </div>
          </Form>
        </section>
      ) : null}

      <PagedList count={items.length} page={page} pages={pages} empty={<EmptyState message="No Tasks To Review" />}>
        <ResponsiveList
          label="Submissions to review"
          rows={items}
          from="md"
          card={(s) => (
            <ListCard
              data-testid="review-card"
              aria-busy={busyId === s.id}
              className={cn("gap-3", busyId === s.id && "opacity-60")}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">{s.workerName}</p>
                  <p className="text-xs text-muted-foreground">{formatDateTime(s.createdAt)}</p>
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
              <TH>Worker</TH>
              <TH>Task</TH>
              <TH className="text-right">Payable amount</TH>
              <TH className="text-right">Actions</TH>
            </>
          }
          row={(s, i) => (
            <TR data-testid="review-row" aria-busy={busyId === s.id} className={cn(busyId === s.id && "opacity-60")}>
              <TD>
                <p className="font-semibold" data-testid="review-worker">
                  {s.workerName}
                </p>
                <p className="text-xs text-muted-foreground">
                  <span className="sr-only">Row {(page - 1) * limit + i + 1}, submitted </span>
                  {formatDateTime(s.createdAt)}
                </p>
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
              Submitted {formatDateTime(viewing.createdAt)} by {viewing.workerName} ({viewing.workerEmail}) · pays{" "}
              {viewing.payableAmount} coins
            </p>
          </div>
        ) : null}
      </Modal>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !busy) {
            setConfirming(null);
            setReason("");
          }
        }}
        title={confirming?.kind === "reject" ? "Reject this submission?" : "Approve this submission?"}
        description={
          confirming
            ? confirming.kind === "approve"
              ? `${confirming.item.workerName} will be paid ${confirming.item.payableAmount} coins for “${confirming.item.taskTitle}”.`
              : `The slot of “${confirming.item.taskTitle}” reopens for another worker.`
            : undefined
        }
        confirmLabel={confirming?.kind === "reject" ? "Yes, reject" : "Yes, approve"}
        destructive={confirming?.kind === "reject"}
        busy={busy}
        onConfirm={() => confirming && submit(confirming.kind, confirming.item)}
      >
        {confirming?.kind === "reject" ? (
          <div className="grid gap-1.5">
            <Label htmlFor={reasonId}>Reason for rejecting (shown to the worker)</Label>
            <Textarea
              id={reasonId}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              rows={3}
              maxLength={500}
              placeholder="e.g. The screenshot does not show your comment."
            />
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
