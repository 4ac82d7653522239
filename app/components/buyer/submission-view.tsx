// One submission as a buyer reviews it: who sent it and when, what the task asked for, the proof in full, and the
// decisions: Approve, Reject, Ask for revision (once, instead of rejecting) and Next. With JavaScript it is a dialog over the queue (its buttons call the queue);
// without it the same content is a server-rendered panel (`?open=<id>`) whose buttons are links to the page's
// confirmation views and to the next submission.
import { useFormat, useWords } from "~/lib/i18n/react";
import { Link } from "react-router";
import type * as React from "react";
import { ArrowRight } from "~/components/icons";
import { Check, Reply, X } from "~/components/icons/more";
import { buttonVariants, Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/dialog";
import { NoJsPanel, useHrefWithout } from "~/components/actions/enhanced";
import { LocalTime } from "~/components/local-time";
import { ProofBody } from "~/components/proof";
import { CONFIRM_PARAM, OPEN_PARAM, ROW_PARAM } from "~/lib/enhanced";
import { cn } from "~/lib/cn";
import { countdownWords, trackRecordWords, type ReviewItem } from "./review-specs";
import { ProofFlagNotes } from "./proof-flags";

/** Where "Next" leads: the next submission on this page, the next page's first, or nowhere. */
export type NextStop = { item: ReviewItem } | { page: number } | null;

/** A revision can be asked of this submission: none was asked yet (one per submission). */
const mayAskRevision = (item: ReviewItem) => !item.revisionAsked && item.revisionDueAt === null;

function SubmissionDetails({ item }: { item: ReviewItem }) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">{t("submission.sent")}</dt>
          <dd>
            <LocalTime at={item.createdAt} />
            {item.editedAt ? (
              <span className="block text-xs text-amber-800">
                {t("submission.changedAt")} <LocalTime at={item.editedAt} />
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("field.payable_amount")}</dt>
          <dd className="font-semibold">{f.coins(item.payableAmount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("submission.trackRecord")}</dt>
          <dd>{trackRecordWords(t, item.trackRecord)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">
            {item.revisionDueAt ? t("submission.revisionDue") : t("submission.reviewBy")}
          </dt>
          <dd className="text-amber-800" data-testid={item.revisionDueAt ? "revision-due" : undefined}>
            {item.revisionDueAt ? <LocalTime at={item.revisionDueAt} /> : countdownWords(t, item.autoApproves)}
          </dd>
        </div>
      </dl>
      <Link
        to={`/dashboard/threads/submission/${item.id}`}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {t("submission.messages")}
      </Link>
      <ProofFlagNotes flags={item.flags} />
      <section className="grid gap-1.5">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("submission.asked")}</h3>
        <p className="whitespace-pre-wrap rounded-lg bg-brand-50/70 px-3 py-2 text-sm">{item.taskInstructions}</p>
      </section>
      <section className="grid gap-1.5">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("review.proof")}</h3>
        <ProofBody proof={item} alt={t("submission.imageAlt", { worker: item.workerName })} />
      </section>
    </div>
  );
}

const footer = "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end";

/** The view with JavaScript: a dialog whose decisions go to the queue's confirmation dialog. */
export function SubmissionDialog({
  item,
  next,
  busy,
  onClose,
  onApprove,
  onReject,
  onRevise,
  onNext,
}: {
  item: ReviewItem | null;
  next: NextStop;
  busy: boolean;
  onClose: () => void;
  onApprove: (item: ReviewItem) => void;
  onReject: (item: ReviewItem) => void;
  onRevise: (item: ReviewItem) => void;
  onNext: () => void;
}) {
  const t = useWords("buyer");
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={item ? t("submission.by", { worker: item.workerName }) : t("submission.title")}
      description={item?.taskTitle}
      className="max-w-2xl"
    >
      {item ? (
        <div className="grid gap-5" data-testid="submission-view">
          <SubmissionDetails item={item} />
          <div className={footer}>
            {next ? (
              <Button variant="ghost" onClick={onNext} className="sm:mr-auto">
                {t("submission.next")} <ArrowRight aria-hidden />
              </Button>
            ) : null}
            {item.revisionDueAt ? null : (
              <>
                {mayAskRevision(item) ? (
                  <Button variant="outline" disabled={busy} onClick={() => onRevise(item)}>
                    <Reply aria-hidden /> {t("review.revision.confirm")}
                  </Button>
                ) : null}
                <Button variant="danger" disabled={busy} onClick={() => onReject(item)}>
                  <X aria-hidden /> {t("review.reject")}
                </Button>
                <Button disabled={busy} onClick={() => onApprove(item)}>
                  <Check aria-hidden /> {t("review.approve")}
                </Button>
              </>
            )}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function ViewLink({ to, className, children }: { to: string; className?: string; children: React.ReactNode }) {
  return (
    <Link to={to} rel="nofollow" preventScrollReset className={className}>
      {children}
    </Link>
  );
}

/** The view without JavaScript (`?open=<id>`): the same content, its decisions as links. */
export function NoJsSubmission({ item, next }: { item: ReviewItem; next: NextStop }) {
  const t = useWords("buyer");
  const base = useHrefWithout(OPEN_PARAM, CONFIRM_PARAM, ROW_PARAM);
  const withParams = (params: Record<string, string>) => {
    const [path, search = ""] = base.split("?");
    const query = new URLSearchParams(search);
    for (const [k, v] of Object.entries(params)) query.set(k, v);
    return `${path}?${query}`;
  };
  const nextHref =
    next === null
      ? null
      : "item" in next
        ? withParams({ [OPEN_PARAM]: next.item.id })
        : withParams({ page: String(next.page), [OPEN_PARAM]: FIRST_ON_PAGE });
  return (
    <NoJsPanel labelledBy="nojs-view-title" className="max-w-2xl">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="nojs-view-title" className="text-lg font-semibold">
            {t("submission.by", { worker: item.workerName })}
          </h2>
          <p className="text-sm text-muted-foreground">{item.taskTitle}</p>
        </div>
        <ViewLink to={base} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <X aria-hidden /> {t("close")}
        </ViewLink>
      </div>
      <SubmissionDetails item={item} />
      <div className={footer}>
        {nextHref ? (
          <ViewLink to={nextHref} className={cn(buttonVariants({ variant: "ghost" }), "sm:mr-auto")}>
            {t("submission.next")} <ArrowRight aria-hidden />
          </ViewLink>
        ) : null}
        {item.revisionDueAt ? null : (
          <>
            {mayAskRevision(item) ? (
              <ViewLink
                to={withParams({ [CONFIRM_PARAM]: "revision", [ROW_PARAM]: item.id })}
                className={buttonVariants({ variant: "outline" })}
              >
                <Reply aria-hidden /> {t("review.revision.confirm")}
              </ViewLink>
            ) : null}
            <ViewLink
              to={withParams({ [CONFIRM_PARAM]: "reject", [ROW_PARAM]: item.id })}
              className={buttonVariants({ variant: "danger" })}
            >
              <X aria-hidden /> {t("review.reject")}
            </ViewLink>
            <ViewLink
              to={withParams({ [CONFIRM_PARAM]: "approve", [ROW_PARAM]: item.id })}
              className={buttonVariants()}
            >
              <Check aria-hidden /> {t("review.approve")}
            </ViewLink>
          </>
        )}
      </div>
    </NoJsPanel>
  );
}

/** `?open=first`: the first submission of the page (where "Next" leads from the last one of the page before). */
export const FIRST_ON_PAGE = "first";
