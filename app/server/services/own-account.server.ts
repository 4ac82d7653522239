// Your data, your account (docs/product/your-data.md): every user downloads what Coinwork holds about them, as JSON,
// and can close their account. Closing ends sign-in for good and anonymises the person (name, e-mail, photo); the
// ledger and the money history stay, so the coins still add up (docs/product/coins.md).
import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { coinLedger, notifications, orders, submissions, tasks, users, withdrawals } from "../db/schema";
import { AppError } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { ALL_LINKS, retireLinks } from "./email-links.server";
import { checkCurrentPassword } from "./passwords.server";
import { rateLimit } from "./rate-limit.server";
import { qualificationsForExport } from "./qualifications.server";
import { endAccount, liveUser, refusedChange } from "./users.server";
import { closedNotice } from "./tasks.server";
import { forgetAlerts } from "./alerts.server";
import { MIN_WITHDRAWAL_COINS } from "~/lib/coins";
import type { CloseAccountInput } from "~/lib/schemas/auth";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * What Coinwork holds about the user, as one JSON document: the profile, their tasks, the submissions they made or
 * received, withdrawals, coin orders, every ledger posting, their notifications and the qualifications they hold or
 * defined (times in ISO 8601). docs/product/your-data.md lists the parts (a test holds it to them), where another
 * person shows in them (by name only in the notifications), and what is not in it yet.
 * At most 5 downloads an hour: it reads every row of the account.
 */
export async function exportAccountData(env: Env, user: SessionUser) {
  await rateLimit(env, `export:${user.id}`, 5, 3600);
  const db = getDb(env);
  const [row, taskRows, submissionRows, withdrawalRows, orderRows, ledgerRows, notificationRows, quals] =
    await Promise.all([
      liveUser(env, user.id),
      db.select().from(tasks).where(eq(tasks.buyerId, user.id)).orderBy(desc(tasks.createdAt)),
      db
        .select()
        .from(submissions)
        .where(or(eq(submissions.workerId, user.id), eq(submissions.buyerId, user.id)))
        .orderBy(desc(submissions.createdAt)),
      db.select().from(withdrawals).where(eq(withdrawals.workerId, user.id)).orderBy(desc(withdrawals.createdAt)),
      db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(desc(orders.createdAt)),
      db.select().from(coinLedger).where(eq(coinLedger.userId, user.id)).orderBy(desc(coinLedger.createdAt)),
      db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.createdAt)),
      qualificationsForExport(env, user.id),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerifiedAt !== null,
      role: row.role,
      coins: row.coin,
      coinsOwed: row.debtCoins,
      photo: row.photo,
      country: row.country,
      signInWithPassword: row.passwordHash !== null,
      createdAt: iso(row.createdAt),
    },
    tasks: taskRows.map((t) => ({
      id: t.id,
      title: t.taskTitle,
      detail: t.taskDetail,
      image: t.taskImageUrl,
      category: t.category,
      openSlots: t.requiredWorkers,
      payPerWorker: t.payableAmount,
      completionDate: t.completionDate,
      submissionInfo: t.submissionInfo,
      createdAt: iso(t.createdAt),
      deletedAt: iso(t.deletedAt),
    })),
    submissions: submissionRows.map((s) => ({
      id: s.id,
      // made by the user (a worker's own work) or received on their task (a buyer's)
      as: s.workerId === user.id ? "worker" : "buyer",
      taskId: s.taskId,
      pay: s.payableAmount,
      details: s.submissionDetails,
      image: s.submissionImageUrl,
      status: s.status,
      rejectReason: s.rejectReason,
      createdAt: iso(s.createdAt),
      editedAt: iso(s.editedAt),
      reviewedAt: iso(s.reviewedAt),
    })),
    withdrawals: withdrawalRows.map((w) => ({
      id: w.id,
      coins: w.withdrawalCoin,
      dollars: w.withdrawalCents / 100,
      paymentSystem: w.paymentSystem,
      accountNumber: w.accountNumber,
      bankName: w.bankName,
      bankBranch: w.bankBranch,
      status: w.status,
      decisionReason: w.decisionReason,
      createdAt: iso(w.createdAt),
      decidedAt: iso(w.decidedAt),
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      coins: o.coins,
      dollars: o.priceCents / 100,
      paymentId: o.paymentId,
      provider: o.provider,
      createdAt: iso(o.createdAt),
    })),
    ledger: ledgerRows.map((l) => ({
      id: l.id,
      coins: l.delta,
      kind: l.kind,
      taskId: l.taskId,
      submissionId: l.submissionId,
      withdrawalId: l.withdrawalId,
      orderId: l.orderId,
      note: l.note,
      createdAt: iso(l.createdAt),
    })),
    notifications: notificationRows.map((n) => ({
      id: n.id,
      message: n.message,
      link: n.actionRoute,
      read: n.readAt !== null,
      createdAt: iso(n.createdAt),
    })),
    // a worker's: what they hold and with which score; a buyer's: what they defined (the tests' keys stay out)
    qualificationsHeld: quals.held.map((g) => ({
      qualificationId: g.qualificationId,
      name: g.qualificationName,
      score: g.score,
      source: g.source,
      grantedAt: iso(g.grantedAt),
    })),
    qualificationsDefined: quals.defined.map((q) => ({ ...q, createdAt: iso(q.createdAt) })),
  };
}

export type AccountData = Awaited<ReturnType<typeof exportAccountData>>;

export const REVIEWS_BLOCK_CLOSING =
  "Submissions are waiting for your review. Review them before closing your account: their workers are waiting to be paid.";
export const LAST_ADMIN_CANNOT_CLOSE =
  "You are the last admin: make someone else an admin before closing your account.";
export const CONFIRM_WITH_EMAIL = "Type your email address to confirm.";
/** The name a closed account shows wherever its history appears (a task, a withdrawal in the admins' lists). */
export const CLOSED_ACCOUNT_NAME = "Closed account";

/** What closing the account would do, for the page that asks to confirm it. */
export interface ClosingPreview {
  role: SessionUser["role"];
  /** the balance, which is lost (buyers cannot withdraw; a worker can first, from MIN_WITHDRAWAL_COINS) */
  coins: number;
  canWithdrawFirst: boolean;
  /** live tasks, closed; their escrowed coins come back to the balance, and are lost with it */
  openTasks: number;
  escrow: number;
  /** submissions waiting for the user's review: closing is refused until they are reviewed */
  pendingReviews: number;
  /** the user's own work waiting for review: it stays with its buyers (pay for it is lost) */
  pendingSubmissions: number;
  /** withdrawal requests still waiting: they stay with the admins */
  pendingWithdrawals: number;
  pendingWithdrawalCents: number;
  lastAdmin: boolean;
  /** the account has a password (asked to confirm); otherwise its e-mail address is typed */
  hasPassword: boolean;
  /** why closing is refused now, if it is */
  blocker: string | null;
}

export async function closingPreview(env: Env, user: SessionUser): Promise<ClosingPreview> {
  const db = getDb(env);
  const [row, open, reviews, own, held, otherAdmin] = await Promise.all([
    liveUser(env, user.id),
    db
      .select({ n: sql<number>`COUNT(*)`, escrow: sql<number>`COALESCE(SUM(required_workers * payable_amount), 0)` })
      .from(tasks)
      .where(and(eq(tasks.buyerId, user.id), isNull(tasks.deletedAt))),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(submissions)
      .where(and(eq(submissions.buyerId, user.id), eq(submissions.status, "pending"))),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(submissions)
      .where(and(eq(submissions.workerId, user.id), eq(submissions.status, "pending"))),
    db
      .select({ n: sql<number>`COUNT(*)`, cents: sql<number>`COALESCE(SUM(withdrawal_cents), 0)` })
      .from(withdrawals)
      .where(and(eq(withdrawals.workerId, user.id), eq(withdrawals.status, "pending"))),
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "Admin"), isNull(users.disabledAt), ne(users.id, user.id)))
      .limit(1),
  ]);
  const lastAdmin = row.role === "Admin" && otherAdmin.length === 0;
  const pendingReviews = reviews[0].n;
  return {
    role: row.role,
    coins: row.coin,
    canWithdrawFirst: row.role === "Worker" && row.coin >= MIN_WITHDRAWAL_COINS,
    openTasks: open[0].n,
    escrow: open[0].escrow,
    pendingReviews,
    pendingSubmissions: own[0].n,
    pendingWithdrawals: held[0].n,
    pendingWithdrawalCents: held[0].cents,
    lastAdmin,
    hasPassword: row.passwordHash !== null,
    blocker: pendingReviews > 0 ? REVIEWS_BLOCK_CLOSING : lastAdmin ? LAST_ADMIN_CANNOT_CLOSE : null,
  };
}

/**
 * Closes the caller's account, after their current password (or, without one, their e-mail address typed out):
 * sign-in ends for good (sessions, e-mailed links, the sign-in records go), the name, e-mail and photo are
 * replaced, and the account is disabled like a removed one (users.server.ts endAccount): its open tasks are closed
 * and refunded to its balance, which stays with the closed account, as its ledger does. Refused while submissions
 * wait for the caller's review, and for the last admin.
 */
export async function closeAccount(env: Env, user: SessionUser, input: CloseAccountInput): Promise<void> {
  const row = await liveUser(env, user.id);
  if (row.passwordHash !== null) await checkCurrentPassword(env, row, input.currentPassword ?? "");
  else if ((input.confirmEmail ?? "").trim().toLowerCase() !== row.email) {
    throw new AppError("validation_failed", CONFIRM_WITH_EMAIL, { confirmEmail: [CONFIRM_WITH_EMAIL] });
  }
  const noReviewsPending = sql`NOT EXISTS (SELECT 1 FROM submissions WHERE buyer_id = ${row.id} AND status = 'pending')`;
  const ended = await endAccount(env, row, {
    actorId: row.id,
    action: "user.close",
    // the detail names no one: the account is anonymised by the same batch
    detail: (n) => `closed by its owner (${row.role}), ${n} open task(s) closed`,
    taskNote: "owner closed the account",
    taskNotice: closedNotice,
    guard: noReviewsPending,
    set: sql`name = ${CLOSED_ACCOUNT_NAME}, email = ${`closed-${row.id}@closed.invalid`}, photo = NULL,
      country = NULL, password_hash = NULL, password_meets_rule = NULL`,
    more(batch, audited) {
      const now = Date.now();
      batch
        .step("retire links", retireLinks(row.id, ALL_LINKS, now, { when: audited }))
        .step("forget addresses", sql`DELETE FROM login_addresses WHERE user_id = ${row.id} AND ${audited}`)
        .step("forget failures", sql`DELETE FROM login_failures WHERE account = ${row.email} AND ${audited}`)
        .step("forget alerts", ...forgetAlerts(row.id, audited));
    },
  });
  if (ended) return;
  const { blocker } = await closingPreview(env, user);
  throw blocker ? new AppError("conflict", blocker) : await refusedChange(env, row);
}
