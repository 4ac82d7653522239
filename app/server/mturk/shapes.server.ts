// Coinwork's tasks and submissions in the shapes of the MTurk API's HIT and Assignment (the SDK's models): times in
// epoch seconds, money as dollar strings at the withdrawal rate, a submission's proof as QuestionFormAnswers XML.
import { COINS_PER_DOLLAR_WITHDRAW, withdrawalCents } from "~/lib/coins";
import { deadlineDay } from "~/lib/deadline";
import { reviewWindowDays, reviewWindowMs } from "~/lib/review";
import type { AssignmentRow, HitRow } from "../services/hits.server";
import { questionFormAnswers } from "./question.server";
import { requestError } from "./wire.server";

/** Coins as MTurk writes an amount: dollars at the withdrawal rate, two decimals, no grouping ("1234.50"). */
export function wireDollars(coins: number): string {
  return (withdrawalCents(coins) / 100).toFixed(2);
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A completion day's end (UTC) as the HIT's Expiration. */
const expirationOf = (completionDate: string) => seconds(Date.parse(`${completionDate}T23:59:59Z`));

/**
 * Dollars ("0.50") as whole coins at the withdrawal rate: what the worker earns. A Reward that is not a whole
 * number of coins ($0.05 each) is refused, never rounded.
 */
export function rewardCoins(reward: string, name = "Reward"): number {
  const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(reward.trim());
  if (!m) throw requestError(`${name} must be an amount in dollars such as "0.50"; "${reward}" is not.`);
  const fraction = (m[2] ?? "").padEnd(6, "0");
  const micros = Number(m[1]) * 1_000_000 + Number(fraction);
  const perCoin = 1_000_000 / COINS_PER_DOLLAR_WITHDRAW;
  if (micros % perCoin !== 0)
    throw requestError(
      `${name} must be a whole number of coins: one coin is $0.05, so $${reward} is not (try $${wireDollars(Math.max(1, Math.round(micros / perCoin)))}).`,
    );
  return micros / perCoin;
}

export function hitShape(row: HitRow, today = deadlineDay()) {
  const t = row.task;
  const available = row.openSlots ?? t.requiredWorkers;
  // a paused HIT (under the minimum pay at its judged time, docs/decisions/094) takes no assignment
  const open = available > 0 && t.completionDate >= today && t.pausedAt === null;
  const status = open ? "Assignable" : row.pending > 0 ? "Reviewable" : "Unassignable";
  return {
    HITId: t.id,
    // a task posted on Coinwork's pages is a type of its own
    HITTypeId: row.hitTypeId ?? t.id,
    CreationTime: seconds(t.createdAt),
    Title: t.taskTitle,
    Description: t.taskDetail,
    Keywords: row.keywords ?? t.category,
    // UpdateHITReviewStatus marks a Reviewable HIT as being reviewed
    HITStatus: status === "Reviewable" && t.hitReviewStatus === "MarkedForReview" ? "Reviewing" : status,
    MaxAssignments: t.requiredWorkers + t.heldSlots + row.pending + row.approved,
    Reward: wireDollars(t.payableAmount),
    Expiration: expirationOf(t.completionDate),
    HITReviewStatus: t.hitReviewStatus,
    NumberOfAssignmentsPending: row.pending,
    NumberOfAssignmentsAvailable: available,
    NumberOfAssignmentsCompleted: row.approved,
  };
}

/** A proof written through Coinwork's own form: one FreeText answer (its image's address as a second). */
export function proofAnswers(details: string, imageUrl: string | null): string {
  const answers = [{ id: "proof", text: details }];
  if (imageUrl) answers.push({ id: "proof_image", text: imageUrl });
  return questionFormAnswers(answers);
}

const ASSIGNMENT_STATUS = { pending: "Submitted", approved: "Approved", rejected: "Rejected" } as const;

export function assignmentShape(row: AssignmentRow, env: Pick<Env, "REVIEW_WINDOW_DAYS">) {
  const s = row.submission;
  const status = ASSIGNMENT_STATUS[s.status as keyof typeof ASSIGNMENT_STATUS] ?? "Rejected";
  const submitted = s.editedAt ?? s.createdAt;
  return {
    AssignmentId: s.id,
    WorkerId: s.workerId,
    HITId: s.taskId,
    AssignmentStatus: status,
    AutoApprovalTime: seconds(submitted + reviewWindowMs(reviewWindowDays(env.REVIEW_WINDOW_DAYS))),
    AcceptTime: seconds(s.createdAt),
    SubmitTime: seconds(submitted),
    ...(s.status === "approved" && s.reviewedAt ? { ApprovalTime: seconds(s.reviewedAt) } : {}),
    ...(s.status === "rejected" && s.reviewedAt ? { RejectionTime: seconds(s.reviewedAt) } : {}),
    ...(s.rejectReason ? { RequesterFeedback: s.rejectReason } : {}),
    // an answer posted from the question's frame (externalSubmit) as it came; else the proof form's
    Answer: row.answer ?? proofAnswers(s.submissionDetails, s.submissionImageUrl),
  };
}
