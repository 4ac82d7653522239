// Changes a requester makes to a HIT beyond posting it (docs/mturk.md): more assignments, escrowed from the buyer's
// balance in one batch with the extension's row, whose key makes a repeated UniqueRequestToken charge nothing twice
// (docs/decisions/088-qualification-requests-and-extra-assignments.md); the HIT's review status.
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch, type Batch } from "../db/batch.server";
import { hitExtensions, tasks } from "../db/schema";
import { conflict, insufficientCoins } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { coinsOf, posting } from "./ledger.server";
import { spendRefusal } from "./debts.server";
import { refuseTaskSpend, TASK_CHANGED } from "./tasks.server";
import { taskCost } from "~/lib/coins";

/** A task's open slots, at most (Add Task's rule). */
export const MOST_OPEN_SLOTS = 10_000;

/** The extension a token made, if any. */
async function extensionOf(env: Env, buyerId: string, token: string) {
  const [row] = await getDb(env)
    .select()
    .from(hitExtensions)
    .where(and(eq(hitExtensions.buyerId, buyerId), eq(hitExtensions.token, token)))
    .limit(1);
  return row ?? null;
}

/** What a token already did, said as a refusal when it was for something else; null when it did nothing yet. */
async function repeatOf(env: Env, buyerId: string, token: string, taskId: string, more: number) {
  const prior = await extensionOf(env, buyerId, token);
  if (!prior) return null;
  if (prior.hitId === taskId && prior.assignments === more) return { repeated: true as const };
  throw conflict(
    `UniqueRequestToken ${token} already added ${prior.assignments} assignments to HIT ${prior.hitId}: use a new token for another extension.`,
  );
}

/**
 * Adds `more` open slots to the buyer's task at its pay, charging `more x pay` from the balance: the charge, the
 * slots and the extension's row are one batch, each step only while the task is live at the pay read (so the charge
 * always matches the slots), and the row's key (buyer, token) aborts the whole batch on a repeated token. The same
 * token for the same extension answers as done again without charging; for another, it is refused.
 */
export async function addAssignments(
  env: Env,
  buyer: SessionUser,
  task: { id: string; payableAmount: number; requiredWorkers: number },
  more: number,
  token?: string,
) {
  const key = token || `auto:${newId()}`;
  const repeated = token ? await repeatOf(env, buyer.id, key, task.id, more) : null;
  if (repeated) return repeated;
  if (task.requiredWorkers + more > MOST_OPEN_SLOTS)
    throw conflict(`A task has at most ${MOST_OPEN_SLOTS.toLocaleString("en-US")} open slots.`);
  const cost = taskCost(more, task.payableAmount);
  await refuseTaskSpend(env, buyer, cost);
  const now = Date.now();
  const asRead = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${task.id} AND deleted_at IS NULL
    AND payable_amount = ${task.payableAmount})`;
  const batch = newBatch(env)
    .step(
      "charge",
      ...posting({
        id: newId(),
        userId: buyer.id,
        delta: -cost,
        kind: "task_update",
        taskId: task.id,
        note: `${more} more assignment${more === 1 ? "" : "s"} (CreateAdditionalAssignmentsForHIT)`,
        now,
        when: asRead,
      }),
    )
    .step(
      "extend",
      sql`UPDATE tasks SET required_workers = required_workers + ${more}
        WHERE id = ${task.id} AND deleted_at IS NULL AND payable_amount = ${task.payableAmount}`,
    )
    .step(
      "record",
      sql`INSERT INTO hit_extensions (buyer_id, token, hit_id, assignments, created_at)
        SELECT ${buyer.id}, ${key}, ${task.id}, ${more}, ${now} WHERE ${asRead}`,
    );
  try {
    const done = await batch.run({
      // CHECK (coin >= 0): the balance was spent meanwhile; or a debt appeared (or the token's key: below)
      refusal: () => spendRefusal(env, buyer.id, async () => insufficientCoins(cost - (await coinsOf(env, buyer.id)))),
    });
    if (!done.changes("extend")) throw conflict(TASK_CHANGED);
  } catch (e) {
    // the token's key refused the batch: the same token won a race meanwhile
    const raced = token ? await repeatOf(env, buyer.id, key, task.id, more).catch((r: unknown) => r) : null;
    if (raced) {
      if (raced instanceof Error) throw raced;
      return raced;
    }
    throw e;
  }
  return { repeated: false as const };
}

/** The requester's review status of the HIT ('MarkedForReview': MTurk's Reviewing). */
export async function setHitReviewStatus(
  env: Env,
  buyer: SessionUser,
  taskId: string,
  status: "NotReviewed" | "MarkedForReview",
) {
  await getDb(env)
    .update(tasks)
    .set({ hitReviewStatus: status })
    .where(and(eq(tasks.id, taskId), eq(tasks.buyerId, buyer.id), isNull(tasks.deletedAt)));
}

/**
 * UpdateHITTypeOfHIT's row, for `updateTask`'s batch: the HIT takes its new type in the same batch as the task's new
 * fields, and only when the task is as it was read (`unchanged`).
 */
export const hitTypeInBatch = (taskId: string, hitTypeId: string) => (batch: Batch, unchanged: SQL) =>
  batch.step(
    "hit type",
    sql`INSERT INTO mturk_hits (task_id, hit_type_id) SELECT ${taskId}, ${hitTypeId} WHERE ${unchanged}
      ON CONFLICT (task_id) DO UPDATE SET hit_type_id = excluded.hit_type_id`,
  );
