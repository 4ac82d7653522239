// Admin work on users: role changes, removal (disable + refund open tasks), and recorded coin adjustments.
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, newId, runBatch, runBatchOr } from "../db/client.server";
import { fetchPage, pageWindow } from "../db/paging";
import { containsText } from "../db/search";
import { orders, tasks, userPreferences, users } from "../db/schema";
import { AppError, conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { audit, notification, posting } from "./ledger.server";
import { DEFAULT_ITEMS_PER_PAGE, ITEMS_PER_PAGE_OPTIONS } from "~/lib/coins";
import type { Role } from "~/lib/roles";

export const NOT_SELF = "Admins cannot change or remove their own account.";
export const LAST_ADMIN = "The last admin cannot be demoted or removed.";

function requireAdmin(actor: SessionUser) {
  if (actor.role !== "Admin") throw forbidden("Only admins can do this");
}

async function liveUser(env: Env, id: string) {
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

export async function changeRole(env: Env, admin: SessionUser, userId: string, role: Role) {
  requireAdmin(admin);
  if (userId === admin.id) throw forbidden(NOT_SELF);
  const target = await liveUser(env, userId);
  if (target.role === role) return { modifiedCount: 0 };
  const now = Date.now();
  const guard = sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND disabled_at IS NULL AND (role <> 'Admin' OR ${otherAdminsRemain(userId)}))`;
  const results = await runBatch(env, [
    audit({
      id: newId(),
      actorId: admin.id,
      action: "user.role",
      targetType: "user",
      targetId: userId,
      detail: `${target.email}: ${target.role} -> ${role}`,
      now,
      when: guard,
    }),
    sql`UPDATE users SET role = ${role} WHERE id = ${userId} AND ${guard}`,
  ]);
  if (results[1].meta.changes === 0) throw conflict(LAST_ADMIN);
  return { modifiedCount: 1 };
}

/**
 * Removal disables the account (no sign-in, hidden from lists, sessions ended) and keeps its ledger history.
 * Its open tasks are closed: open slots and pending submissions are refunded to it, those workers notified.
 */
export async function removeUser(env: Env, admin: SessionUser, userId: string, reason?: string) {
  requireAdmin(admin);
  if (userId === admin.id) throw forbidden(NOT_SELF);
  const target = await liveUser(env, userId);
  const db = getDb(env);
  const now = Date.now();
  const openTasks = await db
    .select({ id: tasks.id, title: tasks.taskTitle })
    .from(tasks)
    .where(and(eq(tasks.buyerId, userId), isNull(tasks.deletedAt)));
  const guard = sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND disabled_at IS NULL AND (role <> 'Admin' OR ${otherAdminsRemain(userId)}))`;
  const perTask: SQL[] = openTasks.flatMap((t) => {
    const live = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${t.id} AND deleted_at IS NULL) AND ${guard}`;
    return [
      ...posting({
        id: newId(),
        userId,
        delta: sql`(SELECT required_workers * payable_amount FROM tasks WHERE id = ${t.id}) + (SELECT COALESCE(SUM(payable_amount), 0) FROM submissions WHERE task_id = ${t.id} AND status = 'pending')`,
        kind: "task_refund",
        taskId: t.id,
        note: "owner removed",
        now,
        when: live,
      }),
      sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
        SELECT lower(hex(randomblob(16))), worker_id, ${`The task "${t.title}" was closed, so your pending submission was cancelled.`}, '/dashboard/mysubmissions', ${now}
        FROM submissions WHERE task_id = ${t.id} AND status = 'pending' AND ${live}`,
      sql`UPDATE submissions SET status = 'cancelled', reviewed_at = ${now} WHERE task_id = ${t.id} AND status = 'pending' AND ${live}`,
      sql`UPDATE tasks SET deleted_at = ${now} WHERE id = ${t.id} AND deleted_at IS NULL AND ${guard}`,
    ];
  });
  const results = await runBatch(env, [
    audit({
      id: newId(),
      actorId: admin.id,
      action: "user.remove",
      targetType: "user",
      targetId: userId,
      detail: `${target.email} (${target.role}), ${openTasks.length} open task(s) closed`,
      reason,
      now,
      when: guard,
    }),
    ...perTask,
    sql`UPDATE users SET disabled_at = ${now}, session_version = session_version + 1 WHERE id = ${userId} AND ${guard}`,
  ]);
  if (results[results.length - 1].meta.changes === 0) throw conflict(LAST_ADMIN);
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
  await runBatchOr(
    env,
    [
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
      ...posting({ id: newId(), userId, delta: addcoin, kind: "admin_adjustment", note: reason, now }),
      notification({
        id: newId(),
        userId,
        message:
          addcoin > 0
            ? `An admin added ${addcoin} coins to your balance.`
            : `An admin deducted ${-addcoin} coins from your balance.`,
        now,
      }),
    ],
    () => conflict(`${target.name} has only ${target.coin} coins.`),
  );
  return { modifiedCount: 1 };
}

export async function listUsers(env: Env, opts: { q?: string; role?: Role; page?: number; limit?: number } = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const where = and(
    isNull(users.disabledAt),
    opts.role ? eq(users.role, opts.role) : undefined,
    opts.q ? or(containsText(users.name, opts.q), containsText(users.email, opts.q)) : undefined,
  );
  const columns = {
    id: users.id,
    name: users.name,
    email: users.email,
    role: users.role,
    coin: users.coin,
    photo: users.photo,
    createdAt: users.createdAt,
  };
  return fetchPage(
    w,
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(users).where(where),
  );
}

/** Admin home cards: buyers, workers, coins in balances, dollars received from purchases. */
export async function adminStats(env: Env) {
  const row = await getDb(env).get<{ buyers: number; workers: number; coins: number; cents: number }>(sql`SELECT
    (SELECT COUNT(*) FROM users WHERE role = 'Buyer' AND disabled_at IS NULL) AS buyers,
    (SELECT COUNT(*) FROM users WHERE role = 'Worker' AND disabled_at IS NULL) AS workers,
    (SELECT COALESCE(SUM(coin), 0) FROM users) AS coins,
    (SELECT COALESCE(SUM(price_cents), 0) FROM ${orders}) AS cents`);
  return {
    buyers: Number(row?.buyers ?? 0),
    workers: Number(row?.workers ?? 0),
    coins: Number(row?.coins ?? 0),
    cents: Number(row?.cents ?? 0),
  };
}

export async function getItemsPerPage(env: Env, userId: string): Promise<number> {
  const row = await getDb(env).select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row[0]?.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
}

export async function setItemsPerPage(env: Env, userId: string, itemsPerPage: number) {
  if (!(ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(itemsPerPage)) {
    throw new AppError("validation_failed", "Items per page must be 3, 5 or 10", {
      itemsPerPage: ["Items per page must be 3, 5 or 10"],
    });
  }
  await getDb(env)
    .insert(userPreferences)
    .values({ userId, itemsPerPage })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { itemsPerPage } });
  return { itemsPerPage };
}

/** PATCH /users and /users1 { email, addcoin, reason }: adjustCoins for the live user with that e-mail. */
export async function adjustCoinsByEmail(env: Env, admin: SessionUser, email: string, addcoin: number, reason: string) {
  requireAdmin(admin);
  const target = await findUserByEmail(env, email);
  if (!target) throw notFound("User not found");
  return adjustCoins(env, admin, target.id, addcoin, reason);
}
