// Submissions: a worker's proof takes the escrowed slot they started (slots.server.ts); the task's buyer approves (pays the worker from
// escrow) or rejects (returns the slot); while it is pending its worker may edit it (the review window starts again)
// or withdraw it (the slot returns, nothing is marked against them: docs/decisions/025; its flags go with it). Each step is one D1 batch
// whose statements all hinge on the submission still being pending as read, so racing reviews pay once.
import { PUSH_TITLES, queuePush } from "./push.server";
import { and, count, desc, eq, inArray, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb, newId, type Db } from "../db/client.server";
import { outerColumn } from "../db/sql";
import { newBatch, type Batch, type ConstraintRefusal } from "../db/batch.server";
import { fetchPage, pagesOf, pageWindow, type PageRequest } from "../db/paging";
import { submissions, tasks, users, workerFigures } from "../db/schema";
import { AppError, conflict, forbidden, insufficientCoins, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { CHANGED_MEANWHILE, coinsOf, exists, notice, notification, posting } from "./ledger.server";
import { refuseWhileOwing, spendRefusal } from "./debts.server";
import { reviewWindowDays, reviewWindowMs } from "~/lib/review";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { requireVerifiedEmail } from "../auth/guards.server";
import { SUBMISSION_TEXT_REQUIRED } from "~/lib/schemas/money";
import { heldSlotOf, NOT_STARTED, readTaskForWork, releaseExpiredHolds, TIME_RAN_OUT } from "./slots.server";
import { addSlotReturn, type SlotComingBack } from "./slot-returns.server";
import { BLOCKED_WORKER, notBlocked } from "./blocks.server";
import { addBelowMinimumNotice, addMinimumPaySteps } from "./pay-rate.server";
import { TASK_PAUSED } from "~/lib/pay-rate";
import type { Said } from "~/lib/i18n/messages";
import { approvalRateSql, requireEligible } from "./eligibility.server";
import { PRIOR_RATE } from "~/lib/eligibility";
import { lapseDueRevisions, noRevisionOutstanding, REVISION_OUTSTANDING } from "./revisions.server";
import { checkAnswerEditStatement, checkAnswerStatement, judgeCheckAnswer } from "./proof-flags.server";
import { judgeCopiedProof, judgeCopiesAgain, withdrawnProof } from "./copied-proof.server";
import { getItemsPerPage } from "./preferences.server";
import { ITEMS_PER_PAGE_OPTIONS } from "~/lib/coins";

export const ALREADY_SUBMITTED = "You already have a pending or approved submission for this task.";
export const NO_SLOTS = "No slots left on this task.";
export const PAST_DATE = "This task is past its completion date.";
export const ALREADY_REVIEWED = "This submission has already been reviewed.";
export const OWN_TASK = "You cannot submit work to your own task.";
export const NOT_PENDING = "Only a submission waiting for review can be changed or withdrawn.";
export const EDITED_SINCE_SEEN =
  "The worker changed this submission after you opened it. Look at it again before you decide.";

/** The proof must say something: its text is required, as the schema says, for callers that skip the schema. */
function assertProofText(text: string) {
  if (!text.trim())
    throw new AppError("validation_failed", SUBMISSION_TEXT_REQUIRED, {
      submission_details: [SUBMISSION_TEXT_REQUIRED],
    });
}

export interface NewSubmission {
  task_id: string;
  submission_details: string;
  submission_image_url: string;
  /** the answer to the task's check question, if it has one */
  check_answer?: string;
}

/** The task a worker submits to, as the submission needs it. */
type TaskToSubmit = NonNullable<Awaited<ReturnType<typeof readTaskForWork>>>;

/** Throws why this worker cannot submit to the task as read; the insert's conditions are the same. */
function assertOpenTo(task: TaskToSubmit | undefined, workerId: string, today: string): asserts task is TaskToSubmit {
  if (!task || task.deletedAt !== null) throw notFound("Task not found");
  if (task.buyerId === workerId) throw forbidden(OWN_TASK);
  if (task.blocked) throw forbidden(BLOCKED_WORKER);
  if (isPastDate(task.completionDate, today)) throw conflict(PAST_DATE);
  if (task.pausedAt !== null) throw conflict(TASK_PAUSED);
  if (task.requiredWorkers <= 0) throw conflict(NO_SLOTS);
}

/**
 * The worker sends proof for a task. From the pages, only from a slot they hold (slots.server.ts): the submission
 * takes the hold's escrowed pay and start time, and the hold ends, in one batch (no coins move). `startIfNeeded`
 * (the REST API's POST /submission, which the original client calls without a start) starts and submits in one
 * step when a slot is free: the submission takes an open slot at the task's pay, as before starts existed.
 */
export async function createSubmission(
  env: Env,
  worker: SessionUser,
  input: NewSubmission,
  opts: { startIfNeeded?: boolean } = {},
) {
  if (worker.role !== "Worker") throw forbidden("Only workers can submit work");
  requireVerifiedEmail(worker);
  assertProofText(input.submission_details);
  const now = Date.now();
  const today = deadlineDay(now);
  // the one step starts as startTask does: the task's starts whose time has run out are returned first, so their
  // slots are open to it (docs/decisions/073-a-lapsed-start-is-open-on-read.md)
  if (opts.startIfNeeded) await releaseExpiredHolds(env, now, input.task_id);
  const task = await readTaskForWork(env, input.task_id, worker.id);
  if (!task || task.deletedAt !== null) throw notFound("Task not found");
  const { hold, expired } = await heldSlotOf(env, worker.id, task.id, now);
  if (!hold && !opts.startIfNeeded) throw conflict(expired ? TIME_RAN_OUT : NOT_STARTED);
  // a held slot was checked when it was started (startTask), and a block or a lost qualification since ended it
  // (slot-returns.server.ts addHoldsEnded); both are checked again here for a change that raced the proof
  if (!hold) assertOpenTo(task, worker.id, today);
  else if (task.blocked) throw forbidden(BLOCKED_WORKER);
  await requireEligible(env, worker.id, task.id);
  const judged = await judgeCheckAnswer(env, task.id, input.check_answer);
  const id = newId();
  const created = exists("submissions", id);
  // The buyer's notice names the task as read, so the insert requires that title still: a task renamed meanwhile
  // takes no submission. The escrowed pay is copied inside the batch and appears in no text.
  const batch = newBatch(env);
  if (hold) {
    const held = sql`h.task_id = ${task.id} AND h.worker_id = ${worker.id} AND h.started_at = ${hold.startedAt}`;
    batch
      .step(
        "submit",
        sql`INSERT INTO submissions (id, task_id, worker_id, buyer_id, payable_amount, submission_details, submission_image_url, status, created_at, started_at)
          SELECT ${id}, t.id, ${worker.id}, t.buyer_id, h.payable_amount, ${input.submission_details}, ${input.submission_image_url || null}, 'pending', ${now}, h.started_at
          FROM task_holds h JOIN tasks t ON t.id = h.task_id
          WHERE ${held} AND h.expires_at > ${now} AND t.deleted_at IS NULL AND t.completion_date >= ${today}
            AND t.task_title = ${task.taskTitle} AND ${notBlocked(worker.id, sql`t.buyer_id`)}`,
      )
      // the hold's escrow is the submission's now
      .step("end hold", sql`DELETE FROM task_holds AS h WHERE ${held} AND ${created}`);
  } else {
    batch
      .step(
        "submit",
        sql`INSERT INTO submissions (id, task_id, worker_id, buyer_id, payable_amount, submission_details, submission_image_url, status, created_at)
          SELECT ${id}, t.id, ${worker.id}, t.buyer_id, t.payable_amount, ${input.submission_details}, ${input.submission_image_url || null}, 'pending', ${now}
          FROM tasks t
          WHERE t.id = ${task.id} AND t.deleted_at IS NULL AND t.required_workers > 0 AND t.paused_at IS NULL
            AND t.completion_date >= ${today} AND t.buyer_id <> ${worker.id} AND t.task_title = ${task.taskTitle}
            AND ${notBlocked(worker.id, sql`t.buyer_id`)}`,
      )
      .step(
        "take slot",
        sql`UPDATE tasks SET required_workers = required_workers - 1 WHERE id = ${task.id} AND ${created}`,
      );
  }
  // the insert's trigger (migrations/0032, 0076) timed it and worked out the task's median, or its judged time
  addBelowMinimumNotice(batch, env, task, now);
  addMinimumPaySteps(batch, env, { task, submissionId: id, timed: hold !== null, now });
  batch.step(
    "notify buyer",
    notification({
      id: newId(),
      userId: task.buyerId,
      message: notice("submission.received", { worker: worker.name, title: task.taskTitle }),
      actionRoute: NOTIFICATION_LINKS.submissionReceived,
      now,
      when: created,
    }),
  );
  if (judged) batch.step("check answer", checkAnswerStatement(id, task.buyerId, judged, now, created));
  const done = await batch.run({ refusal: () => conflict(ALREADY_SUBMITTED), constraint: "submissions" });
  if (done.changes("submit") === 0) {
    const again = await readTaskForWork(env, task.id, worker.id);
    if (!again || again.deletedAt !== null) throw notFound("Task not found");
    if (isPastDate(again.completionDate, today)) throw conflict(PAST_DATE);
    if (hold && hold.expiresAt <= Date.now()) throw conflict(TIME_RAN_OUT);
    if (!hold) assertOpenTo(again, worker.id, today);
    throw conflict(CHANGED_MEANWHILE);
  }
  const row = (await getDb(env).select().from(submissions).where(eq(submissions.id, id)).limit(1))[0]!;
  await judgeCopiedProof(env, id, { now });
  return row;
}

/** A submission as its review needs it, with its task's title and current pay. */
function selectReviews(db: Db) {
  return db
    .select({
      id: submissions.id,
      workerId: submissions.workerId,
      buyerId: submissions.buyerId,
      payableAmount: submissions.payableAmount,
      status: submissions.status,
      editedAt: submissions.editedAt,
      revisionDueAt: submissions.revisionDueAt,
      taskId: submissions.taskId,
      taskTitle: tasks.taskTitle,
      taskPay: tasks.payableAmount,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId));
}

async function readReview(env: Env, submissionId: string) {
  return (await selectReviews(getDb(env)).where(eq(submissions.id, submissionId)).limit(1))[0];
}
type Review = NonNullable<Awaited<ReturnType<typeof readReview>>>;

/** Throws why this reviewer cannot review the submission as read. */
function assertReviewable(review: Review | undefined, reviewer: SessionUser): asserts review is Review {
  if (!review) throw notFound("Submission not found");
  if (review.buyerId !== reviewer.id) throw forbidden("Only the task's buyer can review this submission");
  if (review.status !== "pending") throw conflict(ALREADY_REVIEWED);
  if (review.revisionDueAt !== null) throw conflict(REVISION_OUTSTANDING);
}

/**
 * Which version of a submission a buyer decided on: its last edit's time, 0 when never edited. A page sends the one
 * it showed, so a decision on proof the worker has changed since is refused (EDITED_SINCE_SEEN).
 */
export const proofVersion = (s: { editedAt: number | null }) => s.editedAt ?? 0;

/**
 * Reviews a submission: refuses what the read shows, adds the review's steps to one batch (`addSteps` returns the
 * label of the step that decides it), and explains a batch that changed nothing.
 */
async function review(
  env: Env,
  reviewer: SessionUser,
  submissionId: string,
  seen: number | undefined,
  addSteps: (batch: Batch, read: Review) => string,
  onConstraint?: ConstraintRefusal,
) {
  // a revision whose time ran out lapses first (the check on read), so the original proof can be decided
  await lapseDueRevisions(env, Date.now(), submissionId);
  const read = await readReview(env, submissionId);
  assertReviewable(read, reviewer);
  if (seen !== undefined && seen !== proofVersion(read)) throw conflict(EDITED_SINCE_SEEN);
  const batch = newBatch(env);
  const decisive = addSteps(batch, read);
  const done = await batch.run(onConstraint);
  if (done.changes(decisive) === 0) {
    assertReviewable(await readReview(env, submissionId), reviewer);
    throw conflict(CHANGED_MEANWHILE);
  }
  return { modifiedCount: 1 };
}

/**
 * The guard of a review's steps: the submission is still pending with the pay and the proof read (the pay is bound
 * into the payout and the notice; a worker's edit since makes it another proof), and its task still has the title
 * the notice names. A stale read changes nothing. Who may review was checked on the read: a submission's buyer
 * never changes.
 */
const pendingAsRead = (r: Review) =>
  sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${r.id} AND status = 'pending' AND payable_amount = ${r.payableAmount}
      AND COALESCE(edited_at, 0) = ${proofVersion(r)})
    AND EXISTS (SELECT 1 FROM tasks WHERE id = ${r.taskId} AND task_title = ${r.taskTitle})`;

/** A decision's guard: pending as read, and no revision outstanding (revisions.server.ts). */
const decidableAsRead = (r: Review) =>
  sql`${pendingAsRead(r)} AND EXISTS (SELECT 1 FROM submissions WHERE id = ${r.id} AND ${noRevisionOutstanding})`;

/**
 * An approval's steps (labels start with `prefix`): the worker's notice and payout, then the status change, which
 * comes last because the others hold only while the submission is pending. Returns the deciding step's label.
 */
function addApproval(batch: Batch, r: Review, now: number, prefix = "", feedback: string | null = null): string {
  const when = decidableAsRead(r);
  const noticeId = newId();
  batch
    .step(
      `${prefix}notify worker`,
      notification({
        id: noticeId,
        userId: r.workerId,
        message: notice(feedback ? "submission.approvedWithFeedback" : "submission.approved", {
          coins: r.payableAmount,
          title: r.taskTitle,
          feedback: feedback ?? "",
        }),
        actionRoute: NOTIFICATION_LINKS.submissionDecided,
        now,
        when,
      }),
    )
    .step(`${prefix}push worker`, queuePush(noticeId, r.workerId, PUSH_TITLES.approved))
    .step(
      `${prefix}payout`,
      ...posting({
        id: newId(),
        userId: r.workerId,
        delta: r.payableAmount,
        kind: "submission_payout",
        submissionId: r.id,
        now,
        when,
      }),
    )
    .step(
      `${prefix}approve`,
      sql`UPDATE submissions SET status = 'approved', reviewed_at = ${now}, approval_feedback = ${feedback}
        WHERE id = ${r.id} AND ${when}`,
    );
  return `${prefix}approve`;
}

/**
 * `seen`: the proof version (proofVersion) the buyer decided on, when a page showed it; the REST API sends none.
 * `feedback`: what the buyer writes to the worker with the approval (the MTurk API's RequesterFeedback).
 */
export async function approveSubmission(
  env: Env,
  buyer: SessionUser,
  submissionId: string,
  seen?: number,
  feedback?: string,
) {
  return review(env, buyer, submissionId, seen, (batch, r) => addApproval(batch, r, Date.now(), "", feedback || null));
}

/** Whether the worker of this submission has a pending or approved one for its task (one live submission each). */
async function hasLiveSubmission(env: Env, r: Review): Promise<boolean> {
  const rows = await getDb(env)
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.taskId, r.taskId),
        eq(submissions.workerId, r.workerId),
        inArray(submissions.status, ["pending", "approved"]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export const NOT_REJECTED = "Only a rejected submission's rejection can be reversed.";
export const SUBMITTED_AGAIN =
  "The worker has another pending or approved submission for this task, so this one cannot be approved.";

/**
 * The buyer reverses their own rejection (the MTurk API's ApproveAssignment with OverrideRejection, as MTurk
 * allowed): the submission becomes approved and its worker is paid its pay from the buyer's balance (the rejection
 * returned its escrow to the task's open slot, which stays open), in one batch guarded by the submission still
 * rejected as read. The buyer's charge is the ledger's charge for a reversed rejection (`appeal_charge`, once per
 * submission), the payout the submission's one payout; a pending appeal of the rejection has nothing left to decide
 * and is withdrawn in the same batch. More than the balance, or coins owed, is refused.
 */
export async function reverseRejection(env: Env, buyer: SessionUser, submissionId: string, feedback?: string) {
  if (buyer.role !== "Buyer") throw forbidden("Only the task's buyer can review this submission");
  requireVerifiedEmail(buyer);
  const r = await readReview(env, submissionId);
  if (!r) throw notFound("Submission not found");
  if (r.buyerId !== buyer.id) throw forbidden("Only the task's buyer can review this submission");
  if (r.status !== "rejected") throw conflict(r.status === "approved" ? ALREADY_REVIEWED : NOT_REJECTED);
  if (await hasLiveSubmission(env, r)) throw conflict(SUBMITTED_AGAIN);
  await refuseWhileOwing(env, buyer.id);
  const pay = r.payableAmount;
  const balance = await coinsOf(env, buyer.id);
  if (balance < pay) throw insufficientCoins(pay - balance);
  const now = Date.now();
  const when = sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${r.id} AND status = 'rejected' AND payable_amount = ${pay})
    AND EXISTS (SELECT 1 FROM tasks WHERE id = ${r.taskId} AND task_title = ${r.taskTitle})`;
  const payoutId = newId();
  const paid = sql`EXISTS (SELECT 1 FROM coin_ledger WHERE id = ${payoutId})`;
  const refs = { submissionId: r.id, now };
  const noticeId = newId();
  const done = await newBatch(env)
    .step("charge", ...posting({ id: newId(), userId: buyer.id, delta: -pay, kind: "appeal_charge", ...refs, when }))
    .step(
      "payout",
      ...posting({ id: payoutId, userId: r.workerId, delta: pay, kind: "submission_payout", ...refs, when }),
    )
    .step(
      "notify worker",
      notification({
        id: noticeId,
        userId: r.workerId,
        message: notice(feedback ? "submission.reversedWithFeedback" : "submission.reversed", {
          coins: pay,
          buyer: buyer.name,
          title: r.taskTitle,
          feedback: feedback ?? "",
        }),
        actionRoute: NOTIFICATION_LINKS.submissionDecided,
        now,
        when: paid,
      }),
    )
    .step("push worker", queuePush(noticeId, r.workerId, PUSH_TITLES.approved))
    .step("withdraw appeal", sql`DELETE FROM appeals WHERE submission_id = ${r.id} AND status = 'pending' AND ${paid}`)
    .step(
      "approve",
      sql`UPDATE submissions SET status = 'approved', reviewed_at = ${now}, reject_reason = NULL,
        approval_feedback = ${feedback || null} WHERE id = ${r.id} AND status = 'rejected' AND ${paid}`,
    )
    .run({
      // the one-live-submission index (the worker sent the task new work meanwhile), or the balance was spent
      refusal: async () =>
        (await hasLiveSubmission(env, r))
          ? conflict(SUBMITTED_AGAIN)
          : spendRefusal(env, buyer.id, async () => insufficientCoins(pay - (await coinsOf(env, buyer.id)))),
    });
  if (done.changes("approve") === 0) {
    const again = await readReview(env, submissionId);
    if (again?.status !== "rejected") throw conflict(again?.status === "approved" ? ALREADY_REVIEWED : NOT_REJECTED);
    throw conflict(CHANGED_MEANWHILE);
  }
  return { modifiedCount: 1 };
}

/**
 * Rejection returns the slot to the task. If the task's pay changed since, the buyer settles the difference: the
 * guard requires the task's pay as read, so the settled coins are the ones computed here.
 */
export async function rejectSubmission(
  env: Env,
  buyer: SessionUser,
  submissionId: string,
  reason: string,
  seen?: number,
) {
  return review(
    env,
    buyer,
    submissionId,
    seen,
    (batch, r) => {
      const now = Date.now();
      const when = sql`${decidableAsRead(r)} AND EXISTS (SELECT 1 FROM tasks WHERE id = ${r.taskId} AND payable_amount = ${r.taskPay})`;
      const noticeId = newId();
      batch
        .step(
          "notify worker",
          notification({
            id: noticeId,
            userId: r.workerId,
            message: reason
              ? notice("submission.rejectedWithReason", { title: r.taskTitle, reason })
              : notice("submission.rejected", { title: r.taskTitle }),
            actionRoute: NOTIFICATION_LINKS.submissionDecided,
            now,
            when,
          }),
        )
        .step("push worker", queuePush(noticeId, r.workerId, PUSH_TITLES.rejected));
      addSlotReturn(batch, slotOf(r), { now, when, buyerPays: true, submissionId: r.id });
      batch.step(
        "reject",
        sql`UPDATE submissions SET status = 'rejected', reject_reason = ${reason || null}, reviewed_at = ${now} WHERE id = ${r.id} AND ${when}`,
      );
      return "reject";
    },
    {
      refusal: () =>
        conflict(
          "Insufficient Coins: the task's pay rose since this submission, and reopening its slot costs more than your balance.",
        ),
    },
  );
}

/** A reviewed or withdrawn submission's slot, as its return to the task settles it. */
const slotOf = (r: Review): SlotComingBack => ({
  buyerId: r.buyerId,
  taskId: r.taskId,
  taskPay: r.taskPay,
  heldPay: r.payableAmount,
});

/** A submission as its worker's edit or withdrawal needs it: the review's read, refused unless theirs and pending. */
async function readOwnPending(env: Env, worker: SessionUser, submissionId: string) {
  if (worker.role !== "Worker") throw forbidden("Only workers have submissions");
  const r = await readReview(env, submissionId);
  if (!r || r.workerId !== worker.id) throw notFound("Submission not found");
  if (r.status !== "pending") throw conflict(NOT_PENDING);
  return r;
}

/** After a worker's batch changed nothing: why, as things are now. */
async function explainOwnPending(env: Env, worker: SessionUser, submissionId: string): Promise<never> {
  await readOwnPending(env, worker, submissionId);
  throw conflict(CHANGED_MEANWHILE);
}

/** The proof a submission carries now: what an edit compares the new proof with (copied-proof.server.ts). */
async function currentProof(env: Env, submissionId: string) {
  const [row] = await getDb(env)
    .select({ text: submissions.submissionDetails, imageUrl: submissions.submissionImageUrl })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .limit(1);
  return row ?? null;
}

/**
 * The worker changes their pending proof: its text (required), image and answer to the task's check question
 * (required when the task has one). The review window starts again from now (edited_at), so the buyer gets the whole
 * window to look at the new proof, and is told. The answer is judged again in the edit's batch, and the copied-proof
 * flags after it, so every flag speaks of the proof as it is now. Proof the buyer was looking at when it changed
 * cannot be approved or rejected on that old look (proofVersion). A replaced image is left to the daily sweep of
 * unused uploads.
 */
export async function editSubmission(
  env: Env,
  worker: SessionUser,
  submissionId: string,
  input: { submission_details: string; submission_image_url: string; check_answer?: string },
) {
  assertProofText(input.submission_details);
  const now = Date.now();
  await lapseDueRevisions(env, now, submissionId);
  const r = await readOwnPending(env, worker, submissionId);
  const [previous, judged] = await Promise.all([
    currentProof(env, r.id),
    judgeCheckAnswer(env, r.taskId, input.check_answer),
  ]);
  // with a revision outstanding, this edit is the resubmission: it ends the revision (revisions.server.ts)
  const revising = r.revisionDueAt !== null;
  const when = sql`${pendingAsRead(r)} AND EXISTS (SELECT 1 FROM submissions WHERE id = ${r.id} AND revision_due_at IS ${revising ? sql`NOT NULL` : sql`NULL`})`;
  const done = await newBatch(env)
    .step(
      "notify buyer",
      notification({
        id: newId(),
        userId: r.buyerId,
        message: notice(revising ? "submission.revised" : "submission.changed", {
          worker: worker.name,
          title: r.taskTitle,
        }),
        actionRoute: NOTIFICATION_LINKS.submissionReceived,
        now,
        when,
      }),
    )
    // before the edit, whose new version the guard would no longer find
    .step("check answer", checkAnswerEditStatement(r.id, r.buyerId, judged, now, when))
    .step(
      "edit",
      sql`UPDATE submissions SET submission_details = ${input.submission_details},
        submission_image_url = ${input.submission_image_url || null}, edited_at = ${now}, revision_due_at = NULL
        WHERE id = ${r.id} AND worker_id = ${worker.id} AND ${when}`,
    )
    .run();
  if (done.changes("edit") === 0) await explainOwnPending(env, worker, submissionId);
  await judgeCopiedProof(env, r.id, { now, previous });
  return (await getDb(env).select().from(submissions).where(eq(submissions.id, r.id)).limit(1))[0]!;
}

/**
 * The worker withdraws their pending submission: it is deleted (nothing is marked against them: no rejection, no
 * track record) and its slot returns to the task, in one batch. The slot is escrowed at the task's pay now: when the
 * buyer lowered it since, the difference goes back to them (as a rejection settles it); when they raised it, a
 * worker's withdrawal never charges the buyer, so the submission's coins go back to the buyer instead and the slot
 * stays closed (the buyer may add one on Update Task). The buyer is told either way.
 */
export async function withdrawSubmission(env: Env, worker: SessionUser, submissionId: string) {
  const r = await readOwnPending(env, worker, submissionId);
  const now = Date.now();
  const raised = r.taskPay > r.payableAmount;
  // the task's pay as read decides which coins move; the task is live while a submission is pending (an admin's
  // deletion cancels them), required here all the same so the slot's coins can never go nowhere
  const when = sql`${pendingAsRead(r)} AND EXISTS (SELECT 1 FROM tasks WHERE id = ${r.taskId} AND deleted_at IS NULL
    AND payable_amount = ${r.taskPay})`;
  const batch = newBatch(env).step(
    "notify buyer",
    notification({
      id: newId(),
      userId: r.buyerId,
      message: notice(raised ? "submission.withdrawnRaised" : "submission.withdrawn", {
        worker: worker.name,
        title: r.taskTitle,
        coins: r.payableAmount,
      }),
      actionRoute: NOTIFICATION_LINKS.taskRemoved,
      now,
      when,
    }),
  );
  addSlotReturn(batch, slotOf(r), { now, when, buyerPays: false, note: "a withdrawn submission" });
  // its flags go with it, and the flags naming it as their original are judged again after
  const proof = await withdrawnProof(env, r.id, when);
  const done = await batch
    .step(
      "flags",
      sql`DELETE FROM submission_check_answers WHERE submission_id = ${r.id} AND ${when}`,
      ...proof.statements,
    )
    .step("withdraw", sql`DELETE FROM submissions WHERE id = ${r.id} AND worker_id = ${worker.id} AND ${when}`)
    .run();
  if (done.changes("withdraw") === 0) await explainOwnPending(env, worker, submissionId);
  await judgeCopiesAgain(env, proof.naming, now);
  return { taskId: r.taskId, taskTitle: r.taskTitle, slotReopened: !raised };
}

/** When a submission's review window started: its last edit, else when it was sent. */
const reviewClock = sql`COALESCE(${submissions.editedAt}, ${submissions.createdAt})`;

/** The review window of this deployment, in days (REVIEW_WINDOW_DAYS): the job's and the countdown's. */
export const reviewWindowOf = (env: Env) => reviewWindowDays(env.REVIEW_WINDOW_DAYS);

/**
 * Cron: approve pending submissions older than the review window (REVIEW_WINDOW_DAYS, default 3). One renamed
 * meanwhile fails its guard and is approved on the next run.
 */
export async function autoApproveDue(env: Env, now = Date.now()): Promise<number> {
  // the same window as the buyer's countdown (autoApprovesAt)
  const cutoff = now - reviewWindowMs(reviewWindowOf(env));
  const due = await selectReviews(getDb(env))
    // the review window runs from the last change of the proof (migrations/0020 indexes this expression)
    .where(and(eq(submissions.status, "pending"), lt(reviewClock, cutoff), noRevisionOutstanding))
    .limit(200);
  let approved = 0;
  // A few approvals per batch keeps batches small.
  for (let i = 0; i < due.length; i += 10) {
    const batch = newBatch(env);
    const decisive = due.slice(i, i + 10).map((r) => addApproval(batch, r, now, `${r.id}: `));
    const done = await batch.run();
    approved += decisive.filter((label) => done.changes(label) > 0).length;
  }
  return approved;
}

const workerUser = alias(users, "w");
const buyerUser = alias(users, "b");
const submissionColumns = {
  submission: submissions,
  taskTitle: tasks.taskTitle,
  taskInstructions: tasks.submissionInfo,
  workerName: workerUser.name,
  workerEmail: workerUser.email,
  buyerName: buyerUser.name,
  buyerEmail: buyerUser.email,
  /** the status of the worker's appeal against the decision, null without one (one seek of its unique index) */
  appealStatus: sql<
    string | null
  >`(SELECT a.status FROM appeals AS a WHERE a.submission_id = ${outerColumn(submissions.id)})`,
};

/** Columns a list adds to each row, computed from it (correlated subqueries of the outer `submissions` row). */
type ExtraColumns = Record<string, SQL | SQL.Aliased>;
/** What `extra` columns add to each row (drizzle cannot type a select whose columns are a type parameter). */
type ExtraRow<E extends ExtraColumns> = {
  [K in keyof E]: E[K] extends SQL<infer T> | SQL.Aliased<infer T> ? T : never;
};

/**
 * Submissions with their task, worker and buyer (drizzle needs the joined tables in the query itself), and the
 * caller's `extra` columns, which the caller types (ExtraRow).
 */
function selectJoined(db: Db, extra: ExtraColumns = {}) {
  return db
    .select({ ...submissionColumns, ...extra } as typeof submissionColumns)
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(workerUser, eq(workerUser.id, submissions.workerId))
    .innerJoin(buyerUser, eq(buyerUser.id, submissions.buyerId));
}

export type SubmissionStatus = "pending" | "approved" | "rejected" | "cancelled";
const STATUSES: readonly SubmissionStatus[] = ["pending", "approved", "rejected", "cancelled"];

/**
 * "status is one of these", written as literals (they come from the fixed list above, never from input): only a
 * constant condition lets SQLite prove a partial index applies, e.g. one task's pending submissions
 * (submissions_task_pending_idx).
 */
function statusIn(list: SubmissionStatus[]) {
  const known = list.filter((s) => STATUSES.includes(s));
  return sql`${submissions.status} IN (${sql.raw(known.map((s) => `'${s}'`).join(", ") || "NULL")})`;
}

interface SubmissionListOptions extends PageRequest {
  status?: SubmissionStatus[];
  /** one task's submissions only */
  taskId?: string;
}

/** The submissions whose `party` column (worker or buyer) is this user, newest first, paginated in the database. */
async function listSubmissionsOf<E extends ExtraColumns = Record<never, never>>(
  env: Env,
  party: SQLiteColumn,
  userId: string,
  opts: SubmissionListOptions,
  defaultLimit: number,
  extra?: E,
) {
  const db = getDb(env);
  const w = pageWindow(opts, defaultLimit);
  const where = and(
    eq(party, userId),
    opts.status?.length ? statusIn(opts.status) : undefined,
    opts.taskId ? eq(submissions.taskId, opts.taskId) : undefined,
  );
  const rows = selectJoined(db, extra)
    .where(where)
    .orderBy(desc(submissions.createdAt))
    .limit(w.limit)
    .offset(w.offset);
  const page = await fetchPage(
    w,
    rows as PromiseLike<(JoinedRow & ExtraRow<E>)[]>,
    db.select({ n: count() }).from(submissions).where(where),
  );
  return { ...page, items: page.items.map(flatten) };
}

/** A worker's submissions, newest first, paginated in the database. */
export function listWorkerSubmissions(env: Env, workerId: string, opts: SubmissionListOptions = {}) {
  return listSubmissionsOf(env, submissions.workerId, workerId, opts, 10);
}

/**
 * A page of My Submissions at the worker's own page size (3, 5 or 10: their setting). The first page, where most
 * visits land, is read together with the setting: at the largest size, then cut to theirs, since its first rows are
 * the same at any size. A later page needs the setting first.
 */
export async function workerSubmissionsPage(env: Env, workerId: string, page: number) {
  if (page > 1) {
    const limit = await getItemsPerPage(env, workerId);
    return listWorkerSubmissions(env, workerId, { page, limit });
  }
  const [limit, largest] = await Promise.all([
    getItemsPerPage(env, workerId),
    listWorkerSubmissions(env, workerId, { page: 1, limit: Math.max(...ITEMS_PER_PAGE_OPTIONS) }),
  ]);
  return {
    ...largest,
    items: largest.items.slice(0, limit),
    limit,
    pages: pagesOf(largest.total, limit),
  };
}

/**
 * Submissions on a buyer's tasks (pending ones are the review queue), each with the `extra` columns the caller
 * reads in the same statement.
 */
export function listBuyerSubmissions<E extends ExtraColumns = Record<never, never>>(
  env: Env,
  buyerId: string,
  opts: SubmissionListOptions = {},
  extra?: E,
) {
  return listSubmissionsOf(env, submissions.buyerId, buyerId, opts, 20, extra);
}

/** A joined row as one flat object: the submission's own columns, then the others. */
function flatten<R extends { submission: typeof submissions.$inferSelect }>({ submission, ...rest }: R) {
  return { ...submission, ...(rest as Omit<R, "submission">) };
}
type JoinedRow = Awaited<ReturnType<typeof selectJoined>>[number];
export type SubmissionView = ReturnType<typeof flatten<JoinedRow>>;

/** Worker home figures: submissions sent, pending, coins earned (migrations/0014). */
export async function workerStats(env: Env, workerId: string) {
  // the track record a task's least approval rate is judged on, in the same statement (worker_track_records)
  const record = (column: "approved" | "rejected") =>
    sql<number>`COALESCE((SELECT ${sql.raw(column)} FROM worker_track_records WHERE worker_id = ${workerId}), 0)`;
  const [approved, rejected] = [record("approved"), record("rejected")];
  const [row] = await getDb(env)
    .select({
      total: workerFigures.submitted,
      pending: workerFigures.pending,
      earned: workerFigures.earned,
      // the one rule requirements are judged by (a task's "yours is" reads the same expression)
      approvalRate: approvalRateSql(approved, rejected),
    })
    .from(workerFigures)
    .where(eq(workerFigures.workerId, workerId));
  // before any submission: no figures yet, and the rate of a worker with no decision
  return row ?? { total: 0, pending: 0, earned: 0, approvalRate: PRIOR_RATE * 100 };
}

/**
 * The worker's live submission (pending or approved) on the task in `taskId`, a column of the caller's row: its
 * status, or null. One seek of the index of live submissions.
 */
export function liveSubmissionStatus(workerId: string, taskId: AnyColumn) {
  // literal statuses, not bound: only a constant condition lets SQLite prove the partial index applies
  return sql<"pending" | "approved" | null>`(SELECT s.status FROM submissions AS s INDEXED BY submissions_active_unique
    WHERE s.worker_id = ${workerId} AND s.task_id = ${outerColumn(taskId)} AND s.status IN ('pending', 'approved'))`;
}

/** Why a worker cannot send work to a task, as its page says it (submissionBlocker). */
const BLOCKERS = {
  ownTask: { english: OWN_TASK, key: "task.ownTaskSubmit" },
  approved: { english: "Your submission for this task was approved.", key: "task.yoursApproved" },
  waiting: { english: "Your submission for this task is waiting for review.", key: "task.yoursWaiting" },
  pastDate: { english: PAST_DATE, key: "task.pastDate" },
  paused: { english: TASK_PAUSED, key: "task.paused" },
  noSlots: { english: NO_SLOTS, key: "task.noSlots" },
} as const satisfies Record<string, Said>;

/**
 * Why this worker cannot submit to this task now, from what the task page read of it in one step: their live
 * submission on it (liveSubmissionStatus) and why the task's requirements refuse them (unmetRequirements' reason);
 * null when they can.
 */
export function submissionBlocker(
  workerId: string,
  task: { requiredWorkers: number; completionDate: string; buyerId: string; pausedAt: number | null },
  read: { mySubmission: "pending" | "approved" | null; ineligibility: Said | null },
  now = Date.now(),
  /** the worker holds a slot of the task: no open slot is needed */
  holding = false,
): Said | null {
  if (task.buyerId === workerId) return BLOCKERS.ownTask;
  if (read.mySubmission) return read.mySubmission === "approved" ? BLOCKERS.approved : BLOCKERS.waiting;
  if (isPastDate(task.completionDate, deadlineDay(now))) return BLOCKERS.pastDate;
  // a worker who started before the task paused may still send their work
  if (!holding && task.pausedAt !== null) return BLOCKERS.paused;
  if (!holding && task.requiredWorkers <= 0) return BLOCKERS.noSlots;
  // a held slot was checked when it was started
  return holding ? null : read.ineligibility;
}

/** One of the worker's own submissions with its task, worker and buyer (My Submissions' view of it); else 404. */
export async function workerSubmission(env: Env, workerId: string, id: string): Promise<SubmissionView> {
  const found = await findSubmissionView(env, id);
  if (!found || found.workerId !== workerId) throw notFound("Submission not found");
  return found;
}

/** One submission with its task title, worker and buyer (the REST API's answer to POST /submission). */
export async function findSubmissionView(env: Env, id: string): Promise<SubmissionView | null> {
  const rows = await selectJoined(getDb(env)).where(eq(submissions.id, id)).limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

/** These submissions with their task title, worker and buyer, if they are on this buyer's tasks. */
export async function findSubmissionViews(env: Env, ids: string[], buyerId: string): Promise<SubmissionView[]> {
  if (ids.length === 0) return [];
  const rows = await selectJoined(getDb(env)).where(
    and(inArray(submissions.id, ids), eq(submissions.buyerId, buyerId)),
  );
  return rows.map(flatten);
}
