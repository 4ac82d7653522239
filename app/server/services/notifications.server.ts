import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { preparedRead } from "../db/prepared.server";
import { fetchPage, pageWindow, type Page, type PageRequest } from "../db/paging";
import { notifications, type Notification } from "../db/schema";

const columns = {
  id: notifications.id,
  message: notifications.message,
  actionRoute: notifications.actionRoute,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

export type NotificationRow = Pick<Notification, keyof typeof columns>;

/** Newest first; notifications written in one batch (same time) keep the order they were written in. */
const newestFirst = [desc(notifications.createdAt), sql`${notifications}.rowid`];

// the bell's two reads run on every signed-in request: their SQL is built once (prepared.server.ts)
const latestNotifications = preparedRead((db) =>
  db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    .prepare(),
);
const unreadNotifications = preparedRead((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt)))
    .prepare(),
);

/** The bell: the latest few notifications of a user, and how many are unread. */
export async function notificationSummary(env: Env, userId: string, limit = 8) {
  const [items, [unread]] = await Promise.all([
    latestNotifications(env, { userId, limit }),
    unreadNotifications(env, { userId }),
  ]);
  return { items, unread: unread?.n ?? 0 };
}

/** One page of a user's notifications, newest first (the page and REST list; both read the user's index only). */
export async function listNotifications(
  env: Env,
  userId: string,
  opts: PageRequest = {},
): Promise<Page<NotificationRow>> {
  const db = getDb(env);
  const w = pageWindow(opts, 20);
  const own = eq(notifications.userId, userId);
  return fetchPage(
    w,
    db
      .select(columns)
      .from(notifications)
      .where(own)
      .orderBy(...newestFirst)
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(notifications).where(own),
  );
}

/**
 * Marks one notification (or all, without an id) of this user as read; other users' rows are untouched. Answers
 * how many changed: 0 for another user's id, an unknown one, or one already read.
 */
export async function markNotificationsRead(env: Env, userId: string, id?: string): Promise<{ modifiedCount: number }> {
  const db = getDb(env);
  const where = id
    ? and(eq(notifications.userId, userId), eq(notifications.id, id), isNull(notifications.readAt))
    : and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const result = await db
    .update(notifications)
    .set({ readAt: sql`${Date.now()}` })
    .where(where);
  return { modifiedCount: result.meta.changes };
}
