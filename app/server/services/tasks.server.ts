// Tasks: posting escrows required_workers x payable_amount from the buyer; updates settle the difference;
// deletion refunds what is still escrowed. Each operation is one D1 batch.
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb, newId, type Db } from "../db/client.server";
import { newBatch, type Batch } from "../db/batch.server";
import { preparedRead } from "../db/prepared.server";
import { fetchPage, pageWindow, writtenLimit, type Page, type PageWindow } from "../db/paging";
import type { Bound } from "../db/sql";
import { openTaskMatches, openTaskTextMatches, taskRowid, taskTitleMatches, userTextMatches } from "../db/search";
import {
  allSlotsHeldNow,
  categoryTested,
  buyerFigures,
  buyerReputations,
  openSlotsNow,
  openTaskDays,
  openTaskFilter,
  STATEMENT_NOW,
  taskFigures,
  tasks,
  totals,
  users,
} from "../db/schema";
import { AppError, conflict, forbidden, insufficientCoins, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import {
  audit,
  CHANGED_MEANWHILE,
  coinsOf,
  notice,
  noticeFor,
  notification,
  posting,
  type NoticeWords,
} from "./ledger.server";
import { refuseWhileOwing, spendRefusal } from "./debts.server";
import { taskCost } from "~/lib/coins";
import { NOT_AVAILABLE_COIN } from "~/lib/posting";
import { missingOnCard } from "~/lib/eligibility";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import type { AddTaskInput, HitTaskInput, HitUpdateTaskInput, UpdateTaskInput } from "~/lib/schemas/task";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { requireVerifiedEmail } from "../auth/guards.server";
import { TIME_ALLOWANCE_MINUTES } from "~/lib/time-allowance";
import { releaseExpiredHolds } from "./slots.server";
import { notBlocked } from "./blocks.server";
import { minimumPayOf, paysAtLeast, requireMinimumPay } from "./pay-rate.server";
import { centsPerHour } from "~/lib/pay-rate";
import {
  approvalAtLeast,
  recordLineFields,
  recordLineFrom,
  reputationFields,
  reputationFrom,
  withBuyerRecord,
  type BuyerReputation,
  type ReputationRow,
} from "./buyer-reputation.server";
import { liveSubmissionStatus } from "./submissions.server";
import { requireOwnRequirement, taskQualificationRows } from "./qualifications.server";
import {
  addExtraRequirements,
  cardRequirementsFrom,
  discoverableBy,
  meetsRequirements,
  outOfReachCount,
  requirementFields,
  requirementsRow,
  undiscoverableRowids,
  type ExtraRequirements,
  type RequirementRow,
} from "./eligibility.server";
import { addCheckSteps, checkStatements } from "./proof-flags.server";

export const PENDING_BLOCKS_DELETE =
  "This task has submissions waiting for review. Review them before deleting the task.";
export const HOLDS_BLOCK_DELETE =
  "A worker has started this task and is working on it. Delete it once they have sent their work or given it back.";
export const TASK_CHANGED = "The task changed while you were editing it. Reload and try again.";

/**
 * What a card of the Task List shows of its task, and no more: not its instructions, the longest columns, which the
 * task's own page reads (12 cards a page; their D1 rows are about half as wide).
 */
const cardTaskColumns = {
  id: tasks.id,
  buyerId: tasks.buyerId,
  taskTitle: tasks.taskTitle,
  taskImageUrl: tasks.taskImageUrl,
  category: tasks.category,
  requiredWorkers: openSlotsNow,
  payableAmount: tasks.payableAmount,
  completionDate: tasks.completionDate,
  estimateMinutes: tasks.estimateMinutes,
  measuredMinutes: tasks.measuredMinutes,
};

/**
 * Every column of a task as workers see it: `requiredWorkers` is its open slots now (openSlotsNow: a start whose
 * time has run out counts as open), where its buyer and admins read the slots escrowed as open (the column).
 */
const workerTaskColumns = { ...getTableColumns(tasks), requiredWorkers: openSlotsNow };

/**
 * Tasks (every column, or workers' `columns`) joined to their buyers (name and e-mail); `extra` adds columns to each
 * row (a worker's facts on a task's page).
 */
function selectWithBuyer<
  Extra extends Record<string, SQL | SQLiteColumn>,
  Columns extends typeof tasks | typeof workerTaskColumns = typeof tasks,
>(db: Db, extra = {} as Extra, columns = tasks as Columns) {
  return db
    .select({ task: columns, buyerName: users.name, buyerEmail: users.email, ...extra })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.buyerId));
}

function withBuyer<Task extends { buyerId: string }>(r: { task: Task; buyerName: string; buyerEmail: string }) {
  return { ...r.task, buyerName: r.buyerName, buyerEmail: r.buyerEmail };
}

export async function findTask(env: Env, id: string) {
  const row = await selectWithBuyer(getDb(env))
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt)))
    .limit(1);
  return row[0] ? withBuyer(row[0]) : null;
}
export type TaskWithBuyer = typeof tasks.$inferSelect & { buyerName: string; buyerEmail: string };

/** The live task `id`, unless its buyer blocks the worker or a requirement they do not meet hides it from them. */
const visibleTo = (workerId: string, id: string) =>
  and(
    eq(tasks.id, id),
    isNull(tasks.deletedAt),
    notBlocked(workerId, tasks.buyerId),
    discoverableBy(workerId, taskRowid),
  );

/**
 * A live task as workers see it (its open slots now, workerTaskColumns); with `workerId`, null when its buyer blocks
 * that worker.
 */
export async function findTaskForWorker(env: Env, workerId: string | undefined, id: string) {
  const where = workerId ? visibleTo(workerId, id) : and(eq(tasks.id, id), isNull(tasks.deletedAt));
  const row = await selectWithBuyer(getDb(env), {}, workerTaskColumns).where(where).limit(1);
  return row[0] ? withBuyer(row[0]) : null;
}

/** The same task with its card's facts for the worker (their live submission on it, its buyer's reputation). */
export async function findTaskCard(env: Env, workerId: string, id: string) {
  const row = await selectWithCard(getDb(env), workerId).where(visibleTo(workerId, id)).limit(1);
  return row[0] ? withCard(row[0]) : null;
}

/**
 * A task open to workers now (live, a slot open now, not past its completion day), with its buyer and the buyer's
 * record (the public task page: one statement); else null.
 */
export async function findOpenTask(env: Env, id: string) {
  const [row] = await selectWithBuyer(
    getDb(env),
    { buyerSince: users.createdAt, ...reputationFields(tasks.buyerId) },
    workerTaskColumns,
  )
    .where(and(eq(tasks.id, id), isNull(tasks.deletedAt)))
    .limit(1);
  if (!row) return null;
  const { task, buyerName, buyerEmail, buyerSince, ...figures } = row;
  if (task.requiredWorkers <= 0 || isPastDate(task.completionDate, deadlineDay())) return null;
  return {
    ...withBuyer({ task, buyerName, buyerEmail }),
    reputation: reputationFrom({ buyerId: task.buyerId, name: buyerName, memberSince: buyerSince }, figures),
  };
}

/** Where a page of a list starts: after the row with this creation time and id (the previous page's last). */
export interface TaskKeyset {
  createdAt: number;
  id: string;
}

/** A buyer's open tasks shown a page at a time on their public page (/buyers/:id). */
export const BUYER_OPEN_TASKS_PAGE = 20;

/**
 * A page of the buyer's open tasks (a slot open now, not past their day), newest first, after `after` (keyset: no
 * OFFSET, no count), with where the next page starts. Walks tasks_open_buyer_newest_idx (migrations/0078), which
 * holds only open tasks in this order, so a page costs the same however many tasks the buyer has closed.
 */
export async function buyerOpenTasks(env: Env, buyerId: string, after?: TaskKeyset) {
  const db = getDb(env);
  const order = [desc(tasks.createdAt), desc(tasks.id)];
  // the page's rowids from the index alone, then only those rows (as the open-task lists do: pageIds)
  const ids = db
    .select({ rowid: taskRowid })
    .from(tasksBy("tasks_open_buyer_newest_idx"))
    .where(
      and(
        eq(tasks.buyerId, buyerId),
        openTaskFilter(deadlineDay(), false),
        after
          ? or(lt(tasks.createdAt, after.createdAt), and(eq(tasks.createdAt, after.createdAt), lt(tasks.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(...order)
    .limit(BUYER_OPEN_TASKS_PAGE + 1);
  const rows = await db
    .select({
      id: tasks.id,
      taskTitle: tasks.taskTitle,
      category: tasks.category,
      payableAmount: tasks.payableAmount,
      requiredWorkers: openSlotsNow,
      completionDate: tasks.completionDate,
      estimateMinutes: tasks.estimateMinutes,
      measuredMinutes: tasks.measuredMinutes,
      createdAt: tasks.createdAt,
    })
    .from(tasks)
    .where(inArray(taskRowid, ids))
    .orderBy(...order);
  const items = rows.slice(0, BUYER_OPEN_TASKS_PAGE);
  const last = items.at(-1);
  return {
    items,
    next: rows.length > BUYER_OPEN_TASKS_PAGE && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

/** A task the caller owns (Buyer) or may manage (Admin); otherwise 404/403. */
export async function taskForOwner(env: Env, actor: SessionUser, id: string): Promise<TaskWithBuyer> {
  const task = await findTask(env, id);
  if (!task) throw notFound("Task not found");
  if (task.buyerId !== actor.id && actor.role !== "Admin") throw forbidden("This is not your task");
  return task;
}

/** A task's content and terms as its pages show them (the public page, Update Task), under the pages' words. */
export function taskView(task: typeof tasks.$inferSelect) {
  return {
    id: task.id,
    title: task.taskTitle,
    detail: task.taskDetail,
    imageUrl: task.taskImageUrl,
    category: task.category,
    requiredWorkers: task.requiredWorkers,
    payableAmount: task.payableAmount,
    completionDate: task.completionDate,
    submissionInfo: task.submissionInfo,
  };
}

/**
 * A posting the balance cannot pay, one task or a file's, answered alike (409 'Not available Coin.  Purchase Coin'):
 * the coins `missing`, and the posting's `cost` and `tasks` for the page's words (app/lib/posting.ts).
 */
export const postingShort = (tasks: number, cost: number, missing: number) =>
  new AppError("insufficient_coins", NOT_AVAILABLE_COIN, undefined, { missing, cost, tasks });

/**
 * The early refusals of a spend on `tasks` new tasks (role, verified address, coins owed, balance below `cost`): they
 * only say so sooner, the batch's constraints are the guard.
 */
export async function refuseTaskSpend(env: Env, buyer: SessionUser, cost: number, tasks = 1) {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can post tasks");
  requireVerifiedEmail(buyer);
  // Coins owed (a reversed card payment) block every spend; the debt trigger on coin_ledger is the final guard.
  await refuseWhileOwing(env, buyer.id);
  const balance = await coinsOf(env, buyer.id);
  if (balance < cost) throw postingShort(tasks, cost, cost - balance);
}

/**
 * The steps that make one task in a batch: the task row (its triggers keep the counters and the search index), the
 * escrow charge to its buyer and its requirements. Labels start with `prefix`. Add Task makes one; a CSV, many.
 */
export function addTaskCreation(
  db: Db,
  batch: Batch,
  t: { id: string; buyerId: string; input: AddTaskInput | HitTaskInput; now: number; extra?: ExtraRequirements },
  prefix = "",
): void {
  const { id, input, now } = t;
  const cost = taskCost(input.required_workers, input.payable_amount);
  batch
    .step(
      `${prefix}create task`,
      db.insert(tasks).values({
        id,
        buyerId: t.buyerId,
        taskTitle: input.task_title,
        taskDetail: input.task_detail,
        taskImageUrl: input.task_image_url || null,
        category: input.category,
        requiredWorkers: input.required_workers,
        payableAmount: input.payable_amount,
        completionDate: input.completion_date,
        submissionInfo: input.submission_info,
        timeAllowanceMinutes: input.time_allowance_minutes ?? TIME_ALLOWANCE_MINUTES.default,
        estimateMinutes: input.estimate_minutes ?? null,
        createdAt: now,
      }),
    )
    .step(
      `${prefix}charge`,
      ...posting({ id: newId(), userId: t.buyerId, delta: -cost, kind: "task_charge", taskId: id, now }),
    )
    .step(`${prefix}requirements`, requirementsRow(id, input))
    .step(`${prefix}qualifications`, taskQualificationRows(id, input));
  if (t.extra) addExtraRequirements(batch, id, t.extra, prefix);
  addCheckSteps(batch, checkStatements(id, input), prefix);
}

/**
 * `extra`: requirements beyond the form's (the requester API's QualificationRequirements); `alsoInBatch`: a caller's
 * own steps in the posting's batch (the requester API's UniqueRequestToken and HIT record). Every door gives an
 * estimate, which must meet the minimum hourly pay, but a HIT's (HitTaskInput): its time is measured.
 */
export async function postTask(
  env: Env,
  buyer: SessionUser,
  input: AddTaskInput | HitTaskInput,
  opts: { extra?: ExtraRequirements; alsoInBatch?: (batch: Batch, taskId: string, now: number) => void } = {},
) {
  requireMinimumPay(env, input.payable_amount, input.estimate_minutes);
  const extra = opts.extra;
  // a task may require (or exclude) only its buyer's own qualifications
  const named = extra ? [...extra.qualifications, ...extra.exclusions].map((q) => q.id) : [];
  for (const id of [input.qualification_id, ...named]) await requireOwnRequirement(env, buyer, id);
  const cost = taskCost(input.required_workers, input.payable_amount);
  await refuseTaskSpend(env, buyer, cost);
  const id = newId();
  const now = Date.now();
  const batch = newBatch(env);
  opts.alsoInBatch?.(batch, id, now);
  addTaskCreation(getDb(env), batch, { id, buyerId: buyer.id, input, now, extra });
  // CHECK (coin >= 0): the balance was spent by a concurrent request; or a debt appeared meanwhile.
  await batch.run({
    refusal: () =>
      spendRefusal(env, buyer.id, async () => postingShort(1, cost, cost - (await coinsOf(env, buyer.id)))),
  });
  return (await findTask(env, id))!;
}

/**
 * New open slots and pay; the buyer is charged (or refunded) new total - old total of the open slots. The pay must
 * meet the minimum at the estimate and, on a task judged by its first five timed submissions, at that time too while
 * it keeps open slots; a pay that meets it there ends a pause (migrations/0076). `alsoInBatch`: a caller's own steps
 * in the update's batch, held by the same guard (the requester API's UpdateHITTypeOfHIT).
 */
export async function updateTask(
  env: Env,
  buyer: SessionUser,
  id: string,
  input: UpdateTaskInput | HitUpdateTaskInput,
  alsoInBatch?: (batch: Batch, unchanged: SQL) => void,
) {
  const task = await taskForOwner(env, buyer, id);
  if (task.buyerId !== buyer.id) throw forbidden("Only the task's buyer can edit it");
  const estimate = input.estimate_minutes ?? task.estimateMinutes;
  // closing every open slot (an MTurk HIT expired) is allowed at any pay: nobody can start it
  requireMinimumPay(env, input.payable_amount, estimate, input.required_workers > 0 ? task.judgedMinutes : null);
  const meetsJudged =
    task.judgedMinutes === null || centsPerHour(input.payable_amount, task.judgedMinutes) >= minimumPayOf(env);
  const oldTotal = taskCost(task.requiredWorkers, task.payableAmount);
  const newTotal = taskCost(input.required_workers, input.payable_amount);
  const extra = newTotal - oldTotal;
  const check = checkStatements(id, input);
  // Raising the cost is a spend: refused while coins are owed (lowering it refunds, which is always allowed).
  if (extra > 0) await refuseWhileOwing(env, buyer.id);
  const balance = await coinsOf(env, buyer.id);
  if (extra > balance) throw insufficientCoins(extra - balance, "Insufficient Coins");
  const db = getDb(env);
  const now = Date.now();
  // the judged time as read too: a task judged meanwhile must not be reopened by a pay judged without it
  const unchanged = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${id} AND deleted_at IS NULL
    AND required_workers = ${task.requiredWorkers} AND payable_amount = ${task.payableAmount}
    AND judged_minutes IS ${task.judgedMinutes})`;
  // The settlement (and a caller's steps) come first: the update changes the slots and pay that `unchanged` requires.
  const batch = newBatch(env);
  alsoInBatch?.(batch, unchanged);
  batch
    .step(
      "settle",
      ...posting({
        id: newId(),
        userId: buyer.id,
        delta: -extra,
        kind: "task_update",
        taskId: id,
        now,
        when: unchanged,
      }),
    )
    .step(
      "update",
      db
        .update(tasks)
        .set({
          taskTitle: input.task_title,
          taskDetail: input.task_detail || task.taskDetail,
          taskImageUrl: input.task_image_url || task.taskImageUrl,
          category: input.category,
          requiredWorkers: input.required_workers,
          payableAmount: input.payable_amount,
          completionDate: input.completion_date,
          submissionInfo: input.submission_info,
          timeAllowanceMinutes: input.time_allowance_minutes ?? task.timeAllowanceMinutes,
          estimateMinutes: estimate,
          // a new pay is judged afresh: its buyer is told again if the measured time puts it under the minimum
          belowMinimumToldAt: input.payable_amount === task.payableAmount ? task.belowMinimumToldAt : null,
          // a pay that meets the minimum at the judged time reopens a paused task
          pausedAt: meetsJudged ? null : task.pausedAt,
        })
        .where(
          and(
            eq(tasks.id, id),
            isNull(tasks.deletedAt),
            eq(tasks.requiredWorkers, task.requiredWorkers),
            eq(tasks.payableAmount, task.payableAmount),
            sql`${tasks.judgedMinutes} IS ${task.judgedMinutes}`,
          ),
        ),
    );
  const done = await addCheckSteps(batch, check).run({
    refusal: () =>
      spendRefusal(env, buyer.id, async () =>
        insufficientCoins(extra - (await coinsOf(env, buyer.id)), "Insufficient Coins"),
      ),
  });
  if (done.changes("update") === 0) throw conflict(TASK_CHANGED);
  return { task: (await findTask(env, id))!, charged: extra };
}

/** What a worker who had started a task that is closed is told. */
export const holdEndedNotice = (title: string) => notice("task.closedHoldEnded", { title });

/** What a worker whose pending submission a task's closure cancelled is told. */
export const closedNotice = (title: string) => notice("task.closedSubmissionCancelled", { title });

export interface TaskClosure {
  task: { id: string; buyerId: string };
  /** the refund's ledger note */
  note: string;
  /** what each worker whose pending submission is cancelled is told */
  notice: NoticeWords;
  /** what each worker who started the task and had not sent work yet is told */
  holdNotice: NoticeWords;
  now: number;
  /** every step holds only while this does; it must not depend on the submissions the closure cancels */
  when: SQL;
}

/**
 * Closes a live task for good (an admin deletes it, or removes its buyer): its open slots, held slots and pending
 * submissions are refunded to the buyer, those submissions cancelled and the holds ended with a notice to their
 * workers, and the task deleted, in that order (the refund sums what the later steps change). Labels start with `prefix`; returns the label of the
 * step that decides the closure, the deletion.
 */
export function addTaskClosure(batch: Batch, c: TaskClosure, prefix = ""): string {
  const { id, buyerId } = c.task;
  const openSlots = sql`(SELECT required_workers * payable_amount FROM tasks WHERE id = ${id})`;
  const pendingPay = sql`(SELECT COALESCE(SUM(payable_amount), 0) FROM submissions WHERE task_id = ${id} AND status = 'pending')`;
  const heldPay = sql`(SELECT COALESCE(SUM(payable_amount), 0) FROM task_holds WHERE task_id = ${id})`;
  batch
    .step(
      `${prefix}refund`,
      ...posting({
        id: newId(),
        userId: buyerId,
        delta: sql`${openSlots} + ${pendingPay} + ${heldPay}`,
        kind: "task_refund",
        taskId: id,
        note: c.note,
        now: c.now,
        when: c.when,
      }),
    )
    .step(
      `${prefix}notify workers`,
      sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
        SELECT lower(hex(randomblob(16))), worker_id, ${noticeFor(sql`worker_id`, c.notice)},
          ${NOTIFICATION_LINKS.submissionDecided}, ${c.now}
        FROM submissions WHERE task_id = ${id} AND status = 'pending' AND ${c.when}`,
    )
    .step(
      `${prefix}notify holders`,
      sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
        SELECT lower(hex(randomblob(16))), worker_id, ${noticeFor(sql`worker_id`, c.holdNotice)},
          ${NOTIFICATION_LINKS.holdEnded}, ${c.now}
        FROM task_holds WHERE task_id = ${id} AND ${c.when}`,
    )
    .step(`${prefix}end holds`, sql`DELETE FROM task_holds WHERE task_id = ${id} AND ${c.when}`)
    .step(
      `${prefix}cancel pending`,
      sql`UPDATE submissions SET status = 'cancelled', reviewed_at = ${c.now} WHERE task_id = ${id} AND status = 'pending' AND ${c.when}`,
    )
    .step(
      `${prefix}delete`,
      sql`UPDATE tasks SET deleted_at = ${c.now} WHERE id = ${id} AND deleted_at IS NULL AND ${c.when}`,
    );
  return `${prefix}delete`;
}

/**
 * The buyer closes the task now without deleting it (the requester API's UpdateExpirationForHIT with a time past):
 * its open slots and held slots are refunded, the holds end with a notice to their workers, and its completion day
 * becomes yesterday, so it takes no start, no submission and no slot back (a rejection or a withdrawal refunds the
 * slot instead, slot-returns.server.ts): it stays closed (decision 074). Pending submissions wait for review as before.
 */
export async function expireTask(env: Env, buyer: SessionUser, id: string) {
  const task = await taskForOwner(env, buyer, id);
  if (task.buyerId !== buyer.id) throw forbidden("Only the task's buyer can close it");
  const now = Date.now();
  const yesterday = deadlineDay(now - 86_400_000);
  const live = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${id} AND deleted_at IS NULL)`;
  const done = await newBatch(env)
    .step(
      "refund",
      ...posting({
        id: newId(),
        userId: task.buyerId,
        delta: sql`(SELECT required_workers * payable_amount FROM tasks WHERE id = ${id})
          + (SELECT COALESCE(SUM(payable_amount), 0) FROM task_holds WHERE task_id = ${id})`,
        kind: "task_refund",
        taskId: id,
        note: "closed by its requester",
        now,
        when: live,
      }),
    )
    .step(
      "notify holders",
      sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
        SELECT lower(hex(randomblob(16))), worker_id, ${noticeFor(sql`worker_id`, holdEndedNotice(task.taskTitle))},
          ${NOTIFICATION_LINKS.holdEnded}, ${now}
        FROM task_holds WHERE task_id = ${id} AND ${live}`,
    )
    .step("end holds", sql`DELETE FROM task_holds WHERE task_id = ${id} AND ${live}`)
    .step(
      "close",
      sql`UPDATE tasks SET required_workers = 0, completion_date = MIN(completion_date, ${yesterday})
        WHERE id = ${id} AND deleted_at IS NULL`,
    )
    .run();
  if (done.changes("close") === 0) throw notFound("Task not found");
}

/**
 * The task's buyer deletes it: the open slots are refunded. Refused while submissions await review.
 * An admin deletes any task: pending submissions are cancelled and refunded to the buyer as well.
 */
export async function deleteTask(env: Env, actor: SessionUser, id: string, reason?: string) {
  const task = await taskForOwner(env, actor, id);
  const byAdmin = actor.role === "Admin" && task.buyerId !== actor.id;
  const now = Date.now();
  // a start whose time ran out no longer blocks the buyer's deletion (the check on read)
  if (!byAdmin) await releaseExpiredHolds(env, now, id);
  const batch = newBatch(env);
  let deleted: string;
  if (byAdmin) {
    // The audit, the buyer's and the workers' notices name the task as read: a task renamed meanwhile stays.
    const asRead = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${id} AND deleted_at IS NULL AND task_title = ${task.taskTitle})`;
    batch
      .step(
        "audit",
        audit({
          id: newId(),
          actorId: actor.id,
          action: "task.delete",
          targetType: "task",
          targetId: id,
          detail: task.taskTitle,
          reason,
          now,
          when: asRead,
        }),
      )
      .step(
        "notify buyer",
        notification({
          id: newId(),
          userId: task.buyerId,
          message: notice("task.removed", { title: task.taskTitle }),
          actionRoute: NOTIFICATION_LINKS.taskRemoved,
          now,
          when: asRead,
        }),
      );
    deleted = addTaskClosure(batch, {
      task,
      note: "removed by admin",
      notice: notice("task.removedSubmissionCancelled", { title: task.taskTitle }),
      holdNotice: holdEndedNotice(task.taskTitle),
      now,
      when: asRead,
    });
  } else {
    const noPending = sql`NOT EXISTS (SELECT 1 FROM submissions WHERE task_id = ${id} AND status = 'pending')
      AND NOT EXISTS (SELECT 1 FROM task_holds WHERE task_id = ${id})`;
    batch
      .step(
        "refund",
        ...posting({
          id: newId(),
          userId: task.buyerId,
          delta: sql`(SELECT required_workers * payable_amount FROM tasks WHERE id = ${id})`,
          kind: "task_refund",
          taskId: id,
          now,
          when: sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${id} AND deleted_at IS NULL) AND ${noPending}`,
        }),
      )
      .step(
        "delete",
        sql`UPDATE tasks SET deleted_at = ${now} WHERE id = ${id} AND deleted_at IS NULL AND ${noPending}`,
      );
    deleted = "delete";
  }
  const done = await batch.run();
  if (done.changes(deleted) === 0) {
    if (await findTask(env, id)) throw conflict(byAdmin ? CHANGED_MEANWHILE : await whyNotDeleted(env, id));
    throw notFound("Task not found");
  }
  return { deletedCount: 1 };
}

/** Why the buyer's deletion changed nothing on a live task: a submission waits for review, or a worker holds a slot. */
async function whyNotDeleted(env: Env, id: string): Promise<string> {
  const pending = await getDb(env)
    .select({ n: taskFigures.pending })
    .from(taskFigures)
    .where(eq(taskFigures.taskId, id))
    .limit(1);
  return (pending[0]?.n ?? 0) > 0 ? PENDING_BLOCKS_DELETE : HOLDS_BLOCK_DELETE;
}

export type TaskSort = "newest" | "pay" | "rate" | "deadline";

/**
 * Open tasks right now (optionally of one category), from the per-day counters of open_task_days (kept by
 * triggers on tasks): a sum over the days from today on, however many tasks there are, and the tasks open again
 * only through lapsed holds. A worker's list leaves out the tasks hidden from them (`hidden`: of buyers who block
 * them, or behind a discovery guard they fail) and, within reach only, the tasks they cannot do of the rest (those
 * open again by a lapse included): each costs what it adds or subtracts. The hidden tasks are a CTE of the statement,
 * named once for every term that leaves them out.
 *
 * The statement is long (8 KB with a worker's reach), and drizzle would build it from its fragments on every call:
 * it is a prepared read instead, built once per isolate for each shape (a worker's or not, a category or not, within
 * reach or not), its values filled in when it runs (docs/decisions/116).
 */
function openTaskCount(env: Env, today: string, category?: string, workerId?: string, reachOnly = false) {
  const shape = `${workerId ? "worker" : "anyone"}${category ? ", category" : ""}${workerId && reachOnly ? ", reach" : ""}`;
  let read = openTaskCounts.get(shape);
  if (!read) {
    const [day, inCategory, worker] = [
      sql.placeholder("today"),
      sql.placeholder("category"),
      sql.placeholder("workerId"),
    ];
    read = preparedRead((db) =>
      openTaskCountQuery(
        db,
        day,
        category ? inCategory : undefined,
        workerId ? worker : undefined,
        reachOnly,
      ).prepare(),
    );
    openTaskCounts.set(shape, read);
  }
  return read(env, { today, category, workerId });
}

const openTaskCounts = new Map<
  string,
  (env: Env, values: Record<string, string | undefined>) => Promise<{ n: number }[]>
>();

function openTaskCountQuery(db: Db, today: Bound, category?: Bound, workerId?: Bound, reachOnly = false) {
  const days = and(gte(openTaskDays.completionDate, today), category ? eq(openTaskDays.category, category) : undefined);
  const sum = sql`COALESCE(SUM(${openTaskDays.tasks}), 0)`;
  if (!workerId)
    return db
      .select({ n: sql<number>`${sum} + ${reopenedByLapse(today, category)}` })
      .from(openTaskDays)
      .where(days);
  const hidden = db
    .$with("hidden", { rowid: sql<number>`rowid` })
    .as(sql`SELECT rowid ${ofBlockingBuyers(today, workerId)} UNION ALL ${undiscoverableRowids(workerId, today)}`);
  const notHidden = sql`${taskRowid} NOT IN (SELECT rowid FROM hidden)`;
  // of the tasks left, those they cannot do
  const outOfReach = reachOnly
    ? sql` - ${outOfReachCount(
        workerId,
        sql`${passingRowids(today)} UNION ALL SELECT rowid FROM hidden`,
        and(reopenedByLapseOnly(today), notHidden)!,
        category,
      )}`
    : sql``;
  return db
    .with(hidden)
    .select({
      n: sql<number>`${sum} + ${reopenedByLapse(today, category, notHidden)} - ${hiddenOpenTasks(today, category)}${outOfReach}`,
    })
    .from(openTaskDays)
    .where(days);
}

/**
 * The tasks open again only through holds whose time has run out (every slot was held, so open_task_days does not
 * count them; openTaskFilter lists them): found from task_holds_expiry_idx among the holds not yet returned by the
 * Cron Trigger, which are never more than a quarter of an hour's, so it costs what it adds. Those hidden from a
 * worker (`visible`) are left out here rather than subtracted.
 */
function reopenedByLapse(today: Bound, category?: Bound, visible?: SQL): SQL {
  return sql`(SELECT COUNT(*) FROM ${tasks} WHERE ${reopenedByLapseOnly(today)}${categoryTested(category)}${visible ? sql` AND ${visible}` : sql``})`;
}

/**
 * How many of the tasks open_task_days counts from today (optionally of one category) are hidden from the worker:
 * the statement's `hidden` CTE, each tested once (a blocking buyer's task behind a discovery guard is one task).
 */
function hiddenOpenTasks(today: Bound, category?: Bound): SQL {
  return sql`(SELECT COUNT(*) FROM ${tasks} WHERE ${taskRowid} IN (SELECT rowid FROM hidden)
    AND ${tasks.deletedAt} IS NULL AND ${tasks.requiredWorkers} > 0 AND ${tasks.pausedAt} IS NULL
    AND ${tasks.completionDate} >= ${today}${categoryTested(category)})`;
}

/** The tasks open again only through lapsed holds, for the nearest `tasks` of the query (see reopenedByLapse). */
const reopenedByLapseOnly = (today: Bound) =>
  sql`${tasks.id} IN (SELECT task_id FROM task_holds INDEXED BY task_holds_expiry_idx WHERE expires_at <= ${STATEMENT_NOW})
      AND ${tasks.requiredWorkers} = 0 AND ${openTaskFilter(today, false)}`;

/** The condition of the partial indexes of open tasks (migrations/0054, 0076): not deleted, a slot free or held, not paused. */
const OPEN_IN_INDEX = sql`deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL`;

/**
 * The rowids of the open tasks whose day has passed but which the daily job has not marked yet (migrations/0083): the
 * only tasks past their day that the search indexes and the counters of what tasks require still hold.
 */
const passingRowids = (today: Bound) => sql`SELECT rowid FROM tasks INDEXED BY tasks_open_passing_idx
    WHERE ${OPEN_IN_INDEX} AND date_passed = 0 AND completion_date < ${today}`;

/**
 * FROM and WHERE of the open tasks due from `today` of the buyers who block this worker, which the worker's lists
 * leave out: seeks per blocked buyer in tasks_open_buyer_idx (migrations/0040), so it costs what it leaves out.
 */
const ofBlockingBuyers = (today: Bound, workerId: Bound) => sql`FROM tasks INDEXED BY tasks_open_buyer_idx
    WHERE buyer_id IN (SELECT buyer_id FROM worker_blocks WHERE worker_id = ${workerId})
      AND ${OPEN_IN_INDEX} AND completion_date >= ${today}`;

/**
 * The tasks table read through one named index. Without statistics SQLite prefers the narrowest index that gives
 * the order (tasks_all_idx for "newest"), then reads every row to test slots and date; the open-task indexes carry
 * what the filters test, so a list walks only index entries until its page is found.
 */
const tasksBy = (index: string) => sql`${tasks} INDEXED BY ${sql.raw(index)}`;

/** The open-task index (migrations/0006) that walks a list in its order, alone or within a category. */
function openTaskIndex(sort: TaskSort, category: boolean): string {
  const order = sort === "pay" ? "_pay" : sort === "rate" ? "_rate" : sort === "deadline" ? "_deadline" : "";
  return category ? `tasks_open_category${order}_idx` : sort === "newest" ? "tasks_open_idx" : `tasks_open${order}_idx`;
}

/**
 * The open-task lists' orders, each with its mirror: `backward` walks the same index from its other end, entry for
 * entry in the reverse order of `order` (ties included: both follow the index).
 */
function openTaskOrder(sort: TaskSort): { order: SQL[]; backward: SQL[] } {
  switch (sort) {
    case "pay":
      return {
        order: [desc(tasks.payableAmount), desc(tasks.createdAt)],
        backward: [asc(tasks.payableAmount), asc(tasks.createdAt)],
      };
    case "rate":
      return {
        order: [sql`${tasks.centsPerHour} DESC`, desc(tasks.createdAt)],
        backward: [sql`${tasks.centsPerHour} ASC`, asc(tasks.createdAt)],
      };
    case "deadline":
      return {
        order: [asc(tasks.completionDate), desc(tasks.createdAt)],
        backward: [desc(tasks.completionDate), asc(tasks.createdAt)],
      };
    default:
      return { order: [desc(tasks.createdAt)], backward: [asc(tasks.createdAt)] };
  }
}

/**
 * From this many rows into a list on, a page may be read from the list's far end (`latePage`), which needs the count
 * first: the first pages, where most reading happens, keep their one parallel step.
 */
const FAR_END_FROM = 100;

/**
 * A page far into a list whose count is kept (exact, and cheap to read): skipping to it walks the index entries
 * before it, so a page past the middle is read walking from the other end instead, and costs what the entries after
 * it cost: page 1,500 of 1,600 walks 100 pages' entries, not 1,500 (docs/performance.md, issue 46). `read` returns
 * the rows in the list's own order.
 */
async function latePage<Row>(
  w: PageWindow,
  counted: PromiseLike<{ n: number }[]>,
  read: (window: PageWindow, walk: SQL[]) => Promise<Row[]>,
  orders: { order: SQL[]; backward: SQL[] },
): Promise<Page<Row>> {
  const [row] = await counted;
  const total = row?.n ?? 0;
  const known = Promise.resolve([{ n: total }]);
  if (w.offset * 2 <= total) return fetchPage(w, read(w, orders.order), known);
  // the rows from this page's first to the list's end, read from the end
  const remaining = total - w.offset;
  const fromEnd = { ...w, limit: Math.min(w.limit, remaining), offset: Math.max(0, remaining - w.limit) };
  return fetchPage(w, remaining > 0 ? read(fromEnd, orders.backward) : Promise.resolve([]), known);
}

/** The rowids of one page of tasks, found from `index` alone (skipping earlier pages walks index entries, not rows). */
function pageIds(db: Db, w: PageWindow, index: string, where: SQL | undefined, order: SQL[]) {
  return db
    .select({ rowid: taskRowid })
    .from(tasksBy(index))
    .where(where)
    .orderBy(...order)
    .limit(writtenLimit(w.limit))
    .offset(w.offset);
}
type PageIds = ReturnType<typeof pageIds>;

/** One page of tasks: its rowids first (`pageIds`), then only those rows are read, joined and shaped by `rowsOf`. */
function taskPage<Row>(
  db: Db,
  w: PageWindow,
  index: string,
  where: SQL | undefined,
  order: SQL[],
  rowsOf: (ids: PageIds, order: SQL[]) => Promise<Row[]>,
): Promise<Row[]> {
  return rowsOf(pageIds(db, w, index, where, order), order);
}

/**
 * The page's tasks with their buyers (every column: the REST lists and Manage Tasks); `asWorkersSee` reads their
 * open slots now (workerTaskColumns) rather than the column.
 */
const withBuyers =
  (db: Db, asWorkersSee = false) =>
  (ids: PageIds, order: SQL[]): Promise<TaskWithBuyer[]> =>
    selectWithBuyer(db, {}, asWorkersSee ? workerTaskColumns : tasks)
      .where(inArray(taskRowid, ids))
      .orderBy(...order)
      .then((rows) => rows.map(withBuyer));

/**
 * The page's tasks as a worker's cards, in one statement: what a card shows of each task, the worker's own live
 * submission on it, its buyer's record line (their kept reputation row) and the task's requirements with what the
 * worker holds (eligibility.server.ts). Nothing worked out from a history on read, no query per card.
 */
const asCards = (db: Db, workerId: string) => (ids: PageIds, order: SQL[]) =>
  db
    .select({
      task: cardTaskColumns,
      buyerName: users.name,
      mySubmission: liveSubmissionStatus(workerId, tasks.id),
      ...recordLineFields(),
      ...requirementFields(workerId),
    })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.buyerId))
    .leftJoin(buyerReputations, withBuyerRecord)
    .where(inArray(taskRowid, ids))
    .orderBy(...order)
    .then((rows) => rows.map(listCard));

function listCard<Task extends { buyerId: string }>({
  task,
  buyerName,
  mySubmission,
  buyerApproved,
  buyerRejected,
  buyerMedianMs,
  ...requirementRow
}: {
  task: Task;
  buyerName: string;
  mySubmission: TaskCardFacts["mySubmission"];
  buyerApproved: number | null;
  buyerRejected: number | null;
  buyerMedianMs: number | null;
} & RequirementRow) {
  const { requirements, record } = cardRequirementsFrom(requirementRow);
  return {
    ...task,
    buyerName,
    mySubmission,
    buyerRecord: recordLineFrom({ buyerApproved, buyerRejected, buyerMedianMs }),
    missing: missingOnCard(requirements, record),
  };
}

/**
 * A task's page for a worker: the task as workers see it (workerTaskColumns), their own live submission on it and its
 * buyer's reputation, in the same statement.
 */
function selectWithCard(db: Db, workerId: string) {
  return selectWithBuyer(
    db,
    {
      buyerSince: users.createdAt,
      mySubmission: liveSubmissionStatus(workerId, tasks.id),
      ...reputationFields(tasks.buyerId),
    },
    workerTaskColumns,
  );
}

function withCard<Task extends { buyerId: string }>({
  task,
  buyerName,
  buyerEmail,
  buyerSince,
  mySubmission,
  ...figures
}: {
  task: Task;
  buyerName: string;
  buyerEmail: string;
  buyerSince: number;
  mySubmission: TaskCardFacts["mySubmission"];
} & ReputationRow) {
  return {
    ...withBuyer({ task, buyerName, buyerEmail }),
    card: {
      mySubmission,
      reputation: reputationFrom({ buyerId: task.buyerId, name: buyerName, memberSince: buyerSince }, figures),
    },
  };
}

/** What a worker's task page shows beside the task: their own live submission on it and its buyer's reputation. */
export interface TaskCardFacts {
  mySubmission: "pending" | "approved" | null;
  reputation: BuyerReputation;
}

/** A task of the Task List: what its card shows of the task, its buyer, and the card's facts. */
export type TaskCard = Awaited<ReturnType<ReturnType<typeof asCards>>>[number];

type OpenTaskQuery = {
  q?: string;
  category?: string;
  sort?: TaskSort;
  page?: number;
  limit?: number;
  workerId?: string;
  /** only tasks paying at least this many cents per hour (migrations/0032's cents_per_hour) */
  minCentsPerHour?: number;
  /** leave out buyers whose all-time approval rate is under this percentage (buyer-reputation.server.ts) */
  minApproval?: number;
  /** with `workerId`: leave out the tasks whose requirements the worker does not meet ("Hide tasks I can't do") */
  withinReach?: boolean;
};

/**
 * Open tasks for workers: search, category, sort and pagination, all in the database. With `workerId`, the tasks of
 * buyers who block that worker are left out (each walked index entry may probe worker_blocks; the indexes carry
 * buyer_id), and with `withinReach` the tasks whose requirements they do not meet. With `cards`, each task as the
 * worker's card (TaskCard: what the card shows, and its facts for `workerId`).
 */
export function listOpenTasks(
  env: Env,
  opts: OpenTaskQuery & { workerId: string; cards: true },
): Promise<Page<TaskCard>>;
export function listOpenTasks(env: Env, opts?: OpenTaskQuery & { cards?: false }): Promise<Page<TaskWithBuyer>>;
export async function listOpenTasks(
  env: Env,
  opts: OpenTaskQuery & { cards?: boolean } = {},
): Promise<Page<TaskCard> | Page<TaskWithBuyer>> {
  const db = getDb(env);
  return opts.cards && opts.workerId
    ? openTaskPage(env, db, opts, asCards(db, opts.workerId))
    : openTaskPage(env, db, opts, withBuyers(db, true));
}

function openTaskPage<Row>(
  env: Env,
  db: Db,
  opts: OpenTaskQuery,
  rowsOf: (ids: PageIds, order: SQL[]) => Promise<Row[]>,
): Promise<Page<Row>> {
  const w = pageWindow(opts, 12);
  const today = deadlineDay();
  const sort = opts.sort ?? "newest";
  const index = openTaskIndex(sort, Boolean(opts.category));
  const inCategory = opts.category ? eq(tasks.category, opts.category) : undefined;
  // the deadline order range-seeks its index by date; the others walk theirs from the start
  const visible = opts.workerId
    ? and(notBlocked(opts.workerId, tasks.buyerId), discoverableBy(opts.workerId, taskRowid))
    : undefined;
  // each filter is tested on the index entry the list walks, never after it (docs/decisions/083): the task's
  // requirements and its pay per hour are columns of the entry, the buyer's approval rate a primary-key probe
  const reach = opts.workerId && opts.withinReach ? meetsRequirements(opts.workerId) : undefined;
  const chosen = and(
    opts.minCentsPerHour ? paysAtLeast(opts.minCentsPerHour) : undefined,
    opts.minApproval ? approvalAtLeast(opts.minApproval) : undefined,
  );
  const filters = and(openTaskFilter(today, sort === "deadline"), inCategory, visible, reach, chosen);
  const { order, backward } = openTaskOrder(sort);
  if (!opts.q && !chosen) {
    const counted = openTaskCount(env, today, opts.category, opts.workerId, Boolean(reach));
    if (w.offset < FAR_END_FROM) return fetchPage(w, taskPage(db, w, index, filters, order, rowsOf), counted);
    const read = (window: PageWindow, walk: SQL[]) => rowsOf(pageIds(db, window, index, filters, walk), order);
    return latePage(w, counted, read, { order, backward });
  }
  if (!opts.q)
    // the count range-seeks the deadline index to today's tasks, whatever order the page walks
    return fetchPage(
      w,
      taskPage(db, w, index, filters, order, rowsOf),
      db
        .select({ n: count() })
        .from(tasksBy(openTaskIndex("deadline", Boolean(opts.category))))
        .where(and(openTaskFilter(today), inCategory, visible, reach, chosen)),
    );
  // a search counts its matches (the open-task search indexes hold the open tasks alone): a plain one less those
  // hidden (searchCount), a filtered one testing each match's row; a q too short for a trigram tests each of today's
  // open tasks on the deadline index instead
  const matches = openTaskTextMatches(opts.q);
  const matchRowids = openTaskMatches(opts.q);
  const tested = and(openTaskFilter(today), inCategory, visible, reach, chosen);
  return fetchPage(
    w,
    taskPage(db, w, index, and(filters, matches), order, rowsOf),
    !matchRowids
      ? db
          .select({ n: count() })
          .from(tasksBy(openTaskIndex("deadline", Boolean(opts.category))))
          .where(and(tested, matches))
      : inCategory || reach || chosen
        ? db
            .select({ n: count() })
            .from(tasks)
            .where(and(sql`${taskRowid} IN (${matchRowids})`, tested))
        : searchCount(db, matchRowids, today, opts.workerId),
  );
}

/**
 * How many open tasks a search with no other filter shows: its matches less those it leaves out, each kind read from
 * the few tasks it holds (migrations/0083) rather than from every match's row, which is a whole task, text and all.
 * The search indexes hold the open tasks alone, and a task is dropped from them when the daily job marks its day
 * passed; so a match is shown unless its day passed since that run, every slot of it is held, its buyer blocks the
 * worker, or a discovery guard hides it from them.
 */
function searchCount(db: Db, matchRowids: SQL, today: string, workerId?: string) {
  const blocked = workerId ? sql` UNION ALL SELECT rowid ${ofBlockingBuyers(today, workerId)}` : sql``;
  const match = sql`m.rowid`;
  return db
    .select({ n: count() })
    .from(sql`(${matchRowids}) AS m`)
    .where(
      and(
        sql`${match} NOT IN (${passingRowids(today)}
          UNION ALL SELECT rowid FROM tasks INDEXED BY tasks_all_held_idx
          WHERE deleted_at IS NULL AND held_slots > 0 AND paused_at IS NULL AND ${allSlotsHeldNow}${blocked})`,
        workerId ? discoverableBy(workerId, match) : undefined,
      ),
    );
}

/**
 * A buyer's live tasks, newest first, paginated, each with its progress: submissions approved and pending (kept
 * per task by triggers, migrations/0020; 0 before the first) beside its open slots (`requiredWorkers`). How many
 * there are is the buyer's kept figure (migrations/0013), not a count of their tasks, which grows with them.
 */
export async function listBuyerTasks(env: Env, buyerId: string, opts: { page?: number; limit?: number } = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const where = and(eq(tasks.buyerId, buyerId), isNull(tasks.deletedAt));
  const page = await fetchPage(
    w,
    db
      .select({ task: tasks, pending: taskFigures.pending, approved: taskFigures.approved })
      .from(tasks)
      .leftJoin(taskFigures, eq(taskFigures.taskId, tasks.id))
      .where(where)
      .orderBy(desc(tasks.createdAt))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: buyerFigures.liveTasks }).from(buyerFigures).where(eq(buyerFigures.buyerId, buyerId)),
  );
  return {
    ...page,
    items: page.items.map((r) => ({ ...r.task, pending: r.pending ?? 0, approved: r.approved ?? 0 })),
  };
}

/** Every live task for admins, with search by title or buyer, paginated. */
export async function listAllTasks(env: Env, opts: { q?: string; page?: number; limit?: number } = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const order = [desc(tasks.createdAt)];
  if (!opts.q)
    return fetchPage(
      w,
      taskPage(db, w, "tasks_all_idx", isNull(tasks.deletedAt), order, withBuyers(db)),
      db.select({ n: totals.value }).from(totals).where(eq(totals.name, "live_tasks")),
    );
  const buyers = db.select({ id: users.id }).from(users).where(userTextMatches(opts.q));
  const where = and(isNull(tasks.deletedAt), or(taskTitleMatches(opts.q), inArray(tasks.buyerId, buyers)));
  return fetchPage(
    w,
    taskPage(db, w, "tasks_all_idx", where, order, withBuyers(db)),
    db.select({ n: count() }).from(tasksBy("tasks_all_idx")).where(where),
  );
}

// read on every Buyer Home: its SQL is built once (db/prepared.server.ts)
const buyerFiguresOf = preparedRead((db) =>
  db
    .select({
      pendingSlots: buyerFigures.openSlots,
      totalTasks: buyerFigures.liveTasks,
      spentCents: buyerFigures.spentCents,
      paidCoins: buyerFigures.paidCoins,
    })
    .from(buyerFigures)
    .where(eq(buyerFigures.buyerId, sql.placeholder("buyerId")))
    .prepare(),
);

/** Buyer home figures: open slots, task count, dollars spent on coins, coins paid to workers (migrations/0013). */
export async function buyerStats(env: Env, buyerId: string) {
  const [row] = await buyerFiguresOf(env, { buyerId });
  return row ?? { pendingSlots: 0, totalTasks: 0, spentCents: 0, paidCoins: 0 };
}
