// Withdrawals: the requested coins are held at once (the balance drops, so requests cannot exceed it);
// an admin's approval pays them out, a rejection returns them, and so does the worker's own cancel while the request
// is pending. Each step is one D1 batch.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { fetchPage, pageWindow } from "../db/paging";
import { users, withdrawals } from "../db/schema";
import { outerColumn } from "../db/sql";
import { AppError, conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { audit, coinsOf, notice, notification, posting, type NoticeWords } from "./ledger.server";
import { refuseWhileOwing, spendRefusal } from "./debts.server";
import { formatsOf } from "~/lib/i18n/format";
import type { Language } from "~/lib/i18n/languages";
import { MIN_WITHDRAWAL_COINS, withdrawalCents, type PaymentSystem } from "~/lib/coins";
import { formatDollars } from "~/lib/format";
import { accountProblem, bankBranchRequired, bankNameRequired } from "~/lib/payouts";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { requireVerifiedEmail } from "../auth/guards.server";
import { overBalanceMessage } from "~/lib/schemas/withdrawal";

export const BELOW_MINIMUM = `The minimum withdrawal is ${MIN_WITHDRAWAL_COINS} coins.`;
export const ALREADY_DECIDED = "This withdrawal request has already been decided.";
export const NOT_YOURS = "Only the worker who asked for this withdrawal can cancel it.";

export interface WithdrawalRequest {
  withdrawal_coin: number;
  payment_system: PaymentSystem;
  account_number: string;
  /** Bank only: the bank, and its branch or routing number */
  bank_name?: string | null;
  bank_branch?: string | null;
}

/** The payout details as the schema checks them (lib/payouts.ts), again here for callers that skip the schema. */
function assertPayoutDetails(input: WithdrawalRequest) {
  const bank = input.payment_system === "Bank";
  const fields: Record<string, string[]> = {};
  const account = accountProblem(input.payment_system, input.account_number);
  if (account) fields.account_number = [account];
  if (bank && !input.bank_name?.trim()) fields.bank_name = [bankNameRequired];
  if (bank && !input.bank_branch?.trim()) fields.bank_branch = [bankBranchRequired];
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new AppError("validation_failed", first, fields);
}

function overBalance(balance: number) {
  return new AppError(
    "insufficient_coins",
    overBalanceMessage(balance),
    { withdrawal_coin: [overBalanceMessage(balance)] },
    { missing: 0 },
  );
}

/**
 * Refuses what the request would be refused for now (the role, the address, the minimum, the payout details, coins
 * owed, the balance): the Withdrawals page asks this before its confirmation, so the worker confirms what can go
 * through. The batch's constraints stay the final guard.
 */
export async function assertCanWithdraw(env: Env, worker: SessionUser, input: WithdrawalRequest) {
  if (worker.role !== "Worker") throw forbidden("Only workers can withdraw coins");
  requireVerifiedEmail(worker);
  if (input.withdrawal_coin < MIN_WITHDRAWAL_COINS) {
    throw new AppError("validation_failed", BELOW_MINIMUM, { withdrawal_coin: [BELOW_MINIMUM] }).saying(
      "withdraw.belowMinimum",
      { min: MIN_WITHDRAWAL_COINS },
    );
  }
  assertPayoutDetails(input);
  // Coins owed (a reversed card payment) block every spend; the debt trigger on coin_ledger is the final guard.
  await refuseWhileOwing(env, worker.id);
  const balance = await coinsOf(env, worker.id);
  if (input.withdrawal_coin > balance) throw overBalance(balance);
}

export async function requestWithdrawal(env: Env, worker: SessionUser, input: WithdrawalRequest) {
  await assertCanWithdraw(env, worker, input);
  const db = getDb(env);
  const id = newId();
  const now = Date.now();
  await newBatch(env)
    .step(
      "request",
      db.insert(withdrawals).values({
        id,
        workerId: worker.id,
        withdrawalCoin: input.withdrawal_coin,
        withdrawalCents: withdrawalCents(input.withdrawal_coin),
        paymentSystem: input.payment_system,
        accountNumber: input.account_number,
        bankName: input.payment_system === "Bank" ? input.bank_name?.trim() : null,
        bankBranch: input.payment_system === "Bank" ? input.bank_branch?.trim() : null,
        createdAt: now,
      }),
    )
    .step(
      "hold",
      ...posting({
        id: newId(),
        userId: worker.id,
        delta: -input.withdrawal_coin,
        kind: "withdrawal_hold",
        withdrawalId: id,
        now,
      }),
    )
    // CHECK (coin >= 0): the balance was spent by a concurrent request; or a debt appeared meanwhile.
    .run({ refusal: () => spendRefusal(env, worker.id, async () => overBalance(await coinsOf(env, worker.id))) });
  return (await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1))[0]!;
}

/**
 * The guard of a decision's steps: the request is still pending when the batch runs. Its worker and coins, which
 * the texts and the release state, are fixed when the request is made.
 */
const stillPending = (id: string) => sql`EXISTS (SELECT 1 FROM withdrawals WHERE id = ${id} AND status = 'pending')`;

async function loadRequest(env: Env, id: string) {
  const row = (await getDb(env).select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1))[0];
  if (!row) throw notFound("Withdrawal request not found");
  return row;
}

interface Decision {
  status: "approved" | "rejected";
  reason?: string;
  /** an approval's payout reference (the transaction ID of the payment made) */
  reference?: string;
  /** the audit detail and the worker's notice, from the request as read (its coins and their dollars) */
  texts: (coins: number, dollars: string) => { detail: string; notice: NoticeWords };
}

/**
 * An admin's decision, in one batch: the audit row, the worker's notice, a rejection's release of the held coins,
 * then the status change, last because every other step holds only while the request is pending.
 */
async function decide(env: Env, admin: SessionUser, id: string, d: Decision) {
  const w = await loadRequest(env, id);
  const now = Date.now();
  const when = stillPending(id);
  const { detail, notice: words } = d.texts(w.withdrawalCoin, formatDollars(withdrawalCents(w.withdrawalCoin)));
  const batch = newBatch(env)
    .step(
      "audit",
      audit({
        id: newId(),
        actorId: admin.id,
        action: d.status === "approved" ? "withdrawal.approve" : "withdrawal.reject",
        targetType: "withdrawal",
        targetId: id,
        detail,
        reason: d.reason,
        now,
        when,
      }),
    )
    .step(
      "notify worker",
      notification({
        id: newId(),
        userId: w.workerId,
        message: words,
        actionRoute: NOTIFICATION_LINKS.withdrawalDecided,
        now,
        when,
      }),
    );
  if (d.status === "rejected") {
    batch.step(
      "release",
      ...posting({
        id: newId(),
        userId: w.workerId,
        delta: w.withdrawalCoin,
        kind: "withdrawal_release",
        withdrawalId: id,
        now,
        when,
      }),
    );
  }
  const done = await batch
    .step(
      "decide",
      sql`UPDATE withdrawals SET status = ${d.status}, decision_reason = ${d.reason || null},
        payout_reference = ${d.reference || null}, decided_by = ${admin.id}, decided_at = ${now} WHERE id = ${id} AND ${when}`,
    )
    .run();
  if (done.changes("decide") === 0) throw conflict(ALREADY_DECIDED);
  return { modifiedCount: 1 };
}

/**
 * Admin approval completes the payout: the held coins leave the economy as money, in one batch. The reference is the
 * payment's own (a Bkash, Nagad or Rocket transaction ID, a bank reference), which the worker is shown: the Admin
 * Home page asks for it; the REST API takes it when given (its original client sends none).
 */
export async function approveWithdrawal(env: Env, admin: SessionUser, id: string, reference?: string) {
  if (admin.role !== "Admin") throw forbidden("Only admins can approve withdrawals");
  const ref = reference?.trim() || undefined;
  return decide(env, admin, id, {
    status: "approved",
    reference: ref,
    texts: (coins, dollars) => ({
      detail: `${coins} coins (${dollars})${ref ? `, reference ${ref}` : ""}`,
      notice: notice(ref ? "withdrawal.approvedWithReference" : "withdrawal.approved", (language) => ({
        dollars: dollarsIn(language, coins),
        reference: ref ?? "",
      })),
    }),
  });
}

/** A withdrawal's dollars in a language. */
const dollarsIn = (language: Language, coins: number) => formatsOf(language).dollars(withdrawalCents(coins));

/** Admin rejection returns the held coins to the worker. */
export async function rejectWithdrawal(env: Env, admin: SessionUser, id: string, reason: string) {
  if (admin.role !== "Admin") throw forbidden("Only admins can reject withdrawals");
  return decide(env, admin, id, {
    status: "rejected",
    reason,
    texts: (coins) => ({
      detail: `${coins} coins`,
      notice: notice(reason ? "withdrawal.rejectedWithReason" : "withdrawal.rejected", (language) => ({
        dollars: dollarsIn(language, coins),
        reason,
        coins,
      })),
    }),
  });
}

/**
 * The worker takes back a pending request: the held coins return to their balance and the request is 'cancelled',
 * in one batch. The release comes first (it holds only while the request is pending and theirs), then the status
 * change; an admin's decision racing it finds the request no longer pending, and the release is UNIQUE per request.
 */
export async function cancelWithdrawal(env: Env, worker: SessionUser, id: string) {
  const w = await loadRequest(env, id);
  if (w.workerId !== worker.id) throw forbidden(NOT_YOURS);
  if (w.status !== "pending") throw conflict(ALREADY_DECIDED);
  const now = Date.now();
  const when = sql`${stillPending(id)} AND EXISTS (SELECT 1 FROM withdrawals WHERE id = ${id} AND worker_id = ${worker.id})`;
  const done = await newBatch(env)
    .step(
      "release",
      ...posting({
        id: newId(),
        userId: worker.id,
        delta: w.withdrawalCoin,
        kind: "withdrawal_release",
        withdrawalId: id,
        note: "cancelled by the worker",
        now,
        when,
      }),
    )
    .step(
      "cancel",
      sql`UPDATE withdrawals SET status = 'cancelled', decided_by = ${worker.id}, decided_at = ${now} WHERE id = ${id} AND ${when}`,
    )
    .run({ refusal: () => conflict(ALREADY_DECIDED), constraint: "coin_ledger" });
  if (done.changes("cancel") === 0) throw conflict(ALREADY_DECIDED);
  return { coins: w.withdrawalCoin, cents: w.withdrawalCents };
}

/** Where the worker's last request sent the money, to offer it again; null before their first request. */
export async function lastPayoutDetails(env: Env, workerId: string) {
  const [row] = await getDb(env)
    .select({
      paymentSystem: withdrawals.paymentSystem,
      accountNumber: withdrawals.accountNumber,
      bankName: withdrawals.bankName,
      bankBranch: withdrawals.bankBranch,
    })
    .from(withdrawals)
    .where(eq(withdrawals.workerId, workerId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(1);
  return row ?? null;
}

const withdrawalColumns = { withdrawal: withdrawals, workerName: users.name, workerEmail: users.email };

const workerOfRow = outerColumn(withdrawals.workerId);
/**
 * What an admin weighs before paying a worker out: how many buyers block them, how many of their proofs' images and
 * texts were flagged as copies, and when the account was made. Primary-key or partial-index reads per row of a page.
 */
const riskColumns = {
  blockedBy: sql<number>`COALESCE((SELECT buyers FROM worker_block_counts WHERE worker_id = ${workerOfRow}), 0)`,
  // image and text flags (copied-proof.server.ts), each a range of its partial index as long as the worker's flags
  copyFlags: sql<number>`(SELECT COUNT(*) FROM proof_images INDEXED BY proof_images_worker_copies_idx
      WHERE worker_id = ${workerOfRow} AND copy_of IS NOT NULL)
    + (SELECT COUNT(*) FROM proof_texts INDEXED BY proof_texts_worker_copies_idx
      WHERE worker_id = ${workerOfRow} AND copy_of IS NOT NULL)`,
  joinedAt: users.createdAt,
};
export interface RiskSignals {
  blockedBy: number;
  copyFlags: number;
  joinedAt: number;
}

export async function listWithdrawals(
  env: Env,
  opts: {
    workerId?: string;
    status?: "pending" | "approved" | "rejected" | "cancelled";
    /** the admins' queue: oldest first (with status pending, walks withdrawals_pending_queue_idx, migrations/0031) */
    oldestFirst?: boolean;
    /** each row with its worker's risk signals (the admins' queue) */
    withRisk?: boolean;
    page?: number;
    limit?: number;
  } = {},
) {
  const db = getDb(env);
  const w = pageWindow(opts, 20);
  const where = and(
    opts.workerId ? eq(withdrawals.workerId, opts.workerId) : undefined,
    opts.status ? eq(withdrawals.status, opts.status) : undefined,
  );
  const page = await fetchPage(
    w,
    db
      .select({ ...withdrawalColumns, ...(opts.withRisk ? riskColumns : {}) })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.workerId))
      .where(where)
      .orderBy(
        ...(opts.oldestFirst ? [asc(withdrawals.createdAt), asc(withdrawals.id)] : [desc(withdrawals.createdAt)]),
      )
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(withdrawals).where(where),
  );
  return {
    ...page,
    items: page.items.map((r) => ({
      ...r.withdrawal,
      workerName: r.workerName,
      workerEmail: r.workerEmail,
      risk: "joinedAt" in r ? (r as RiskSignals) : null,
    })),
  };
}
export type WithdrawalView = Awaited<ReturnType<typeof listWithdrawals>>["items"][number];
