// The MTurk Requester API's operations that Coinwork answers, each a few lines over the services the pages use
// (posting with escrow, deletion, review, bonuses, blocks, qualifications, notifications): no rule lives here. An operation not in this table answers the
// RequestError that names it (docs/mturk.md lists which, and why).
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { coinsOf } from "../services/ledger.server";
import { deleteTask, expireTask, updateTask } from "../services/tasks.server";
import { approveSubmission, rejectSubmission, type SubmissionStatus } from "../services/submissions.server";
import { buyerHits, taskAssignments } from "../services/hits.server";
import { ownAssignment, ownHit } from "./owned.server";
import { hitUpdateTaskSchema, type HitUpdateTaskInput } from "~/lib/schemas/task";
import { deadlineDay } from "~/lib/deadline";
import { HIT_OPERATIONS } from "./hit-operations.server";
import { WORKER_OPERATIONS } from "./worker-operations.server";
import { QUALIFICATION_OPERATIONS } from "./qualification-operations.server";
import { QUALIFICATION_TYPE_OPERATIONS } from "./qualification-type-operations.server";
import { HIT_CHANGE_OPERATIONS } from "./hit-change-operations.server";
import { NOTIFICATION_OPERATIONS } from "./notification-operations.server";
import { page, paging, text, type Input } from "./input.server";
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

  GetHIT: async (env, requester, input) => ({ HIT: hitShape(await ownHit(env, requester, text(input, "HITId"))) }),

  ListHITs: async (env, requester, input) => {
    const p = paging(input);
    const rows = await buyerHits(env, requester.id, { limit: p.limit + 1, after: p.after });
    const { items, token } = page(
      rows.map((r) => ({ ...r, createdAt: r.task.createdAt, id: r.task.id })),
      p.limit,
    );
    return { NumResults: items.length, HITs: items.map((r) => hitShape(r)), ...token };
  },

  ListReviewableHITs: async (env, requester, input) => {
    const p = paging(input);
    const rows = await buyerHits(env, requester.id, { limit: p.limit + 1, after: p.after, reviewable: true });
    const { items, token } = page(
      rows.map((r) => ({ ...r, createdAt: r.task.createdAt, id: r.task.id })),
      p.limit,
    );
    return { NumResults: items.length, HITs: items.map((r) => hitShape(r)), ...token };
  },

  UpdateExpirationForHIT: async (env, requester, input) => {
    const { task } = await ownHit(env, requester, text(input, "HITId"));
    const expireAt = input.ExpireAt;
    if (typeof expireAt !== "number" || !Number.isFinite(expireAt)) throw requestError("ExpireAt is required.");
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
    const hit = await ownHit(env, requester, text(input, "HITId"));
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
      limit: p.limit + 1,
      after: p.after,
    });
    const { items, token } = page(
      rows.map((r) => ({ ...r, createdAt: r.submission.createdAt, id: r.submission.id })),
      p.limit,
    );
    return { NumResults: items.length, Assignments: items.map((r) => assignmentShape(r, env)), ...token };
  },

  GetAssignment: async (env, requester, input) => {
    const row = await ownAssignment(env, requester, text(input, "AssignmentId"));
    const hit = await ownHit(env, requester, row.submission.taskId);
    return { Assignment: assignmentShape(row, env), HIT: hitShape(hit) };
  },

  ApproveAssignment: async (env, requester, input) => {
    const row = await ownAssignment(env, requester, text(input, "AssignmentId"));
    if (input.OverrideRejection === true)
      throw requestError("OverrideRejection is not supported: a rejected worker appeals on Coinwork instead.");
    await approveSubmission(env, requester, row.submission.id);
    return {};
  },

  RejectAssignment: async (env, requester, input) => {
    const row = await ownAssignment(env, requester, text(input, "AssignmentId"));
    const feedback = text(input, "RequesterFeedback").trim();
    if (!feedback) throw requestError("RequesterFeedback is required: Coinwork tells the worker why.");
    if (feedback.length > 1024) throw requestError("RequesterFeedback must be at most 1024 characters.");
    await rejectSubmission(env, requester, row.submission.id, feedback);
    return {};
  },
};
