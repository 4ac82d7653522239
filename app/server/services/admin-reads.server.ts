// Read-mostly admin queries the other services do not have: contact messages (with read state), the audit log, and
// the records an admin decision's words name.
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { fetchPage, pageWindow } from "../db/paging";
import { auditLog, contactMessages, users, withdrawals } from "../db/schema";
import { notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import type { AuditAction } from "~/lib/schemas/admin";
import { requireAdmin } from "./users.server";

// ---------------------------------------------------------------------------------------------
// Contact messages

const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  readAt: contactMessages.readAt,
  createdAt: contactMessages.createdAt,
};

/** Contact-form messages, newest first; `unread` narrows to those nobody has opened. */
export async function listContactMessages(
  env: Env,
  opts: { page?: number; limit?: number; unreadOnly?: boolean } = {},
) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const where = opts.unreadOnly ? isNull(contactMessages.readAt) : undefined;
  // the page and its counts go to D1 together; a page past the last comes back empty (see pageOrLast)
  const [page, [unread]] = await Promise.all([
    fetchPage(
      w,
      db
        .select(messageColumns)
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(w.limit)
        .offset(w.offset),
      db.select({ n: count() }).from(contactMessages).where(where),
    ),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return { ...page, unread: unread?.n ?? 0 };
}
export type ContactMessageView = Awaited<ReturnType<typeof listContactMessages>>["items"][number];

export async function findContactMessage(env: Env, id: string) {
  const row = await getDb(env).select(messageColumns).from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row[0] ?? null;
}

/** Marks a message read (once; the first reading time is kept) or unread again. */
export async function setContactMessageRead(env: Env, admin: SessionUser, id: string, read: boolean) {
  requireAdmin(admin);
  const db = getDb(env);
  const result = read
    ? await db
        .update(contactMessages)
        .set({ readAt: Date.now() })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
        .run()
    : await db
        .update(contactMessages)
        .set({ readAt: null })
        .where(and(eq(contactMessages.id, id), isNotNull(contactMessages.readAt)))
        .run();
  if (result.meta.changes === 0 && !(await findContactMessage(env, id))) throw notFound("Message not found");
  return { modifiedCount: result.meta.changes };
}

export async function unreadContactMessages(env: Env): Promise<number> {
  const [row] = await getDb(env).select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Audit log

export interface AuditEntry {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: string | null;
  reason: string | null;
  createdAt: number;
  actorName: string | null;
  actorEmail: string | null;
  /** who or what the action was about, resolved from the target (null when it no longer exists) */
  targetName: string | null;
  targetEmail: string | null;
}

/** Every admin action, newest first: who (the admin), what, on whom or what, when and why. */
export async function listAuditLog(env: Env, opts: { page?: number; limit?: number; action?: AuditAction } = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 20);
  const filter = opts.action ? sql`WHERE a.action = ${opts.action}` : sql``;
  const rows = db.all<AuditEntry>(sql`SELECT
      a.id AS id, a.action AS action, a.target_type AS targetType, a.target_id AS targetId,
      a.detail AS detail, a.reason AS reason, a.created_at AS createdAt,
      actor.name AS actorName, actor.email AS actorEmail,
      CASE a.target_type
        WHEN 'user' THEN tu.name
        WHEN 'task' THEN tt.task_title
        WHEN 'withdrawal' THEN wu.name
        WHEN 'appeal' THEN au.name
        WHEN 'rate' THEN 'the taka rate'
      END AS targetName,
      CASE a.target_type
        WHEN 'user' THEN tu.email
        WHEN 'task' THEN tb.email
        WHEN 'withdrawal' THEN wu.email
        WHEN 'appeal' THEN au.email
      END AS targetEmail
    FROM audit_log a
    LEFT JOIN users actor ON actor.id = a.actor_id
    LEFT JOIN users tu ON a.target_type = 'user' AND tu.id = a.target_id
    LEFT JOIN tasks tt ON a.target_type = 'task' AND tt.id = a.target_id
    LEFT JOIN users tb ON tb.id = tt.buyer_id
    LEFT JOIN withdrawals w ON a.target_type = 'withdrawal' AND w.id = a.target_id
    LEFT JOIN users wu ON wu.id = w.worker_id
    LEFT JOIN appeals ap ON a.target_type = 'appeal' AND ap.id = a.target_id
    LEFT JOIN users au ON au.id = ap.worker_id
    ${filter}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${w.limit} OFFSET ${w.offset}`);
  // the page and the count go to D1 together; a page past the last comes back empty (see pageOrLast)
  return fetchPage(
    w,
    rows.then((entries) => entries.map((r) => ({ ...r, createdAt: Number(r.createdAt) }))),
    db
      .select({ n: count() })
      .from(auditLog)
      .where(opts.action ? eq(auditLog.action, opts.action) : undefined),
  );
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

/** One withdrawal request with its worker's name, for the words of an admin's decision. */
export async function findWithdrawal(env: Env, id: string) {
  const row = await getDb(env)
    .select({
      id: withdrawals.id,
      coins: withdrawals.withdrawalCoin,
      cents: withdrawals.withdrawalCents,
      workerName: users.name,
      status: withdrawals.status,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.workerId))
    .where(eq(withdrawals.id, id))
    .limit(1);
  return row[0] ?? null;
}

/** A user's name and e-mail (removed users included), for the words of an admin's action. */
export async function findUserName(env: Env, id: string) {
  const row = await getDb(env)
    .select({ name: users.name, email: users.email, coin: users.coin })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row[0] ?? null;
}

/**
 * What deleting a live task gives back to its buyer, as its closure refunds it (`addTaskClosure`): open slots x pay,
 * its pending submissions, and the slots workers have started.
 */
export async function taskEscrow(env: Env, id: string): Promise<number> {
  const row = await getDb(env).get<{ coins: number }>(sql`SELECT
    COALESCE((SELECT required_workers * payable_amount FROM tasks WHERE id = ${id} AND deleted_at IS NULL), 0)
    + COALESCE((SELECT SUM(payable_amount) FROM submissions WHERE task_id = ${id} AND status = 'pending'), 0)
    + COALESCE((SELECT SUM(payable_amount) FROM task_holds WHERE task_id = ${id}), 0) AS coins`);
  return Number(row?.coins ?? 0);
}
