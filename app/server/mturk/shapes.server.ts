// Coinwork's tasks and submissions in the shapes of the MTurk API's HIT and Assignment (the SDK's models): times in
// epoch seconds, money as dollar strings at the withdrawal rate, a submission's proof as QuestionFormAnswers XML.
import { COINS_PER_DOLLAR_WITHDRAW, withdrawalCents } from "~/lib/coins";
import { deadlineDay } from "~/lib/deadline";
import { reviewWindowDays, reviewWindowMs } from "~/lib/review";
import { hitStatusOf, type AssignmentRow, type HitRow } from "../services/hits.server";
import { questionFormAnswers } from "./question.server";
import { pageRequirementsWire, wireRequirement, type Kept } from "./requirements.server";
import { requestError } from "./wire.server";

/** Coins as MTurk writes an amount: dollars at the withdrawal rate, two decimals, no grouping ("1234.50"). */
export function wireDollars(coins: number): string {
  return (withdrawalCents(coins) / 100).toFixed(2);
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A completion day's end (UTC) as the HIT's Expiration. */
const expirationOf = (completionDate: string) => seconds(Date.parse(`${completionDate}T23:59:59Z`));

/**
 * Dollars ("0.50") as whole coins at the withdrawal rate: what the worker earns. An amount that is not a whole
 * number of coins ($0.05 each) is rounded up to the next coin, in the worker's favour ("0.07" is 2 coins, $0.10);
 * the answers and listings then show the amount paid.
 */
export function rewardCoins(reward: string, name = "Reward"): number {
  const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(reward.trim());
  if (!m) throw requestError(`${name} must be an amount in dollars such as "0.50"; "${reward}" is not.`);
  const fraction = (m[2] ?? "").padEnd(6, "0");
  const micros = Number(m[1]) * 1_000_000 + Number(fraction);
  return Math.ceil(micros / (1_000_000 / COINS_PER_DOLLAR_WITHDRAW));
}

/** The window after which Coinwork approves a submitted assignment itself, in seconds: every task's. */
const autoApprovalSeconds = (env: Pick<Env, "REVIEW_WINDOW_DAYS">) =>
  seconds(reviewWindowMs(reviewWindowDays(env.REVIEW_WINDOW_DAYS)));

/** A HIT's QualificationRequirements: as its HIT type keeps them, or those a page's task applies. */
function requirementsOfHit(row: HitRow) {
  return row.typeRequirements !== null
    ? (JSON.parse(row.typeRequirements) as Kept[]).map(wireRequirement)
    : pageRequirementsWire(row.pageRequirements);
}

/** MTurk's HIT data structure: every field a tool reads (HITLayoutId: Coinwork has no layouts). */
export function hitShape(row: HitRow, env: Pick<Env, "REVIEW_WINDOW_DAYS">, today = deadlineDay()) {
  const t = row.task;
  // a start whose time ran out counts as open at once (its slot returns when next read)
  const available = t.requiredWorkers + row.lapsedHolds;
  const completed = row.approved + row.rejected;
  const typeId = row.hitTypeId ?? t.id;
  return {
    HITId: t.id,
    // a task posted on Coinwork's pages is a type (and group) of its own
    HITTypeId: typeId,
    HITGroupId: typeId,
    CreationTime: seconds(t.createdAt),
    Title: t.taskTitle,
    Description: t.taskDetail,
    ...(row.question ? { Question: row.question } : {}),
    Keywords: row.keywords ?? t.category,
    HITStatus: hitStatusOf(row, today),
    // every assignment the HIT has had: open, being worked on, submitted and reviewed (a rejection's slot reopens,
    // so its HIT gains one), so MaxAssignments - completed - pending - available is the number waiting for review
    MaxAssignments: available + row.liveHolds + row.pending + completed,
    Reward: wireDollars(t.payableAmount),
    AutoApprovalDelayInSeconds: autoApprovalSeconds(env),
    Expiration: expirationOf(t.completionDate),
    AssignmentDurationInSeconds: t.timeAllowanceMinutes * 60,
    ...(row.annotation ? { RequesterAnnotation: row.annotation } : {}),
    QualificationRequirements: requirementsOfHit(row),
    HITReviewStatus: t.hitReviewStatus,
    // MTurk's words: pending is accepted and not yet submitted, completed is approved or rejected
    NumberOfAssignmentsPending: row.liveHolds,
    NumberOfAssignmentsAvailable: available,
    NumberOfAssignmentsCompleted: completed,
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
  // the worker accepted when they started (a proof sent without a start: when it was sent)
  const accepted = s.startedAt ?? s.createdAt;
  const feedback = s.status === "approved" ? s.approvalFeedback : s.status === "rejected" ? s.rejectReason : null;
  return {
    // the id the question's frame gave the worker (what a tool's page kept), else the submission's
    AssignmentId: row.frameAssignmentId ?? s.id,
    WorkerId: s.workerId,
    HITId: s.taskId,
    AssignmentStatus: status,
    AutoApprovalTime: seconds(submitted + reviewWindowMs(reviewWindowDays(env.REVIEW_WINDOW_DAYS))),
    AcceptTime: seconds(accepted),
    SubmitTime: seconds(submitted),
    ...(s.status === "approved" && s.reviewedAt ? { ApprovalTime: seconds(s.reviewedAt) } : {}),
    ...(s.status === "rejected" && s.reviewedAt ? { RejectionTime: seconds(s.reviewedAt) } : {}),
    Deadline: seconds(accepted + row.timeAllowanceMinutes * 60_000),
    ...(feedback ? { RequesterFeedback: feedback } : {}),
    // an answer posted from the question's frame (externalSubmit) as it came; else the proof form's
    Answer: row.answer ?? proofAnswers(s.submissionDetails, s.submissionImageUrl),
  };
}
