// Buyer Home's review queue: the query string it reads and the decisions its forms post.
import * as v from "valibot";
import { said } from "../i18n/validation";
import { optionalText, requiredText, UNKNOWN_ACTION } from "./fields";
import { pageParam } from "./paging";
import { revisionNote } from "./revisions";
import { submissionIds } from "./api";
import { REJECT_FLAGGED } from "../proof-flags";
import { APPROVE_SELECTED, LOOK_FIRST, LOOKED_FIELD, REJECT_REASON_REQUIRED, REJECT_REASONS } from "../review";

const id = requiredText(said("review.unknownSubmission", "Unknown submission"), 64);

/** A worker to block (or unblock) and the buyer's private reason (docs/product/quality.md). */
export const workerIdField = requiredText(said("review.unknownWorker", "Unknown worker"), 64);
export const BLOCK_REASON_REQUIRED = "Say why you block this worker (only you see it).";
export const blockReason = requiredText(said("review.blockReasonRequired", BLOCK_REASON_REQUIRED), 500);
export const blockWorkerSchema = v.object({ worker: workerIdField, reason: blockReason });
export const liftBlockSchema = v.object({ worker: workerIdField });

/** `?page=` and `?task=` (one task's submissions): a malformed value falls back to the default. */
export const reviewQueueQuery = v.object({
  page: pageParam,
  task: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined),
});

const rejectReasonRequired = said("review.rejectReasonRequired", REJECT_REASON_REQUIRED);

/** The proof version the page showed (proofVersion: its last edit's time, 0 when never edited). */
const seen = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/, said("review.unknownVersion", "Unknown version")),
    v.transform((s) => Number(s)),
  ),
);

/**
 * Approve, reject (a reason is needed on the page: one of REJECT_REASONS, words of the buyer's own, or both; the
 * REST API still takes none), approve the selected (after saying the proof of each was looked at) and block the
 * submission's worker (a private reason needed).
 */
export const reviewActionSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("approve"), id, seen }),
    v.pipe(
      v.object({
        intent: v.literal("reject"),
        id,
        seen,
        reason_pick: v.optional(v.picklist(REJECT_REASONS, rejectReasonRequired)),
        reason: optionalText(500),
      }),
      v.forward(
        v.partialCheck([["reason_pick"], ["reason"]], (i) => !!i.reason_pick || !!i.reason, rejectReasonRequired),
        ["reason"],
      ),
    ),
    // the submission's one revision, from the review view (its note in the confirmation's reason field)
    v.object({ intent: v.literal("revision"), id, reason: revisionNote }),
    v.object({ intent: v.literal("block"), id, worker: workerIdField, reason: blockReason }),
    // a hand grant of one of the buyer's qualifications to the submission's worker
    v.object({
      intent: v.literal("grant"),
      id,
      worker: workerIdField,
      qualification: requiredText(said("review.pickQualification", "Pick a qualification"), 64),
    }),
    v.object({ intent: v.literal(REJECT_FLAGGED), id }),
    v.object({
      intent: v.literal(APPROVE_SELECTED),
      ids: submissionIds,
      // a checkbox: absent when not ticked
      [LOOKED_FIELD]: v.pipe(
        v.optional(v.string(), ""),
        v.check((s) => s === "on", said("review.lookFirst", LOOK_FIRST)),
      ),
    }),
  ],
  UNKNOWN_ACTION,
);
