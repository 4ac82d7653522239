// The MTurk Requester API's operations that Coinwork answers, each a few lines over the services the pages use
// (posting with escrow, deletion, review, bonuses, blocks, qualifications, notifications): no rule lives here. An operation not in this table answers the
// RequestError that names it (docs/mturk.md lists which, and why).
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { coinsOf } from "../services/ledger.server";
import { deleteTask, expireTask, updateTask } from "../services/tasks.server";
import {
  approveSubmission,
  rejectSubmission,
  reverseRejection,
  type SubmissionStatus,
} from "../services/submissions.server";
import { buyerHits, taskAssignments, type HitRow } from "../services/hits.server";
import { ownAssignment, ownHit } from "./owned.server";
import { hitUpdateTaskSchema, type HitUpdateTaskInput } from "~/lib/schemas/task";
import { deadlineDay } from "~/lib/deadline";
import { HIT_OPERATIONS } from "./hit-operations.server";
import { WORKER_OPERATIONS } from "./worker-operations.server";
import { QUALIFICATION_OPERATIONS } from "./qualification-operations.server";
import { QUALIFICATION_TYPE_OPERATIONS } from "./qualification-type-operations.server";
import { HIT_CHANGE_OPERATIONS } from "./hit-change-operations.server";
import { NOTIFICATION_OPERATIONS } from "./notification-operations.server";
import { boundedText, page, paging, text, type Input } from "./input.server";
import { assignmentShape, hitShape, wireDollars } from "./shapes.server";
import { requestError } from "./wire.server";

type Operation = (env: Env, requester: SessionUser, input: Input, request: Request) => Promise<unknown>;

const assignmentStatuses: Record<string, SubmissionStatus> = {
  Submitted: "pending",
  Approved: "approved",
  Rejected: "rejected",
};

export const OPERATIONS: Record<string, Operation> = {
  GetAccountBalance: async (env, requester) => ({
    AvailableBalance: wireDollars(await coinsOf(env, requester.id)),
  }),

  ...HIT_OPERATIONS,
  ...WORKER_OPERATIONS,
  ...QUALIFICATION_OPERATIONS,
  ...QUALIFICATION_TYPE_OPERATIONS,
  ...HIT_CHANGE_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,

  GetHIT: async (env, requester, input) => ({
    HIT: hitShape(await ownHit(env, requester, text(input, "HITId"), { disposed: true }), env),
  }),

  ListHITs: async (env, requester, input) => {
    const p = paging(input);
    return hitPage(env, await buyerHits(env, requester.id, { limit: p.limit, after: p.after }));
  },

  ListReviewableHITs: async (env, requester, input) => {
    const p = paging(input);
    const status = text(input, "Status", false) || "Reviewable";
    if (status !== "Reviewable" && status !== "Reviewing")
      throw requestError("Status must be Reviewable or Reviewing.");
    const hitTypeId = text(input, "HITTypeId", false) || undefined;
    const rows = await buyerHits(env, requester.id, { limit: p.limit, after: p.after, status, hitTypeId });
    return hitPage(env, rows);
  },

  UpdateExpirationForHIT: async (env, requester, input) => {
    const { task } = await ownHit(env, requester, text(input, "HITId"), { disposed: true });
    const expireAt = input.ExpireAt;
    if (typeof expireAt !== "number" || !Number.isFinite(expireAt)) throw requestError("ExpireAt is required.");
    if (task.deletedAt !== null) {
      // a deleted HIT is closed for good: expiring it again is done already (Dallinger's disable_hit expires, then
      // deletes, and reads "Disposed" from the delete as done); a later expiry cannot reopen it
      if (expireAt * 1000 <= Date.now()) return {};
      throw disposedHit("Assignable, Unassignable, Reviewable");
    }
    const asIs: HitUpdateTaskInput = {
      task_title: task.taskTitle,
      task_detail: task.taskDetail,
      required_workers: task.requiredWorkers,
      payable_amount: task.payableAmount,
      completion_date: task.completionDate,
      submission_info: task.submissionInfo,
      category: task.category as HitUpdateTaskInput["category"],
      task_image_url: task.taskImageUrl ?? "",
      // a HIT has no estimate: its time is measured (docs/decisions/094)
      estimate_minutes: task.estimateMinutes,
    };
    if (expireAt * 1000 <= Date.now()) {
      // expired now: no slot is open or held any more, their escrow returns, and no slot coming back reopens it
      await expireTask(env, requester, task.id);
      return {};
    }
    const parsed = v.safeParse(hitUpdateTaskSchema, { ...asIs, completion_date: deadlineDay(expireAt * 1000) });
    if (!parsed.success) throw requestError(parsed.issues[0].message);
    await updateTask(env, requester, task.id, parsed.output);
    return {};
  },

  DeleteHIT: async (env, requester, input) => {
    const hit = await ownHit(env, requester, text(input, "HITId"), { disposed: true });
    if (hit.task.deletedAt !== null) throw disposedHit("Reviewable");
    await deleteTask(env, requester, hit.task.id);
    return {};
  },

  ListAssignmentsForHIT: async (env, requester, input) => {
    const hit = await ownHit(env, requester, text(input, "HITId"));
    const p = paging(input);
    const asked = input.AssignmentStatuses ?? ["Submitted", "Approved", "Rejected"];
    if (!Array.isArray(asked) || asked.some((s) => !(s in assignmentStatuses)))
      throw requestError("AssignmentStatuses may hold Submitted, Approved and Rejected.");
    const rows = await taskAssignments(env, requester.id, hit.task.id, {
      statuses: asked.map((s: string) => assignmentStatuses[s]),
      limit: p.limit,
      after: p.after,
    });
    const { items, token } = page(rows.map((r) => ({ ...r, createdAt: r.submission.createdAt, id: r.submission.id })));
    return { NumResults: items.length, Assignments: items.map((r) => assignmentShape(r, env)), ...token };
  },

  GetAssignment: async (env, requester, input) => {
    const row = await ownAssignment(env, requester, text(input, "AssignmentId"));
    const hit = await ownHit(env, requester, row.submission.taskId, { disposed: true });
    return { Assignment: assignmentShape(row, env), HIT: hitShape(hit, env) };
  },

  // OverrideRejection (Mephisto sends it with every approval) approves a submitted assignment as any approval does,
  // and on a rejected one reverses the requester's own rejection, paying the worker from their balance
  ApproveAssignment: async (env, requester, input) => {
    const row = await ownAssignment(env, requester, text(input, "AssignmentId"));
    const feedback = feedbackOf(input);
    if (input.OverrideRejection === true && row.submission.status === "rejected")
      await reverseRejection(env, requester, row.submission.id, feedback);
    else await approveSubmission(env, requester, row.submission.id, undefined, feedback);
    return {};
  },

  // an empty RequesterFeedback is accepted, as on MTurk: the worker reads that the requester gave no reason, and the
  // buyer's public record counts such rejections on their own line
  RejectAssignment: async (env, requester, input) => {
    const row = await ownAssignment(env, requester, text(input, "AssignmentId"));
    await rejectSubmission(env, requester, row.submission.id, feedbackOf(input));
    return {};
  },
};

/** A page of HITs, as ListHITs and ListReviewableHITs answer it. */
function hitPage(env: Env, rows: HitRow[]) {
  const { items, token } = page(rows.map((r) => ({ ...r, createdAt: r.task.createdAt, id: r.task.id })));
  return { NumResults: items.length, HITs: items.map((r) => hitShape(r, env)), ...token };
}

/** RequesterFeedback: what the worker reads with the decision (at most 1024 characters, as on MTurk), or "". */
/** MTurk's words for an operation on a deleted HIT, which tools match to know it is gone already. */
const disposedHit = (allowed: string) =>
  requestError(
    `This HIT is currently in the state 'Disposed'. This operation can be called with a status of: ${allowed}`,
    "AWS.MechanicalTurk.InvalidHITState",
  );

const feedbackOf = (input: Input) => boundedText(input, "RequesterFeedback", 1024, false).trim();
