// The MTurk Requester API's operations that Coinwork answers, each a few lines over the services the pages use
// (posting with escrow, deletion, review): no rule lives here. An operation not in this table answers the
// RequestError that names it (docs/mturk.md lists which, and why).
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { coinsOf } from "../services/ledger.server";
import { deleteTask, postTask, updateTask } from "../services/tasks.server";
import { approveSubmission, rejectSubmission, type SubmissionStatus } from "../services/submissions.server";
import {
  addRequestToken,
  buyerAssignment,
  buyerHit,
  buyerHits,
  hitOfToken,
  taskAssignments,
  type Keyset,
} from "../services/hits.server";
import { addTaskSchema, updateTaskSchema, type UpdateTaskInput } from "~/lib/schemas/task";
import { deadlineDay } from "~/lib/deadline";
import { assignmentShape, hitShape, rewardCoins, wireDollars } from "./shapes.server";
import { requestError } from "./wire.server";

type Input = Record<string, unknown>;
type Operation = (env: Env, requester: SessionUser, input: Input) => Promise<unknown>;

/** Coinwork's category for a HIT: MTurk has none, and most HITs are surveys and judgements. */
export const HIT_CATEGORY = "Survey & Feedback";
const DAY_SECONDS = 86_400;

function text(input: Input, name: string, required = true): string {
  const value = input[name];
  if (value === undefined || value === null || value === "") {
    if (required) throw requestError(`${name} is required.`);
    return "";
  }
  if (typeof value !== "string") throw requestError(`${name} must be a string.`);
  return value;
}

function integer(input: Input, name: string, fallback?: number): number {
  const value = input[name];
  if (value === undefined || value === null) {
    if (fallback === undefined) throw requestError(`${name} is required.`);
    return fallback;
  }
  if (typeof value !== "number" || !Number.isInteger(value)) throw requestError(`${name} must be a whole number.`);
  return value;
}

/** MaxResults (1-100, 10 by default) and NextToken: the keyset of the previous page's last row. */
function paging(input: Input): { limit: number; after?: Keyset } {
  const limit = integer(input, "MaxResults", 10);
  if (limit < 1 || limit > 100) throw requestError("MaxResults must be between 1 and 100.");
  const token = text(input, "NextToken", false);
  if (!token) return { limit };
  try {
    const [createdAt, id] = JSON.parse(atob(token)) as [unknown, unknown];
    if (typeof createdAt === "number" && typeof id === "string") return { limit, after: { createdAt, id } };
  } catch {
    // refused below
  }
  throw requestError("NextToken is not one this API gave.");
}

/** A page's answer fields: NextToken when the page is full (one more row was asked for to know). */
function page<T extends { createdAt: number; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    token: rows.length > limit && last ? { NextToken: btoa(JSON.stringify([last.createdAt, last.id])) } : {},
  };
}

async function ownHit(env: Env, requester: SessionUser, hitId: string) {
  const row = await buyerHit(env, requester.id, hitId);
  if (!row) throw requestError(`Hit ${hitId} does not exist.`, "AWS.MechanicalTurk.HITDoesNotExist");
  return row;
}

async function ownAssignment(env: Env, requester: SessionUser, assignmentId: string) {
  const row = await buyerAssignment(env, requester.id, assignmentId);
  if (!row)
    throw requestError(`Assignment ${assignmentId} does not exist.`, "AWS.MechanicalTurk.AssignmentDoesNotExist");
  return row;
}

const createHit: Operation = async (env, requester, input) => {
  const lifetime = integer(input, "LifetimeInSeconds");
  if (lifetime < 30 || lifetime > 365 * DAY_SECONDS)
    throw requestError("LifetimeInSeconds must be between 30 and 31536000.");
  const parsed = v.safeParse(addTaskSchema, {
    task_title: text(input, "Title"),
    task_detail: text(input, "Description"),
    required_workers: integer(input, "MaxAssignments", 1),
    payable_amount: rewardCoins(text(input, "Reward")),
    // a task closes at the end of a day: the day the lifetime ends on
    completion_date: deadlineDay(Date.now() + lifetime * 1000),
    submission_info: text(input, "Keywords", false) || "Answer as the description asks.",
    category: HIT_CATEGORY,
    task_image_url: "",
  });
  if (!parsed.success) throw requestError(parsed.issues[0].message);
  const token = text(input, "UniqueRequestToken", false);
  if (token.length > 64) throw requestError("UniqueRequestToken must be at most 64 characters.");
  const alreadyMade = async () => {
    const hitId = token ? await hitOfToken(env, requester.id, token) : null;
    return hitId
      ? requestError(
          `The HIT with ID ${hitId} already exists (UniqueRequestToken ${token}).`,
          "AWS.MechanicalTurk.HitAlreadyExists",
        )
      : null;
  };
  const made = await alreadyMade();
  if (made) throw made;
  try {
    const task = await postTask(env, requester, parsed.output, (batch, taskId, now) => {
      if (token) addRequestToken(batch, requester.id, token, taskId, now);
    });
    return { HIT: hitShape({ task, pending: 0, approved: 0 }) };
  } catch (e) {
    // the token's key refused the batch: the same token won a race meanwhile
    throw (await alreadyMade()) ?? e;
  }
};

const assignmentStatuses: Record<string, SubmissionStatus> = {
  Submitted: "pending",
  Approved: "approved",
  Rejected: "rejected",
};

export const OPERATIONS: Record<string, Operation> = {
  GetAccountBalance: async (env, requester) => ({
    AvailableBalance: wireDollars(await coinsOf(env, requester.id)),
  }),

  CreateHIT: createHit,

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
    const asIs: UpdateTaskInput = {
      task_title: task.taskTitle,
      task_detail: task.taskDetail,
      required_workers: task.requiredWorkers,
      payable_amount: task.payableAmount,
      completion_date: task.completionDate,
      submission_info: task.submissionInfo,
      category: task.category as UpdateTaskInput["category"],
      task_image_url: task.taskImageUrl ?? "",
    };
    if (expireAt * 1000 <= Date.now()) {
      // expired now: no slot is open any more, and the open slots' escrow returns (the update's settlement)
      await updateTask(env, requester, task.id, { ...asIs, required_workers: 0 });
      return {};
    }
    const parsed = v.safeParse(updateTaskSchema, { ...asIs, completion_date: deadlineDay(expireAt * 1000) });
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
