// The worker's side of a HIT made through the requester API (docs/mturk.md): its Question XML as stored, the
// assignmentId bound to the worker's hold (made the first time the held task's page is shown), and the answer its
// question's frame posts back to /mturk/externalSubmit, sent as the worker's submission from that hold through the
// submissions service (the same rules as the proof form: the hold, the deadline, one submission per worker).
import { and, eq, gt, gte, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { hitAssignments, mturkHits, tasks, sessionUserColumns, users } from "../db/schema";
import { conflict, notFound } from "../errors";
import { toSessionUser } from "../auth/session.server";
import { createSubmission } from "./submissions.server";
import { heldSlotOf, NOT_HOLDING, TIME_RAN_OUT } from "./slots.server";
import type { Hold } from "./slot-returns.server";
import { deadlineDay } from "~/lib/deadline";

export const ASSIGNMENT_NOT_OPEN =
  "This assignment is not open: start the HIT on Coinwork, then send your work from its page.";

/** The Question XML of a task made through the API; null for any other task. */
export async function hitQuestionXml(env: Env, taskId: string): Promise<string | null> {
  const [row] = await getDb(env)
    .select({ question: mturkHits.question })
    .from(mturkHits)
    .where(eq(mturkHits.taskId, taskId))
    .limit(1);
  return row?.question ?? null;
}

/**
 * The Question XML of a HIT while its frame may show it: the task not deleted nor past its completion day, and for a
 * preview (no assignmentId) a slot still open, for an assignmentId its worker's hold still standing and unanswered
 * (the last slot may be theirs). Null otherwise, and for a task made without a question.
 */
export async function liveHitQuestionXml(
  env: Env,
  taskId: string,
  assignmentId: string | null,
  now = Date.now(),
): Promise<string | null> {
  const open = assignmentId
    ? sql`EXISTS (SELECT 1 FROM hit_assignments a JOIN task_holds h
        ON h.task_id = a.task_id AND h.worker_id = a.worker_id AND h.started_at = a.started_at
        WHERE a.id = ${assignmentId} AND a.task_id = ${tasks.id} AND a.submission_id IS NULL AND h.expires_at > ${now})`
    : gt(tasks.requiredWorkers, 0);
  const [row] = await getDb(env)
    .select({ question: mturkHits.question })
    .from(mturkHits)
    .innerJoin(tasks, eq(tasks.id, mturkHits.taskId))
    .where(
      and(eq(mturkHits.taskId, taskId), isNull(tasks.deletedAt), gte(tasks.completionDate, deadlineDay(now)), open),
    )
    .limit(1);
  return row?.question ?? null;
}

/** The assignmentId of this hold: the same for the whole hold, a new one for a new start. */
export async function assignmentOfHold(env: Env, hold: Pick<Hold, "taskId" | "workerId" | "startedAt">) {
  const db = getDb(env);
  const id = crypto.randomUUID().replaceAll("-", "").toUpperCase();
  await db
    .insert(hitAssignments)
    .values({ id, ...hold, createdAt: Date.now() })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: hitAssignments.id })
    .from(hitAssignments)
    .where(
      and(
        eq(hitAssignments.taskId, hold.taskId),
        eq(hitAssignments.workerId, hold.workerId),
        eq(hitAssignments.startedAt, hold.startedAt),
      ),
    )
    .limit(1);
  return row!.id;
}

/**
 * Sends the answer posted with an assignmentId as its worker's submission, from the hold it was given for: once
 * (a second post is refused), and only while that hold lasts. `details` is the answer as the buyer's review page
 * reads it; `answerXml` as the requester API answers it.
 */
export async function submitQuestionAnswer(env: Env, assignmentId: string, details: string, answerXml: string) {
  const db = getDb(env);
  const [a] = await db.select().from(hitAssignments).where(eq(hitAssignments.id, assignmentId)).limit(1);
  if (!a || a.submissionId !== null) throw notFound(ASSIGNMENT_NOT_OPEN);
  const [person] = await db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, a.workerId), isNull(users.disabledAt)))
    .limit(1);
  if (!person) throw notFound(ASSIGNMENT_NOT_OPEN);
  const held = await heldSlotOf(env, a.workerId, a.taskId);
  if (!held.hold || held.hold.startedAt !== a.startedAt) throw conflict(held.expired ? TIME_RAN_OUT : NOT_HOLDING);
  // the claim: one answer per assignmentId, even for two posts at once
  const claimed = await db
    .update(hitAssignments)
    .set({ answer: answerXml })
    .where(and(eq(hitAssignments.id, a.id), isNull(hitAssignments.answer), isNull(hitAssignments.submissionId)));
  if (claimed.meta.changes === 0) throw notFound(ASSIGNMENT_NOT_OPEN);
  try {
    const submission = await createSubmission(env, toSessionUser(person), {
      task_id: a.taskId,
      submission_details: details,
      submission_image_url: "",
    });
    await db.update(hitAssignments).set({ submissionId: submission.id }).where(eq(hitAssignments.id, a.id));
    return submission;
  } catch (e) {
    // refused (the deadline passed, …): the assignmentId may be used again while the hold lasts
    await db.update(hitAssignments).set({ answer: null }).where(eq(hitAssignments.id, a.id));
    throw e;
  }
}
