// A slot coming back to its task: from a hold (given back, run out, or ended because a rule now refuses its worker)
// or from a pending submission (rejected, withdrawn). Apart from slots.server.ts so that the services whose rules end
// holds (blocks, qualifications) can add the returns to their own batches without importing the start's rules.
// See docs/decisions/034-a-start-holds-a-slot.md and 074-rules-hold-for-work-already-held.md.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import type { Batch } from "../db/batch.server";
import { taskHolds, tasks } from "../db/schema";
import { notification, posting, type NoticeWords } from "./ledger.server";
import type { Language } from "~/lib/i18n/languages";
import { serverWords } from "~/lib/i18n/words.server";
import { deadlineDay } from "~/lib/deadline";
import { NOTIFICATION_LINKS } from "~/lib/notifications";

/** A slot's coins coming back from a hold or a pending submission, as the buyer's settlement needs them. */
export interface SlotComingBack {
  buyerId: string;
  taskId: string;
  /** the task's pay now, as read: what an open slot is escrowed at */
  taskPay: number;
  /** what the hold or submission escrowed: the task's pay when it was started or sent */
  heldPay: number;
}

/**
 * A slot given back to its task. When the task's pay is unchanged or was lowered, or `buyerPays` (the buyer's own
 * rejection), the slot reopens at the task's pay and the difference is settled with the buyer (`slot_reopen`: the
 * held pay minus the pay now, so a raise costs the buyer and a cut refunds them; no row when unchanged). When the
 * buyer has raised the pay and the worker gives the slot back (a withdrawal, a give-back, an expiry), the worker's
 * act never charges the buyer: the held coins go back to the buyer and the slot stays closed (decision 025). A task
 * past its completion day (its day passed, or its requester expired the HIT) takes no slot back either: the held
 * coins go back to the buyer, so a closed task never reopens (decision 074); which of the two happens is decided by
 * the task's date in the batch itself. Every step holds only under `when`, which must require the task live with the
 * pay as read. Returns whether the slot may reopen.
 */
export function addSlotReturn(
  batch: Batch,
  slot: SlotComingBack,
  o: { now: number; when: SQL; buyerPays: boolean; submissionId?: string; note?: string; prefix?: string },
): boolean {
  const p = o.prefix ?? "";
  const refund = (label: string, when: SQL) =>
    batch.step(
      label,
      ...posting({
        id: newId(),
        userId: slot.buyerId,
        delta: slot.heldPay,
        kind: "task_refund",
        taskId: slot.taskId,
        note: o.note,
        now: o.now,
        when,
      }),
    );
  if (!o.buyerPays && slot.taskPay > slot.heldPay) {
    refund(`${p}refund`, o.when);
    return false;
  }
  const closed = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${slot.taskId} AND completion_date < ${deadlineDay(o.now)})`;
  const open = sql`${o.when} AND NOT ${closed}`;
  refund(`${p}refund to a closed task`, sql`${o.when} AND ${closed}`);
  batch
    .step(
      `${p}settle pay change`,
      ...posting({
        id: newId(),
        userId: slot.buyerId,
        delta: slot.heldPay - slot.taskPay,
        kind: "slot_reopen",
        submissionId: o.submissionId,
        taskId: slot.taskId,
        note: o.note,
        now: o.now,
        when: open,
      }),
    )
    .step(
      `${p}reopen slot`,
      sql`UPDATE tasks SET required_workers = required_workers + 1 WHERE id = ${slot.taskId} AND deleted_at IS NULL AND ${open}`,
    );
  return true;
}

/** A worker's hold on a task with the task as a return needs it. */
export function selectHolds() {
  return {
    taskId: taskHolds.taskId,
    workerId: taskHolds.workerId,
    buyerId: taskHolds.buyerId,
    heldPay: taskHolds.payableAmount,
    startedAt: taskHolds.startedAt,
    expiresAt: taskHolds.expiresAt,
    taskPay: tasks.payableAmount,
    taskTitle: tasks.taskTitle,
  };
}
export interface Hold {
  taskId: string;
  workerId: string;
  buyerId: string;
  heldPay: number;
  startedAt: number;
  expiresAt: number;
  taskPay: number;
  taskTitle: string;
}

/** The hold exactly as read, its task still live at the pay read: the guard of a return's steps. */
export const holdAsRead = (h: Hold) =>
  sql`EXISTS (SELECT 1 FROM task_holds WHERE task_id = ${h.taskId} AND worker_id = ${h.workerId} AND started_at = ${h.startedAt})
    AND EXISTS (SELECT 1 FROM tasks WHERE id = ${h.taskId} AND deleted_at IS NULL AND payable_amount = ${h.taskPay})`;

/**
 * A hold's return (a give-back, an expiry, or an end a rule decides): the slot's coins, then the hold's deletion,
 * which decides it, all under `when` (the hold as read, and whatever else the caller's batch requires). Returns the
 * deciding step's label.
 */
export function addHoldReturn(batch: Batch, h: Hold, now: number, note: string, prefix = "", when = holdAsRead(h)) {
  addSlotReturn(batch, h, { now, when, buyerPays: false, note, prefix });
  batch.step(
    `${prefix}release`,
    sql`DELETE FROM task_holds WHERE task_id = ${h.taskId} AND worker_id = ${h.workerId} AND started_at = ${h.startedAt} AND ${when}`,
  );
  return `${prefix}release`;
}

/** This worker's holds, with their tasks, that `which` picks (a condition on task_holds and tasks): at most 100. */
export function holdsOf(env: Env, workerId: string, which: SQL): Promise<Hold[]> {
  return getDb(env)
    .select(selectHolds())
    .from(taskHolds)
    .innerJoin(tasks, eq(tasks.id, taskHolds.taskId))
    .where(and(eq(taskHolds.workerId, workerId), which))
    .limit(100);
}

/** What a worker is told when a rule ends their start: which task, that its slot went back, and why (in a language). */
export const holdEndedBy =
  (taskTitle: string, why: (language: Language) => string): NoticeWords =>
  (language) =>
    serverWords(language, "notifications")("hold.endedBy", { title: taskTitle, why: why(language) });

/**
 * Ends holds whose worker a rule now refuses (their buyer blocked them, they lost the task's qualification): each
 * returns as a give-back does, and its worker is told why, in the batch that changes the rule. `why` gives the
 * reason for each hold; `when`, what else the ends require (the rule's change having happened in the batch).
 */
export function addHoldsEnded(
  batch: Batch,
  holds: Hold[],
  now: number,
  why: (h: Hold, language: Language) => string,
  o: { note: string; when?: SQL },
) {
  for (const h of holds) {
    const prefix = `end ${h.taskId}: `;
    const when = o.when ? sql`${holdAsRead(h)} AND ${o.when}` : holdAsRead(h);
    batch.step(
      `${prefix}tell worker`,
      notification({
        id: newId(),
        userId: h.workerId,
        message: holdEndedBy(h.taskTitle, (language) => why(h, language)),
        actionRoute: NOTIFICATION_LINKS.holdEnded,
        now,
        when,
      }),
    );
    addHoldReturn(batch, h, now, o.note, prefix, when);
  }
}
