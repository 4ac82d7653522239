// The flags a buyer sees on proof (docs/product/quality.md), as the review page shows them; the rules are in
// app/server/services/proof-flags.server.ts.

/** A submission's flags; any may be absent. */
export interface ProofFlags {
  /** the worker's answer to the check question was wrong: what they answered and what was expected */
  wrongAnswer?: { question: string; given: string; expected: string };
  /** the proof image nearly duplicates this other worker's earlier submission (createdAt: when it carried it first) */
  copyOf?: CopiedFrom;
  /** the proof text is identical or nearly identical to this other worker's earlier submission */
  textCopyOf?: CopiedFrom;
}

/** The earlier submission of another worker a proof copies, as the flag names it. */
export interface CopiedFrom {
  submissionId: string;
  workerName: string;
  taskTitle: string;
  createdAt: number;
}

/** Buyer Home's action that rejects every pending submission with a wrong check answer. */
export const REJECT_FLAGGED = "reject-flagged";

/** The reason "Reject flagged" gives each worker (docs/product/messages.md). */
export const WRONG_ANSWER_REASON = "Your answer to the check question was wrong.";
