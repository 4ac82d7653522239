// A buyer's block list (docs/product/quality.md): a blocked worker no longer sees nor starts that buyer's tasks, and
// their starts on them end (the slots go back); work already sent is reviewed as before. The reason is the buyer's
// private note. Any worker can be blocked by id, so the list shows a worker's e-mail only where that worker sent the
// buyer work. Shaped for the pages, the REST API and a
// later MTurk layer alike (CreateWorkerBlock, DeleteWorkerBlock, ListWorkerBlocks): by worker id, with a reason.
import { and, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb, type Db } from "../db/client.server";
import { fetchPage, pageWindow, type PageRequest } from "../db/paging";
import { newBatch } from "../db/batch.server";
import { taskHolds, users, workerBlocks } from "../db/schema";
import { forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { addHoldsEnded, holdsOf } from "./slot-returns.server";
import { serverWords } from "~/lib/i18n/words.server";

export const BLOCKED_WORKER = "This buyer's tasks are not open to you.";
export const NOT_A_WORKER = "Only workers can be blocked.";
export const NO_SUCH_BLOCK = "No such block";

function requireBuyer(actor: SessionUser) {
  if (actor.role !== "Buyer") throw forbidden("Only buyers can block workers");
}

/**
 * "the task's buyer has not blocked this worker", for any query of tasks: a primary-key probe of worker_blocks.
 * The workers' list, a task's page and the submission's insert all test it, so a block applies everywhere at once.
 * Most workers are blocked by nobody: whether this one is is asked once per statement (an uncorrelated subquery), and
 * only then is each row's buyer probed, so a list that walks thousands of index entries (a late page, a filtered
 * count) does not pay a probe for each of them (docs/decisions/083).
 */
export function notBlocked(workerId: string, buyerId: SQLWrapper): SQL {
  return sql`((SELECT 1 FROM worker_blocks WHERE worker_id = ${workerId} LIMIT 1) IS NULL
    OR NOT EXISTS (SELECT 1 FROM worker_blocks WHERE worker_id = ${workerId} AND buyer_id = ${buyerId}))`;
}

/** Whether this buyer blocks this worker. */
export async function isBlocked(env: Env, buyerId: string, workerId: string): Promise<boolean> {
  const row = await getDb(env)
    .select({ one: sql<number>`1` })
    .from(workerBlocks)
    .where(and(eq(workerBlocks.workerId, workerId), eq(workerBlocks.buyerId, buyerId)))
    .limit(1);
  return row.length > 0;
}

/**
 * Blocks a worker with a private reason; blocking again only replaces the reason. The worker must be a live worker's
 * account (a buyer or admin cannot be blocked, and an unknown id is 404 rather than a row that means nothing).
 */
export async function blockWorker(env: Env, buyer: SessionUser, input: { workerId: string; reason: string }) {
  requireBuyer(buyer);
  const db = getDb(env);
  const worker = (
    await db.select({ role: users.role, name: users.name }).from(users).where(eq(users.id, input.workerId)).limit(1)
  )[0];
  if (!worker) throw notFound("Worker not found");
  if (worker.role !== "Worker") throw forbidden(NOT_A_WORKER);
  const now = Date.now();
  // the worker's starts on this buyer's tasks end in the same batch: they can no longer send work for them
  const held = await holdsOf(env, input.workerId, eq(taskHolds.buyerId, buyer.id));
  const batch = newBatch(env).step(
    "block",
    db
      .insert(workerBlocks)
      .values({ buyerId: buyer.id, workerId: input.workerId, reason: input.reason, createdAt: now })
      .onConflictDoUpdate({ target: [workerBlocks.workerId, workerBlocks.buyerId], set: { reason: input.reason } }),
  );
  addHoldsEnded(batch, held, now, (_, language) => serverWords(language, "errors")("task.blocked"), {
    note: "a start whose worker the buyer blocked",
  });
  await batch.run();
  const [block] = await selectBlocks(db).where(
    and(eq(workerBlocks.workerId, input.workerId), eq(workerBlocks.buyerId, buyer.id)),
  );
  return block!;
}

/** Lifts a block: the worker sees the buyer's tasks again. 404 when there is none. */
export async function liftBlock(env: Env, buyer: SessionUser, workerId: string) {
  requireBuyer(buyer);
  const gone = await getDb(env)
    .delete(workerBlocks)
    .where(and(eq(workerBlocks.workerId, workerId), eq(workerBlocks.buyerId, buyer.id)))
    .returning({ workerId: workerBlocks.workerId });
  if (!gone.length) throw notFound(NO_SUCH_BLOCK);
  return { workerId };
}

/**
 * A worker's e-mail address as a buyer may read it: only a worker who sent that buyer work (a submission, probed by
 * submissions_worker_idx); null for anyone else, whom the buyer knows by id and the name they show.
 */
function emailIfWorkedFor(worker: { id: SQLWrapper; email: SQLWrapper }, buyerId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`CASE WHEN EXISTS (SELECT 1 FROM submissions s
    WHERE s.worker_id = ${worker.id} AND s.buyer_id = ${buyerId}) THEN ${worker.email} END`;
}

/** Blocks with each worker's name, and e-mail where the worker sent the buyer work. */
function selectBlocks(db: Db) {
  return db
    .select({
      workerId: workerBlocks.workerId,
      workerName: users.name,
      workerEmail: emailIfWorkedFor(users, workerBlocks.buyerId),
      reason: workerBlocks.reason,
      createdAt: workerBlocks.createdAt,
    })
    .from(workerBlocks)
    .innerJoin(users, eq(users.id, workerBlocks.workerId));
}
export type BlockView = Awaited<ReturnType<typeof selectBlocks>>[number];

/** A buyer's blocks, newest first, with each worker's name (and e-mail, where the worker sent the buyer work). */
export function listBlocks(env: Env, buyerId: string, opts: PageRequest = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const mine = eq(workerBlocks.buyerId, buyerId);
  return fetchPage(
    w,
    selectBlocks(db).where(mine).orderBy(desc(workerBlocks.createdAt)).limit(w.limit).offset(w.offset),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(workerBlocks)
      .where(mine),
  );
}
