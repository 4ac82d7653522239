// Admin work on users: role changes, removal (disable + refund open tasks, as closing one's own account does), and
// recorded coin adjustments.
import { forgetPushSubscriptions } from "./push.server";
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch, type Batch } from "../db/batch.server";
import { fetchPage, pageWindow } from "../db/paging";
import { containsText } from "../db/search";
import { tasks, totals, userSummaryColumns, users, workerBlockCounts } from "../db/schema";
import { AppError, conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import {
  audit,
  CHANGED_MEANWHILE,
  coinsOf,
  exists,
  notice,
  notification,
  posting,
  type NoticeWords,
} from "./ledger.server";
import { addTaskClosure, closedNotice, holdEndedNotice } from "./tasks.server";
import { revokeRequesterKeys } from "./key-revocation.server";
import type { Role } from "~/lib/roles";
import { formatCoins } from "~/lib/format";

export const NOT_SELF = "Admins cannot change or remove their own account.";
export const LAST_ADMIN = "The last admin cannot be demoted or removed.";

export function requireAdmin(actor: SessionUser) {
  if (actor.role !== "Admin") throw forbidden("Only admins can do this");
}

/** The user row of a live (not removed or closed) account, or 404. */
export async function liveUser(env: Env, id: string) {
  const row = (
    await getDb(env)
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.disabledAt)))
      .limit(1)
  )[0];
  if (!row) throw notFound("User not found");
  return row;
}

export async function findUserByEmail(env: Env, email: string) {
  const row = (
    await getDb(env)
      .select()
      .from(users)
      .where(and(eq(users.email, email.toLowerCase()), isNull(users.disabledAt)))
      .limit(1)
  )[0];
  return row ?? null;
}

/** More than one live admin besides the change (so the last admin stays). */
const otherAdminsRemain = (id: string) =>
  sql`(SELECT COUNT(*) FROM users WHERE role = 'Admin' AND disabled_at IS NULL AND id <> ${id}) > 0`;

/**
 * The guard of a role change or removal: the user is live with the role read (the audit detail states it), and is
 * not the last live admin.
 */
const changeable = (user: { id: string; role: Role }) =>
  sql`EXISTS (SELECT 1 FROM users WHERE id = ${user.id} AND disabled_at IS NULL AND role = ${user.role}
    AND (role <> 'Admin' OR ${otherAdminsRemain(user.id)}))`;

/** Why a change guarded by `changeable` (and what the read saw) changed nothing. */
export async function refusedChange(env: Env, read: { id: string; role: Role }) {
  const user = await liveUser(env, read.id);
  const others = await getDb(env).get<{ remain: number }>(sql`SELECT ${otherAdminsRemain(read.id)} AS remain`);
  return conflict(user.role === "Admin" && !others?.remain ? LAST_ADMIN : CHANGED_MEANWHILE);
}

export async function changeRole(env: Env, admin: SessionUser, userId: string, role: Role) {
  requireAdmin(admin);
  if (userId === admin.id) throw forbidden(NOT_SELF);
  const target = await liveUser(env, userId);
  if (target.role === role) return { modifiedCount: 0 };
  const now = Date.now();
  const when = changeable(target);
  const batch = newBatch(env);
  // a requester key works for a Buyer only: moving away from Buyer revokes them (before the change, on the same guard)
  if (target.role === "Buyer") batch.step("revoke keys", revokeRequesterKeys(userId, now, when));
  const done = await batch
    .step(
      "audit",
      audit({
        id: newId(),
        actorId: admin.id,
        action: "user.role",
        targetType: "user",
        targetId: userId,
        detail: `${target.email}: ${target.role} -> ${role}`,
        now,
        when,
      }),
    )
    .step("change role", sql`UPDATE users SET role = ${role} WHERE id = ${userId} AND ${when}`)
    .run();
  if (done.changes("change role") === 0) throw await refusedChange(env, target);
  return { modifiedCount: 1 };
}

/** True while this user's open tasks are exactly these, with these titles (one bound JSON text, however many). */
function openTasksAre(userId: string, open: { id: string; title: string }[]): SQL {
  const read = JSON.stringify(open.map((t) => [t.id, t.title]));
  return sql`(SELECT COUNT(*) FROM tasks WHERE buyer_id = ${userId} AND deleted_at IS NULL) = ${open.length}
    AND NOT EXISTS (SELECT 1 FROM json_each(${read}) AS r WHERE NOT EXISTS (SELECT 1 FROM tasks t
      WHERE t.id = json_extract(r.value, '$[0]') AND t.task_title = json_extract(r.value, '$[1]')
        AND t.buyer_id = ${userId} AND t.deleted_at IS NULL))`;
}

function openTasksOf(env: Env, userId: string) {
  return getDb(env)
    .select({ id: tasks.id, title: tasks.taskTitle })
    .from(tasks)
    .where(and(eq(tasks.buyerId, userId), isNull(tasks.deletedAt)));
}

/** How an account ends: removed by an admin, or closed by its owner (services/own-account.server.ts). */
export interface AccountEnd {
  actorId: string;
  action: "user.remove" | "user.close";
  /** the audit row's detail, given how many open tasks are closed */
  detail: (openTasks: number) => string;
  reason?: string;
  /** the refunds' ledger note, and what a worker whose pending submission is cancelled is told */
  taskNote: string;
  taskNotice: (title: string) => NoticeWords;
  /** a condition of its own besides the account and its open tasks being as read */
  guard?: SQL;
  /** the user row's change besides the end of sign-in (closing anonymises it) */
  set?: SQL;
  /** more steps, each held by `audited` (closing: e-mailed links, sign-in records) */
  more?: (batch: Batch, audited: SQL) => void;
}

/**
 * The end of an account, in one batch: it is disabled (no sign-in, hidden from lists, sessions and requester keys
 * ended) and keeps its ledger history; its open tasks are closed, their open slots and pending submissions refunded to it (the tasks
 * service's closure), those workers notified. Returns whether it happened: false when the account, its role or
 * its open tasks changed meanwhile, it is the last admin, or `guard` failed.
 */
export async function endAccount(env: Env, target: { id: string; email: string; role: Role }, end: AccountEnd) {
  const now = Date.now();
  const openTasks = await openTasksOf(env, target.id);
  // The audit row is written only while the user and their open tasks are as read (its detail counts the tasks,
  // the workers' notices name them); every other step hinges on that row, so a stale read changes nothing and a
  // task posted meanwhile is not left open under a disabled owner.
  const auditId = newId();
  const audited = exists("audit_log", auditId);
  const batch = newBatch(env).step(
    "audit",
    audit({
      id: auditId,
      actorId: end.actorId,
      action: end.action,
      targetType: "user",
      targetId: target.id,
      detail: end.detail(openTasks.length),
      reason: end.reason,
      now,
      when: sql`${changeable(target)} AND ${openTasksAre(target.id, openTasks)} AND (${end.guard ?? sql`1`})`,
    }),
  );
  for (const t of openTasks) {
    addTaskClosure(
      batch,
      {
        task: { id: t.id, buyerId: target.id },
        note: end.taskNote,
        notice: end.taskNotice(t.title),
        holdNotice: holdEndedNotice(t.title),
        now,
        when: audited,
      },
      `task ${t.id}: `,
    );
  }
  end.more?.(batch, audited);
  const done = await batch
    .step("revoke keys", revokeRequesterKeys(target.id, now, audited))
    .step("forget push", forgetPushSubscriptions(target.id, audited))
    .step(
      "disable",
      sql`UPDATE users SET ${end.set ? sql`${end.set}, ` : sql``}disabled_at = ${now},
        session_version = session_version + 1 WHERE id = ${target.id} AND ${audited}`,
    )
    .run();
  return done.changes("disable") > 0;
}

/** Admin removal: the account ends (endAccount); its open tasks are closed and refunded. */
export async function removeUser(env: Env, admin: SessionUser, userId: string, reason?: string) {
  requireAdmin(admin);
  if (userId === admin.id) throw forbidden(NOT_SELF);
  const target = await liveUser(env, userId);
  const ended = await endAccount(env, target, {
    actorId: admin.id,
    action: "user.remove",
    detail: (n) => `${target.email} (${target.role}), ${n} open task(s) closed`,
    reason,
    taskNote: "owner removed",
    taskNotice: closedNotice,
  });
  if (!ended) throw await refusedChange(env, target);
  return { deletedCount: 1 };
}

/** The only way coins are added or taken by hand: an admin, a reason, never their own account. */
export async function adjustCoins(env: Env, admin: SessionUser, userId: string, addcoin: number, reason: string) {
  requireAdmin(admin);
  if (userId === admin.id) throw forbidden("Nobody can move coins into or out of their own account.");
  if (!Number.isInteger(addcoin) || addcoin === 0)
    throw new AppError("validation_failed", "addcoin must be a non-zero whole number");
  const target = await liveUser(env, userId);
  const now = Date.now();
  // The texts state only the admin's own figure and the user's e-mail, which never changes.
  await newBatch(env)
    .step(
      "audit",
      audit({
        id: newId(),
        actorId: admin.id,
        action: "coins.adjust",
        targetType: "user",
        targetId: userId,
        detail: `${addcoin > 0 ? "+" : ""}${addcoin} coins to ${target.email}`,
        reason,
        now,
      }),
    )
    .step("adjust", ...posting({ id: newId(), userId, delta: addcoin, kind: "admin_adjustment", note: reason, now }))
    .step(
      "notify user",
      notification({
        id: newId(),
        userId,
        message: notice(addcoin > 0 ? "coins.added" : "coins.deducted", { coins: Math.abs(addcoin) }),
        now,
      }),
    )
    // CHECK (coin >= 0): the deduction is more than the balance.
    .run({
      refusal: async () => {
        const count = await coinsOf(env, userId);
        return conflict(`${target.name} has only ${formatCoins(count)}.`).saying("coins.adjustOnlyHas", {
          name: target.name,
          count,
        });
      },
    });
  return { modifiedCount: 1 };
}

/** A page of live users, newest first, as Manage Users and GET /users3 show them: who they are, how many block them. */
export async function listUsers(env: Env, opts: { q?: string; role?: Role; page?: number; limit?: number } = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const where = and(
    isNull(users.disabledAt),
    opts.role ? eq(users.role, opts.role) : undefined,
    opts.q ? or(containsText(users.name, opts.q), containsText(users.email, opts.q)) : undefined,
  );
  // how many buyers block each worker (kept by triggers, migrations/0040): a primary-key read per row of the page
  const columns = {
    ...userSummaryColumns,
    blockedBy: sql<number>`COALESCE(${workerBlockCounts.buyers}, 0)`,
  };
  return fetchPage(
    w,
    db
      .select(columns)
      .from(users)
      .leftJoin(workerBlockCounts, eq(workerBlockCounts.workerId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(users).where(where),
  );
}

/** Admin home cards: buyers, workers, coins in balances, dollars received from purchases (running totals). */
export async function adminStats(env: Env) {
  const rows = await getDb(env)
    .select({ name: totals.name, value: totals.value })
    .from(totals)
    .where(inArray(totals.name, ["active_buyers", "active_workers", "balances", "order_cents"]));
  const t = new Map(rows.map((r) => [r.name, Number(r.value)]));
  return {
    buyers: t.get("active_buyers") ?? 0,
    workers: t.get("active_workers") ?? 0,
    coins: t.get("balances") ?? 0,
    cents: t.get("order_cents") ?? 0,
  };
}

/** PATCH /users and /users1 { email, addcoin, reason }: adjustCoins for the live user with that e-mail. */
export async function adjustCoinsByEmail(env: Env, admin: SessionUser, email: string, addcoin: number, reason: string) {
  requireAdmin(admin);
  const target = await findUserByEmail(env, email);
  if (!target) throw notFound("User not found");
  return adjustCoins(env, admin, target.id, addcoin, reason);
}
