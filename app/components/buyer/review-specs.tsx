// The buyer's review decisions, as the queue, the submission's view and their no-JavaScript views ask for them.
import type { ActionSpec } from "~/components/actions/flow";
import { ProofGlimpse } from "~/components/proof";
import { APPROVE_SELECTED, LOOKED_FIELD, proofExcerpt, REJECT_REASONS } from "~/lib/review";
import type { ProofFlags } from "~/lib/proof-flags";
import { formatCoins } from "~/lib/format";
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
  /** when the review window ends, and the countdown to it as the server worded it ("auto-approves in 2 days") */
  autoApprovesAt: number;
  autoApproves: string;
  /** the worker's reviewed work: "12 approved · 1 rejected · 92%" */
  trackRecord: string;
  /** while a revision is asked (revisions.server.ts): when it is due; the buyer cannot decide until then */
  revisionDueAt: number | null;
  /** a revision was asked once already (one per submission) */
  revisionAsked: boolean;
  /** a wrong check answer, an image like another worker's (docs/product/quality.md) */
  flags: ProofFlags | null;
}

export function approveSpec(s: ReviewItem): ActionSpec {
  return {
    intent: "approve",
    id: s.id,
    title: "Approve this submission?",
    description: `${s.workerName} will be paid ${formatCoins(s.payableAmount)} for “${s.taskTitle}”.`,
    confirmLabel: "Yes, approve",
    hidden: { seen: String(s.version) },
  };
}

export function rejectSpec(s: ReviewItem): ActionSpec {
  return {
    intent: "reject",
    id: s.id,
    title: "Reject this submission?",
    description: `The slot of “${s.taskTitle}” reopens for another worker.`,
    confirmLabel: "Yes, reject",
    destructive: true,
    hidden: { seen: String(s.version) },
    reason: {
      label: "Reason for rejecting (shown to the worker)",
      markOptional: false,
      picks: REJECT_REASONS,
      placeholder: "e.g. The screenshot does not show your comment.",
    },
    inlineErrors: true,
  };
}

/**
 * Send the submission back for its one revision, with a note (revisions.server.ts): it stays pending, its coins in
 * escrow, and nobody decides until the worker's change comes or its time ends.
 */
export function revisionSpec(s: ReviewItem): ActionSpec {
  return {
    intent: "revision",
    id: s.id,
    title: "Ask for a revision?",
    description: `${s.workerName} has ${REVISION_HOURS} hours to change their submission for “${s.taskTitle}”. It stays pending and its coins stay in escrow; it is not a rejection. You can ask once.`,
    confirmLabel: "Ask for revision",
    reason: {
      label: "What should change?",
      required: true,
      maxLength: REVISION_NOTE_MAX,
      counted: true,
      placeholder: "e.g. Show the whole page, not a crop.",
      hint: "The worker reads this with the submission.",
    },
    inlineErrors: true,
  };
}

/** Block the submission's worker from the buyer's tasks, with a private reason; the submission itself stays. */
export function blockSpec(s: ReviewItem): ActionSpec {
  return {
    intent: "block",
    id: s.id,
    title: `Block ${s.workerName}?`,
    description: `${s.workerName} will no longer see or start your tasks. Work already sent stays for your review.`,
    confirmLabel: "Yes, block",
    destructive: true,
    hidden: { worker: s.workerId },
    reason: {
      label: "Reason (private: the worker never sees it)",
      required: true,
      placeholder: "e.g. Copied proof on several tasks.",
    },
    note: "You can lift a block in Settings.",
    inlineErrors: true,
  };
}

/**
 * "Approve selected": one confirmation for all, which lists each one's proof and says how many of them the buyer has
 * opened (`opened`, known with JavaScript only), and asks them to confirm they have looked at every proof.
 */
export function approveSelectedSpec(rows: ReviewItem[], opened?: ReadonlySet<string>): ActionSpec {
  const coins = rows.reduce((sum, s) => sum + s.payableAmount, 0);
  const n = rows.length;
  const seen = opened ? rows.filter((s) => opened.has(s.id)).length : null;
  return {
    intent: APPROVE_SELECTED,
    id: APPROVE_SELECTED,
    ids: rows.map((s) => s.id),
    title: `Approve ${n} ${n === 1 ? "submission" : "submissions"}?`,
    description: `${formatCoins(coins)} in all will be paid from your tasks' escrow. ${
      seen === null
        ? "Look at each one's proof below before you approve."
        : `You have opened ${seen} of these ${n}${seen < n ? ": look at the others' proof below" : ""}.`
    }`,
    body: (
      <ul className="grid max-h-64 gap-2 overflow-y-auto" aria-label="The selected submissions" data-testid="bulk-list">
        {rows.map((s) => (
          <li key={s.id} className="grid gap-1 rounded-lg border p-2">
            <p className="text-xs font-semibold">
              {s.workerName} · {s.taskTitle}
              {opened?.has(s.id) ? <span className="font-normal text-muted-foreground"> · opened</span> : null}
            </p>
            <ProofGlimpse excerpt={proofExcerpt(s.text)} imageUrl={s.imageUrl} />
          </li>
        ))}
      </ul>
    ),
    note: "Each approval is made on its own: one that cannot be made (already reviewed meanwhile) leaves the others done, and you will see what happened to each.",
    acknowledge: { name: LOOKED_FIELD, label: `I have looked at the proof of all ${n}` },
    confirmLabel: `Yes, approve ${n}`,
  };
}
