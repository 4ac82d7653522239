// Bonuses (docs/product/quality.md): a buyer pays a worker extra coins for a submission they sent (waiting for
// review, approved or rejected: tools pay the bonus, then approve), with a reason the worker reads. One batch moves the coins from the buyer's balance to the worker's under the ledger kind 'bonus'
// (never from escrow; CHECK (coin >= 0) refuses more than the balance) and notifies the worker. Each bonus is made
// once per request key of its buyer (UNIQUE, migrations/0041): a request sent twice answers the bonus made the first
// time. Shaped for the pages, REST and a later MTurk layer (SendBonus: worker, assignment, amount, reason, token).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb, newId, type Db } from "../db/client.server";
import { jsonColumn, outerColumn } from "../db/sql";
import { newBatch } from "../db/batch.server";
import { fetchPage, pageWindow, type PageRequest } from "../db/paging";
import { bonuses, submissions, tasks, users } from "../db/schema";
import { AppError, conflict, forbidden, insufficientCoins, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { requireVerifiedEmail } from "../auth/guards.server";
import { coinsOf, notice, notification, posting } from "./ledger.server";
import { refuseWhileOwing, spendRefusal } from "./debts.server";
import { NOTIFICATION_LINKS } from "~/lib/notifications";

export const NOT_SENT = "A bonus is paid on work the worker sent: this submission was cancelled with its task.";
export const KEY_REUSED = "This request key was already used for another bonus.";

export interface BonusRequest {
  submissionId: string;
  coins: number;
  /** what the worker reads */
  reason: string;
  /** the caller's key for this request: the same key again pays nothing more and answers the same bonus */
  requestKey: string;
}

const workerOf = alias(users, "bonus_worker");
const buyerOf = alias(users, "bonus_buyer");

/** Bonuses with their task's title and both parties' names. */
function selectBonuses(db: Db) {
  return db
    .select({
      id: bonuses.id,
      submissionId: bonuses.submissionId,
      coins: bonuses.coins,
      reason: bonuses.reason,
      requestKey: bonuses.requestKey,
      createdAt: bonuses.createdAt,
      workerId: bonuses.workerId,
      workerName: workerOf.name,
      buyerId: bonuses.buyerId,
      buyerName: buyerOf.name,
      taskTitle: tasks.taskTitle,
    })
    .from(bonuses)
    .innerJoin(submissions, eq(submissions.id, bonuses.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(workerOf, eq(workerOf.id, bonuses.workerId))
    .innerJoin(buyerOf, eq(buyerOf.id, bonuses.buyerId));
}
export type BonusView = Awaited<ReturnType<typeof selectBonuses>>[number];

async function bonusByKey(env: Env, buyerId: string, requestKey: string): Promise<BonusView | undefined> {
  const rows = await selectBonuses(getDb(env))
    .where(and(eq(bonuses.buyerId, buyerId), eq(bonuses.requestKey, requestKey)))
    .limit(1);
  return rows[0];
}

/** The bonus already made under this key: the same request answers it again; another request is refused. */
function replayed(found: BonusView, input: BonusRequest): { bonus: BonusView; created: false } {
  if (found.submissionId !== input.submissionId || found.coins !== input.coins || found.reason !== input.reason)
    throw conflict(KEY_REUSED);
  return { bonus: found, created: false };
}

/** Pays a bonus; `created` is false when the request key had already paid it. */
export async function payBonus(
  env: Env,
  buyer: SessionUser,
  input: BonusRequest,
): Promise<{ bonus: BonusView; created: boolean }> {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can pay bonuses");
  const earlier = await bonusByKey(env, buyer.id, input.requestKey);
  if (earlier) return replayed(earlier, input);
  requireVerifiedEmail(buyer);
  const db = getDb(env);
  const [read] = await db
    .select({
      buyerId: submissions.buyerId,
      workerId: submissions.workerId,
      status: submissions.status,
      taskTitle: tasks.taskTitle,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(eq(submissions.id, input.submissionId))
    .limit(1);
  if (!read) throw notFound("Submission not found");
  if (read.buyerId !== buyer.id) throw forbidden("Only the task's buyer can pay a bonus on this submission");
  if (read.status === "cancelled") throw conflict(NOT_SENT);
  await refuseWhileOwing(env, buyer.id);
  const balance = await coinsOf(env, buyer.id);
  if (balance < input.coins) throw insufficientCoins(input.coins - balance);

  const id = newId();
  const now = Date.now();
  const made = sql`EXISTS (SELECT 1 FROM bonuses WHERE id = ${id})`;
  const refs = { kind: "bonus" as const, bonusId: id, submissionId: input.submissionId, now, when: made };
  // The notice names the task's title as read: the insert requires it unchanged, with the submission not cancelled.
  const done = await newBatch(env)
    .step(
      "bonus",
      sql`INSERT INTO bonuses (id, submission_id, buyer_id, worker_id, coins, reason, request_key, created_at)
        SELECT ${id}, s.id, s.buyer_id, s.worker_id, ${input.coins}, ${input.reason}, ${input.requestKey}, ${now}
        FROM submissions s JOIN tasks t ON t.id = s.task_id
        WHERE s.id = ${input.submissionId} AND s.buyer_id = ${buyer.id} AND s.worker_id = ${read.workerId}
          AND s.status IN ('pending', 'approved', 'rejected') AND t.task_title = ${read.taskTitle}`,
    )
    .step("charge", ...posting({ id: newId(), userId: buyer.id, delta: -input.coins, ...refs }))
    .step("pay", ...posting({ id: newId(), userId: read.workerId, delta: input.coins, ...refs }))
    .step(
      "notify worker",
      notification({
        id: newId(),
        userId: read.workerId,
        message: notice("bonus.received", {
          buyer: buyer.name,
          coins: input.coins,
          title: read.taskTitle,
          reason: input.reason,
        }),
        actionRoute: NOTIFICATION_LINKS.submissionDecided,
        now,
        when: made,
      }),
    )
    // a broken constraint: the same key raced this request (answer its bonus), or the balance was spent or a debt
    // appeared meanwhile
    .run({
      refusal: async () => {
        const raced = await bonusByKey(env, buyer.id, input.requestKey);
        if (raced) return new RacedBonus(raced);
        return spendRefusal(env, buyer.id, async () => insufficientCoins(input.coins - (await coinsOf(env, buyer.id))));
      },
    })
    .catch((e: unknown) => {
      if (e instanceof RacedBonus) return e;
      throw e;
    });
  if (done instanceof RacedBonus) return replayed(done.bonus, input);
  if (done.changes("bonus") === 0)
    throw conflict("The submission or its task changed meanwhile. Reload and try again.");
  const [bonus] = await selectBonuses(db).where(eq(bonuses.id, id));
  return { bonus: bonus!, created: true };
}

/** Not an error the caller sees: the batch lost to the same request key, whose bonus is the answer. */
class RacedBonus extends AppError {
  constructor(readonly bonus: BonusView) {
    super("conflict", KEY_REUSED);
  }
}

/** The bonuses a buyer paid, or a worker received, newest first (of one submission, or of one task's). */
export function listBonuses(
  env: Env,
  user: SessionUser,
  opts: PageRequest & { submissionId?: string; taskId?: string } = {},
) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const mine = and(
    user.role === "Buyer" ? eq(bonuses.buyerId, user.id) : eq(bonuses.workerId, user.id),
    opts.submissionId ? eq(bonuses.submissionId, opts.submissionId) : undefined,
    opts.taskId
      ? inArray(
          bonuses.submissionId,
          db.select({ id: submissions.id }).from(submissions).where(eq(submissions.taskId, opts.taskId)),
        )
      : undefined,
  );
  return fetchPage(
    w,
    selectBonuses(db).where(mine).orderBy(desc(bonuses.createdAt)).limit(w.limit).offset(w.offset),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(bonuses)
      .where(mine),
  );
}

/** The bonuses on these submissions that this user paid (buyer) or received (worker), oldest first. */
export async function bonusesOn(env: Env, user: SessionUser, submissionIds: string[]): Promise<BonusView[]> {
  if (!submissionIds.length) return [];
  const party = user.role === "Buyer" ? eq(bonuses.buyerId, user.id) : eq(bonuses.workerId, user.id);
  return selectBonuses(getDb(env))
    .where(and(inArray(bonuses.submissionId, submissionIds.slice(0, 90)), party))
    .orderBy(bonuses.createdAt);
}

/** A bonus as a list row shows it beside its submission. */
export interface PaidBonus {
  id: string;
  coins: number;
  reason: string;
  createdAt: number;
}

/**
 * The bonuses this buyer paid on the outer row's submission, oldest first, as a column of a list's own statement
 * (listBuyerSubmissions' extra columns): one seek of the submission's index, no second step.
 */
export function bonusesPaidColumn(buyerId: string) {
  return jsonColumn<PaidBonus[]>(sql`(SELECT json_group_array(json_object('id', b.id, 'coins', b.coins,
      'reason', b.reason, 'createdAt', b.created_at)) FROM (SELECT * FROM ${bonuses} b
      WHERE b.submission_id = ${outerColumn(submissions.id)} AND b.buyer_id = ${buyerId} ORDER BY b.created_at) b)`);
}
