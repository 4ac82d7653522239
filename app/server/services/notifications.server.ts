import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { notifications } from "../db/schema";

export async function notificationSummary(env: Env, userId: string, limit = 8) {
  const db = getDb(env);
  const [items, [unread]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        message: notifications.message,
        actionRoute: notifications.actionRoute,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { items, unread: unread?.n ?? 0 };
}

/** Marks one notification (or all, without an id) of this user as read; other users' rows are untouched. */
export async function markNotificationsRead(env: Env, userId: string, id?: string) {
  const db = getDb(env);
  const where = id
    ? and(eq(notifications.userId, userId), eq(notifications.id, id), isNull(notifications.readAt))
    : and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: sql`${Date.now()}` })
    .where(where);
}
