import { Link, useSearchParams } from "react-router";
import { useState } from "react";
import type * as React from "react";
import { Check, Eye, X } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Modal } from "~/components/ui/dialog";
import { EmptyState, TD, TH, TR } from "~/components/ui/table";
import { ListCard, PagedList, ResponsiveList } from "~/components/responsive-list";
import {
  ActionDialog,
  ActionTrigger,
  NoJsConfirm,
  useActionFlow,
  useNoJsSpec,
  type ActionFlow,
  type ActionSpec,
} from "~/components/actions/confirm";
import { NoJsPanel, useHrefWithout, ViewLink } from "~/components/actions/enhanced";
import { OPEN_PARAM } from "~/lib/enhanced";
import { LocalTime } from "~/components/local-time";
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

/**
 * The buyer's review queue: View Submission (modal), Approve and Reject (each behind a confirmation; Reject asks
 * for a reason). A review's confirm button is off while it runs, so a double click sends once. Without
 * JavaScript the same buttons are links to the page's ?open= and ?confirm= views.
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
  const flow = useActionFlow();
  const [viewing, setViewing] = useState<ReviewItem | null>(null);
  const [params] = useSearchParams();
  const opened = items.find((s) => s.id === params.get(OPEN_PARAM)) ?? null;
  const noJsSpec = useNoJsSpec(items, { approve: approveSpec, reject: rejectSpec });
  const busyId = flow.pendingId;

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
                  <p className="text-xs text-muted-foreground">
                    <LocalTime at={s.createdAt} />
                  </p>
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
                  <LocalTime at={s.createdAt} />
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
