// The buyer's review decisions, as the queue, the submission's view and their no-JavaScript views ask for them.
import type { ActionSpec } from "~/components/actions/flow";
import { ProofGlimpse } from "~/components/proof";
import { APPROVE_SELECTED, LOOKED_FIELD, proofExcerpt, REJECT_REASONS } from "~/lib/review";
import type { ProofFlags } from "~/lib/proof-flags";
import type { QualificationChoice } from "./qualification-requirement";
import { useFormat, useWords, type Words } from "~/lib/i18n/react";
import type { Formats } from "~/lib/i18n/format";
import { REVISION_HOURS, REVISION_NOTE_MAX } from "~/lib/schemas/revisions";

/** A pending submission as Buyer Home shows it. */
export interface ReviewItem {
  id: string;
  workerId: string;
  workerName: string;
  taskId: string;
  taskTitle: string;
  /** the task's "What to submit" */
  taskInstructions: string;
  payableAmount: number;
  /** the proof in full (a list row shows its first words, proofExcerpt) */
  text: string;
  imageUrl: string | null;
  createdAt: number;
  editedAt: number | null;
  /** the proof version the page shows (proofVersion): a decision on it is refused if the worker changed it since */
  version: number;
  /** when the review window ends, and how far off that was when the server read the queue (`countdownWords`) */
  autoApprovesAt: number;
  autoApproves: Countdown;
  /** the worker's reviewed work (`trackRecordWords`: "12 approved · 1 rejected · 92%") */
  trackRecord: { approved: number; rejected: number };
  /** while a revision is asked (revisions.server.ts): when it is due; the buyer cannot decide until then */
  revisionDueAt: number | null;
  /** a revision was asked once already (one per submission) */
  revisionAsked: boolean;
  /** a wrong check answer, an image like another worker's (docs/product/quality.md) */
  flags: ProofFlags | null;
}

/**
 * How far off a submission's auto-approval is, as the server counted it (its clock, not the browser's, so the page
 * hydrates as it was drawn); the page says it in its words, which the page's data then carries once (decision 111).
 */
export type Countdown = { in: "shortly" | "withinHour" } | { in: "hours" | "days"; count: number };

/** "auto-approves in 2 days", "in 5 hours", "within the hour", or "shortly" once due. */
export function countdownWords(t: Words<"buyer">, countdown: Countdown): string {
  switch (countdown.in) {
    case "shortly":
      return t("review.autoApproves.shortly");
    case "withinHour":
      return t("review.autoApproves.withinHour");
    case "hours":
      return t("review.autoApproves.hours", { count: countdown.count });
    case "days":
      return t("review.autoApproves.days", { count: countdown.count });
  }
}

/** "12 approved · 1 rejected · 92%", or "No reviewed work yet". */
export function trackRecordWords(t: Words<"buyer">, { approved, rejected }: ReviewItem["trackRecord"]): string {
  if (approved + rejected === 0) return t("review.trackRecord.none");
  return t("review.trackRecord", { approved, rejected, percent: Math.round((approved / (approved + rejected)) * 100) });
}

type SpecWords = { t: Words<"buyer">; f: Formats & { coins(n: number): string } };

function approveSpec({ t, f }: SpecWords, s: ReviewItem): ActionSpec {
  return {
    intent: "approve",
    id: s.id,
    title: t("review.approve.title"),
    description: t("review.approve.description", {
      worker: s.workerName,
      coins: f.coins(s.payableAmount),
      task: s.taskTitle,
    }),
    confirmLabel: t("review.approve.confirm"),
    hidden: { seen: String(s.version) },
  };
}

function rejectSpec({ t }: SpecWords, s: ReviewItem): ActionSpec {
  return {
    intent: "reject",
    id: s.id,
    title: t("review.reject.title"),
    description: t("review.reject.description", { task: s.taskTitle }),
    confirmLabel: t("review.reject.confirm"),
    destructive: true,
    hidden: { seen: String(s.version) },
    reason: {
      label: t("review.reject.reason"),
      markOptional: false,
      picks: REJECT_REASONS,
      placeholder: t("review.reject.placeholder"),
    },
    inlineErrors: true,
  };
}

/**
 * Send the submission back for its one revision, with a note (revisions.server.ts): it stays pending, its coins in
 * escrow, and nobody decides until the worker's change comes or its time ends.
 */
function revisionSpec({ t, f }: SpecWords, s: ReviewItem): ActionSpec {
  return {
    intent: "revision",
    id: s.id,
    title: t("review.revision.title"),
    description: t("review.revision.description", {
      worker: s.workerName,
      hours: f.count(REVISION_HOURS),
      task: s.taskTitle,
    }),
    confirmLabel: t("review.revision.confirm"),
    reason: {
      label: t("review.revision.reason"),
      required: true,
      maxLength: REVISION_NOTE_MAX,
      counted: true,
      placeholder: t("review.revision.placeholder"),
      hint: t("review.revision.hint"),
    },
    inlineErrors: true,
  };
}

/** Block the submission's worker from the buyer's tasks, with a private reason; the submission itself stays. */
function blockSpec({ t }: SpecWords, s: ReviewItem): ActionSpec {
  return {
    intent: "block",
    id: s.id,
    title: t("review.block.title", { worker: s.workerName }),
    description: t("review.block.description", { worker: s.workerName }),
    confirmLabel: t("review.block.confirm"),
    destructive: true,
    hidden: { worker: s.workerId },
    reason: {
      label: t("review.block.reason"),
      required: true,
      placeholder: t("review.block.placeholder"),
    },
    note: t("review.block.note"),
    inlineErrors: true,
  };
}

/**
 * "Approve selected": one confirmation for all, which lists each one's proof and says how many of them the buyer has
 * opened (`opened`, known with JavaScript only), and asks them to confirm they have looked at every proof.
 */
function approveSelectedSpec({ t, f }: SpecWords, rows: ReviewItem[], opened?: ReadonlySet<string>): ActionSpec {
  const coins = rows.reduce((sum, s) => sum + s.payableAmount, 0);
  const n = rows.length;
  const seen = opened ? rows.filter((s) => opened.has(s.id)).length : null;
  return {
    intent: APPROVE_SELECTED,
    id: APPROVE_SELECTED,
    ids: rows.map((s) => s.id),
    title: t("review.selected.title", { count: n }),
    description: `${t("review.selected.paid", { coins: f.coins(coins) })} ${
      seen === null
        ? t("review.selected.lookBelow")
        : seen < n
          ? t("review.selected.openedSome", { seen, count: n })
          : t("review.selected.openedAll", { seen, count: n })
    }`,
    body: (
      <ul
        className="grid max-h-64 gap-2 overflow-y-auto"
        aria-label={t("review.selected.list")}
        data-testid="bulk-list"
      >
        {rows.map((s) => (
          <li key={s.id} className="grid gap-1 rounded-lg border p-2">
            <p className="text-xs font-semibold break-words">
              {s.workerName} · {s.taskTitle}
              {opened?.has(s.id) ? (
                <span className="font-normal text-muted-foreground"> · {t("review.selected.opened")}</span>
              ) : null}
            </p>
            <ProofGlimpse excerpt={proofExcerpt(s.text)} imageUrl={s.imageUrl} />
          </li>
        ))}
      </ul>
    ),
    note: t("review.selected.note"),
    acknowledge: { name: LOOKED_FIELD, label: t("review.selected.acknowledge", { count: n }) },
    confirmLabel: t("review.selected.confirm", { count: n }),
  };
}

/**
 * Buyer Home's "Qualify": grant one of the buyer's qualifications, by hand, to the worker of a submission they liked
 * (docs/product/quality.md). Revoked on the qualification's page.
 */
function grantSpec({ t }: SpecWords, choices: readonly QualificationChoice[], s: ReviewItem): ActionSpec {
  return {
    intent: "grant",
    id: s.id,
    title: t("review.grant.title", { worker: s.workerName }),
    description: t("review.grant.description", { worker: s.workerName }),
    confirmLabel: t("review.grant.confirm"),
    hidden: { worker: s.workerId },
    choice: {
      name: "qualification",
      label: t("review.grant.choice"),
      options: choices.map((c) => ({ value: c.id, label: c.name })),
    },
    note: t("review.grant.note"),
    inlineErrors: true,
  };
}

/** The review decisions' confirmations in the page's words: `specs.approve(item)`, `specs.approveSelected(rows)`… */
export function useReviewSpecs() {
  const words = { t: useWords("buyer"), f: useFormat() };
  return {
    approve: (s: ReviewItem) => approveSpec(words, s),
    reject: (s: ReviewItem) => rejectSpec(words, s),
    revision: (s: ReviewItem) => revisionSpec(words, s),
    block: (s: ReviewItem) => blockSpec(words, s),
    approveSelected: (rows: ReviewItem[], opened?: ReadonlySet<string>) => approveSelectedSpec(words, rows, opened),
    grantFor: (choices: readonly QualificationChoice[]) => (s: ReviewItem) => grantSpec(words, choices, s),
  };
}
export type ReviewSpecs = ReturnType<typeof useReviewSpecs>;
