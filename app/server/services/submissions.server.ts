// Submissions: a worker's proof takes one escrowed slot; the task's buyer approves (pays the worker from
// escrow) or rejects (returns the slot). Each step is one D1 batch whose statements all hinge on the
// submission still being pending, so racing reviews pay once.
import { and, count, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb, newId, runBatch, runBatchOr, type Db } from "../db/client.server";
import { fetchPage, pageWindow, type PageRequest } from "../db/paging";
import { submissions, tasks, users } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { notification, posting } from "./ledger.server";
import { todayIso } from "~/lib/format";

export const ALREADY_SUBMITTED = "You already have a pending or approved submission for this task.";
export const NO_SLOTS = "No slots left on this task.";
export const PAST_DATE = "This task is past its completion date.";
export const ALREADY_REVIEWED = "This submission has already been reviewed.";
export const OWN_TASK = "You cannot submit work to your own task.";

export interface NewSubmission {
  task_id: string;
  submission_details: string;
  submission_image_url: string;
}

export async function createSubmission(env: Env, worker: SessionUser, input: NewSubmission) {
  if (worker.role !== "Worker") throw forbidden("Only workers can submit work");
  const db = getDb(env);
  const id = newId();
  const now = Date.now();
  const today = todayIso(now);
  const created = sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${id})`;
  const results = await runBatchOr(
    env,
    [
      sql`INSERT INTO submissions (id, task_id, worker_id, buyer_id, payable_amount, submission_details, submission_image_url, status, created_at)
        SELECT ${id}, t.id, ${worker.id}, t.buyer_id, t.payable_amount, ${input.submission_details}, ${input.submission_image_url || null}, 'pending', ${now}
        FROM tasks t
        WHERE t.id = ${input.task_id} AND t.deleted_at IS NULL AND t.required_workers > 0
          AND t.completion_date >= ${today} AND t.buyer_id <> ${worker.id}`,
      sql`UPDATE tasks SET required_workers = required_workers - 1 WHERE id = ${input.task_id} AND ${created}`,
      notification({
        id: newId(),
        userId: sql`(SELECT buyer_id FROM tasks WHERE id = ${input.task_id})`,
        message: sql`${worker.name} || ' submitted work for "' || (SELECT task_title FROM tasks WHERE id = ${input.task_id}) || '"'`,
        actionRoute: "/dashboard/buyerhome",
        now,
        when: created,
      }),
    ],
    () => conflict(ALREADY_SUBMITTED),
    "submissions",
  );
  if (results[0].meta.changes === 0) {
    const task = await db.select().from(tasks).where(eq(tasks.id, input.task_id)).limit(1);
    const t = task[0];
    if (!t || t.deletedAt !== null) throw notFound("Task not found");
    if (t.buyerId === worker.id) throw forbidden(OWN_TASK);
    if (t.completionDate < today) throw conflict(PAST_DATE);
    throw conflict(NO_SLOTS);
  }
  return (await db.select().from(submissions).where(eq(submissions.id, id)).limit(1))[0]!;
}

/** Who may review: the task's buyer; `null` is the system (auto-approval after the review window). */
function reviewable(submissionId: string, reviewerId: string | null): SQL {
  return reviewerId
    ? sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${submissionId} AND status = 'pending' AND buyer_id = ${reviewerId})`
    : sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${submissionId} AND status = 'pending')`;
}

function approvalStatements(submissionId: string, reviewerId: string | null, now: number): SQL[] {
  const when = reviewable(submissionId, reviewerId);
  const title = sql`(SELECT t.task_title FROM tasks t JOIN submissions s ON s.task_id = t.id WHERE s.id = ${submissionId})`;
  const amount = sql`(SELECT payable_amount FROM submissions WHERE id = ${submissionId})`;
  return [
    notification({
      id: newId(),
      userId: sql`(SELECT worker_id FROM submissions WHERE id = ${submissionId})`,
      message: sql`'You earned ' || ${amount} || ' coins: your submission for "' || ${title} || '" was approved.'`,
      actionRoute: "/dashboard/mysubmissions",
      now,
      when,
    }),
    ...posting({
      id: newId(),
      userId: sql`(SELECT worker_id FROM submissions WHERE id = ${submissionId})`,
      delta: amount,
      kind: "submission_payout",
      submissionId,
      now,
      when,
    }),
    sql`UPDATE submissions SET status = 'approved', reviewed_at = ${now} WHERE id = ${submissionId} AND ${when}`,
  ];
}

async function explainReviewRefusal(env: Env, reviewer: SessionUser, submissionId: string): Promise<never> {
  const row = (await getDb(env).select().from(submissions).where(eq(submissions.id, submissionId)).limit(1))[0];
  if (!row) throw notFound("Submission not found");
  if (row.buyerId !== reviewer.id) throw forbidden("Only the task's buyer can review this submission");
  throw conflict(ALREADY_REVIEWED);
}

export async function approveSubmission(env: Env, buyer: SessionUser, submissionId: string) {
  const results = await runBatch(env, approvalStatements(submissionId, buyer.id, Date.now()));
  if (results[results.length - 1].meta.changes === 0) await explainReviewRefusal(env, buyer, submissionId);
  return { modifiedCount: 1 };
}

/** Rejection returns the slot to the task. If the task's pay changed since, the buyer settles the difference. */
export async function rejectSubmission(env: Env, buyer: SessionUser, submissionId: string, reason: string) {
  const now = Date.now();
  const when = reviewable(submissionId, buyer.id);
  const taskId = sql`(SELECT task_id FROM submissions WHERE id = ${submissionId})`;
  const title = sql`(SELECT task_title FROM tasks WHERE id = ${taskId})`;
  const settle = sql`(SELECT s.payable_amount - t.payable_amount FROM submissions s JOIN tasks t ON t.id = s.task_id WHERE s.id = ${submissionId})`;
  const message = reason
    ? sql`'Your submission for "' || ${title} || '" was rejected: ' || ${reason}`
    : sql`'Your submission for "' || ${title} || '" was rejected.'`;
  const results = await runBatchOr(
    env,
    [
      notification({
        id: newId(),
        userId: sql`(SELECT worker_id FROM submissions WHERE id = ${submissionId})`,
        message,
        actionRoute: "/dashboard/mysubmissions",
        now,
        when,
      }),
      ...posting({
        id: newId(),
        userId: buyer.id,
        delta: settle,
        kind: "slot_reopen",
        submissionId,
        taskId,
        now,
        when,
      }),
      sql`UPDATE tasks SET required_workers = required_workers + 1 WHERE id = ${taskId} AND deleted_at IS NULL AND ${when}`,
      sql`UPDATE submissions SET status = 'rejected', reject_reason = ${reason || null}, reviewed_at = ${now} WHERE id = ${submissionId} AND ${when}`,
    ],
    () =>
      conflict(
        "Insufficient Coins: the task's pay rose since this submission, and reopening its slot costs more than your balance.",
      ),
  );
  if (results[results.length - 1].meta.changes === 0) await explainReviewRefusal(env, buyer, submissionId);
  return { modifiedCount: 1 };
}

/** Cron: approve pending submissions older than the review window (REVIEW_WINDOW_DAYS, default 3). */
export async function autoApproveDue(env: Env, now = Date.now()): Promise<number> {
  const days = Number(env.REVIEW_WINDOW_DAYS ?? "3");
  const cutoff = now - (Number.isFinite(days) && days > 0 ? days : 3) * 86_400_000;
  const db = getDb(env);
  const due = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.status, "pending"), lt(submissions.createdAt, cutoff)))
    .limit(200);
  let approved = 0;
  // Four statements per approval; a few approvals per batch keeps batches small.
  for (let i = 0; i < due.length; i += 10) {
    const chunk = due.slice(i, i + 10);
    const results = await runBatch(
      env,
      chunk.flatMap((s) => approvalStatements(s.id, null, now)),
    );
    approved += chunk.filter((_, j) => results[j * 4 + 3].meta.changes > 0).length;
  }
  return approved;
}

const workerUser = alias(users, "w");
const buyerUser = alias(users, "b");
const submissionColumns = {
  submission: submissions,
  taskTitle: tasks.taskTitle,
  workerName: workerUser.name,
  workerEmail: workerUser.email,
  buyerName: buyerUser.name,
  buyerEmail: buyerUser.email,
};

/** Submissions with their task, worker and buyer (drizzle needs the joined tables in the query itself). */
function selectJoined(db: Db) {
  return db
    .select(submissionColumns)
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(workerUser, eq(workerUser.id, submissions.workerId))
    .innerJoin(buyerUser, eq(buyerUser.id, submissions.buyerId));
}

export type SubmissionStatus = "pending" | "approved" | "rejected" | "cancelled";

interface SubmissionListOptions extends PageRequest {
  status?: SubmissionStatus[];
}

/** The submissions whose `party` column (worker or buyer) is this user, newest first, paginated in the database. */
async function listSubmissionsOf(
  env: Env,
  party: SQLiteColumn,
  userId: string,
  opts: SubmissionListOptions,
  defaultLimit: number,
) {
  const db = getDb(env);
  const w = pageWindow(opts, defaultLimit);
  const where = and(eq(party, userId), opts.status?.length ? inArray(submissions.status, opts.status) : undefined);
  const page = await fetchPage(
    w,
    selectJoined(db).where(where).orderBy(desc(submissions.createdAt)).limit(w.limit).offset(w.offset),
    db.select({ n: count() }).from(submissions).where(where),
  );
  return { ...page, items: page.items.map(flatten) };
}

/** A worker's submissions, newest first, paginated in the database. */
export function listWorkerSubmissions(env: Env, workerId: string, opts: SubmissionListOptions = {}) {
  return listSubmissionsOf(env, submissions.workerId, workerId, opts, 10);
}

/** Submissions on a buyer's tasks (pending ones are the review queue). */
export function listBuyerSubmissions(env: Env, buyerId: string, opts: SubmissionListOptions = {}) {
  return listSubmissionsOf(env, submissions.buyerId, buyerId, opts, 20);
}

function flatten(r: {
  submission: typeof submissions.$inferSelect;
  taskTitle: string;
  workerName: string;
  workerEmail: string;
  buyerName: string;
  buyerEmail: string;
}) {
  return {
    ...r.submission,
    taskTitle: r.taskTitle,
    workerName: r.workerName,
    workerEmail: r.workerEmail,
    buyerName: r.buyerName,
    buyerEmail: r.buyerEmail,
  };
}
export type SubmissionView = ReturnType<typeof flatten>;

/** Worker home figures. */
export async function workerStats(env: Env, workerId: string) {
  const row = await getDb(env).get<{ total: number; pending: number; earned: number }>(sql`SELECT
    COUNT(*) AS total,
    COALESCE(SUM(status = 'pending'), 0) AS pending,
    COALESCE(SUM(CASE WHEN status = 'approved' THEN payable_amount ELSE 0 END), 0) AS earned
    FROM submissions WHERE worker_id = ${workerId}`);
  return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0), earned: Number(row?.earned ?? 0) };
}

/** The worker's live submission status (pending or approved) for each of these tasks that has one. */
export async function activeSubmissionStatuses(
  env: Env,
  workerId: string,
  taskIds: string[],
): Promise<Record<string, "pending" | "approved">> {
  if (taskIds.length === 0) return {};
  const rows = await getDb(env)
    .select({ taskId: submissions.taskId, status: submissions.status })
    .from(submissions)
    .where(
      and(
        eq(submissions.workerId, workerId),
        inArray(submissions.taskId, taskIds.slice(0, 90)),
        inArray(submissions.status, ["pending", "approved"]),
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.taskId, r.status as "pending" | "approved"]));
}

/** Whether (and why not) this worker can submit to this task now. */
export async function submissionBlocker(
  env: Env,
  workerId: string,
  task: { id: string; requiredWorkers: number; completionDate: string; buyerId: string },
) {
  if (task.buyerId === workerId) return OWN_TASK;
  const active = await getDb(env)
    .select({ status: submissions.status })
    .from(submissions)
    .where(
      and(
        eq(submissions.taskId, task.id),
        eq(submissions.workerId, workerId),
        inArray(submissions.status, ["pending", "approved"]),
      ),
    )
    .limit(1);
  if (active[0])
    return active[0].status === "approved"
      ? "Your submission for this task was approved."
      : "Your submission for this task is waiting for review.";
  if (task.completionDate < todayIso()) return PAST_DATE;
  if (task.requiredWorkers <= 0) return NO_SLOTS;
  return null;
}

/** One submission with its task title, worker and buyer (the REST API's answer to POST /submission). */
export async function findSubmissionView(env: Env, id: string): Promise<SubmissionView | null> {
  const rows = await selectJoined(getDb(env)).where(eq(submissions.id, id)).limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}
