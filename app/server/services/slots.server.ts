// Held slots: a worker starts a task, which takes one of its open slots into a hold for the task's time allowance;
// the proof is sent from the hold (submissions.server.ts), and giving the task back or running out of time returns
// the slot (docs/decisions/034-a-start-holds-a-slot.md). A hold is escrowed at the task's pay when it was started,
// as a pending submission is, so a slot's coins are always in exactly one place: the task's open slots, a hold, a
// pending submission, or back with the buyer.
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { submissions, taskHolds, tasks } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { requireVerifiedEmail } from "../auth/guards.server";
import { CHANGED_MEANWHILE, notice, notification } from "./ledger.server";
import { BLOCKED_WORKER, notBlocked } from "./blocks.server";
import { addHoldReturn, holdAsRead, selectHolds, type Hold } from "./slot-returns.server";
import { requireEligible } from "./eligibility.server";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { TASK_PAUSED } from "~/lib/pay-rate";

export const NOT_STARTED = "Start the task before you send your work.";
export const TIME_RAN_OUT =
  "Your time for this task ran out, so its slot went back to the task. Start it again if a slot is free.";
export const NO_SLOTS_TO_START = "No slots left on this task.";
export const NOT_HOLDING = "You have not started this task.";

async function readHold(env: Env, workerId: string, taskId: string): Promise<Hold | undefined> {
  const rows = await getDb(env)
    .select(selectHolds())
    .from(taskHolds)
    .innerJoin(tasks, eq(tasks.id, taskHolds.taskId))
    .where(and(eq(taskHolds.taskId, taskId), eq(taskHolds.workerId, workerId)))
    .limit(1);
  return rows[0];
}

/**
 * The holds whose time has run out, returned to their tasks (oldest first, at most 200 a call, ten a batch), each
 * worker told. The Cron Trigger calls it for all tasks; a read that finds one of a task's holds expired calls it for
 * that task, so a slot whose time ran out is free again at once. A hold changed meanwhile fails its guard and is
 * left for the next call. Returns how many were returned.
 */
export async function releaseExpiredHolds(env: Env, now = Date.now(), taskId?: string): Promise<number> {
  const due = await getDb(env)
    .select(selectHolds())
    .from(taskHolds)
    .innerJoin(tasks, eq(tasks.id, taskHolds.taskId))
    .where(and(lt(taskHolds.expiresAt, now + 1), taskId ? eq(taskHolds.taskId, taskId) : undefined))
    .orderBy(asc(taskHolds.expiresAt))
    .limit(200);
  let released = 0;
  for (let i = 0; i < due.length; i += 10) {
    const batch = newBatch(env);
    const decisive = due.slice(i, i + 10).map((h) => {
      const prefix = `${h.taskId}/${h.workerId}: `;
      batch.step(
        `${prefix}notify worker`,
        notification({
          id: newId(),
          userId: h.workerId,
          message: notice("hold.timeRanOut", { title: h.taskTitle }),
          actionRoute: NOTIFICATION_LINKS.holdEnded,
          now,
          when: holdAsRead(h),
        }),
      );
      return addHoldReturn(batch, h, now, "a start whose time ran out", prefix);
    });
    const done = await batch.run();
    released += decisive.filter((label) => done.changes(label) > 0).length;
  }
  return released;
}

/**
 * The worker's hold on this task, if they have one; one whose time has run out is returned to the task first (the
 * check on read), and then `expired` says so.
 */
export async function heldSlotOf(
  env: Env,
  workerId: string,
  taskId: string,
  now = Date.now(),
): Promise<{ hold: Hold | null; expired: boolean }> {
  const hold = await readHold(env, workerId, taskId);
  if (!hold) return { hold: null, expired: false };
  if (hold.expiresAt > now) return { hold, expired: false };
  await releaseExpiredHolds(env, now, taskId);
  return { hold: null, expired: true };
}

/**
 * The worker starts the task: one open slot becomes theirs for the task's time allowance, escrowed at the task's
 * pay now. Refused without a free slot, past the completion date, on the worker's own task, or when they already
 * sent work for it. Starting a task already started answers the hold they have. Expired holds on the task are
 * returned first, so a slot whose time ran out can be started at once.
 */
export async function startTask(env: Env, worker: SessionUser, taskId: string, now = Date.now()): Promise<Hold> {
  if (worker.role !== "Worker") throw forbidden("Only workers can start tasks");
  requireVerifiedEmail(worker);
  const held = await heldSlotOf(env, worker.id, taskId, now);
  if (held.hold) return held.hold;
  await releaseExpiredHolds(env, now, taskId);
  const task = await readTaskForWork(env, taskId, worker.id);
  const today = deadlineDay(now);
  await assertStartable(env, task, worker.id, today);
  await requireEligible(env, worker.id, taskId);
  // the slot is taken for the hold this batch inserted, by its name: another start of the same worker in the same
  // millisecond inserts nothing (the same key) and must take nothing (migrations/0082)
  const startId = newId();
  const started = sql`EXISTS (SELECT 1 FROM task_holds WHERE task_id = ${taskId} AND worker_id = ${worker.id} AND start_id = ${startId})`;
  const done = await newBatch(env)
    .step(
      "start",
      sql`INSERT INTO task_holds (task_id, worker_id, buyer_id, payable_amount, started_at, expires_at, start_id)
        SELECT t.id, ${worker.id}, t.buyer_id, t.payable_amount, ${now}, ${now} + t.time_allowance_minutes * 60000, ${startId}
        FROM tasks t
        WHERE t.id = ${taskId} AND t.deleted_at IS NULL AND t.required_workers > 0 AND t.completion_date >= ${today}
          AND t.paused_at IS NULL AND t.buyer_id <> ${worker.id} AND ${notBlocked(worker.id, sql`t.buyer_id`)}
          AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = t.id AND s.worker_id = ${worker.id}
            AND s.status IN ('pending', 'approved'))
        ON CONFLICT (task_id, worker_id) DO NOTHING`,
    )
    .step(
      "take slot",
      sql`UPDATE tasks SET required_workers = required_workers - 1 WHERE id = ${taskId} AND ${started}`,
    )
    .run();
  if (done.changes("start") === 0) {
    const again = await readHold(env, worker.id, taskId);
    if (again) return again;
    await assertStartable(env, await readTaskForWork(env, taskId, worker.id), worker.id, today);
    throw conflict(CHANGED_MEANWHILE);
  }
  return (await readHold(env, worker.id, taskId))!;
}

/** The task as a worker's start or submission checks it: open, whose, blocked for this worker, slots, date. */
export async function readTaskForWork(env: Env, taskId: string, workerId: string) {
  const rows = await getDb(env)
    .select({
      blocked: sql<number>`NOT ${notBlocked(workerId, tasks.buyerId)}`,
      id: tasks.id,
      buyerId: tasks.buyerId,
      taskTitle: tasks.taskTitle,
      requiredWorkers: tasks.requiredWorkers,
      completionDate: tasks.completionDate,
      deletedAt: tasks.deletedAt,
      // the minimum pay's judgement (migrations/0076): a paused task takes no start
      pausedAt: tasks.pausedAt,
      estimateMinutes: tasks.estimateMinutes,
      judgedMinutes: tasks.judgedMinutes,
    })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .limit(1);
  return rows[0];
}

/** Throws why this worker cannot start the task as read; the start's insert has the same conditions. */
async function assertStartable(
  env: Env,
  task: Awaited<ReturnType<typeof readTaskForWork>>,
  workerId: string,
  today: string,
) {
  if (!task || task.deletedAt !== null) throw notFound("Task not found");
  if (task.buyerId === workerId) throw forbidden("You cannot work on your own task.");
  if (task.blocked) throw forbidden(BLOCKED_WORKER);
  if (isPastDate(task.completionDate, today)) throw conflict("This task is past its completion date.");
  const sent = await getDb(env)
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.workerId, workerId),
        eq(submissions.taskId, task.id),
        sql`${submissions.status} IN ('pending', 'approved')`,
      ),
    )
    .limit(1);
  if (sent[0]) throw conflict("You already have a pending or approved submission for this task.");
  if (task.pausedAt !== null) throw conflict(TASK_PAUSED);
  if (task.requiredWorkers <= 0) throw conflict(NO_SLOTS_TO_START);
}

/**
 * The worker gives the task back: the slot returns to the task (or its coins to the buyer, when the buyer has
 * raised the pay since the start: addSlotReturn), and nothing is marked against the worker.
 */
export async function giveBackTask(env: Env, worker: SessionUser, taskId: string, now = Date.now()) {
  if (worker.role !== "Worker") throw forbidden("Only workers can start tasks");
  const hold = await readHold(env, worker.id, taskId);
  if (!hold) throw notFound(NOT_HOLDING);
  const batch = newBatch(env);
  const released = addHoldReturn(batch, hold, now, "a start given back");
  const done = await batch.run();
  if (done.changes(released) === 0) {
    if (!(await readHold(env, worker.id, taskId))) throw notFound(NOT_HOLDING);
    throw conflict(CHANGED_MEANWHILE);
  }
  return { taskId, taskTitle: hold.taskTitle };
}

/** The tasks this worker holds a slot on now (to mark them in lists), among these ids. */
export async function heldTaskIds(env: Env, workerId: string, now = Date.now()): Promise<Set<string>> {
  const rows = await getDb(env)
    .select({ taskId: taskHolds.taskId })
    .from(taskHolds)
    .where(and(eq(taskHolds.workerId, workerId), sql`${taskHolds.expiresAt} > ${now}`))
    .limit(100);
  return new Set(rows.map((r) => r.taskId));
}
