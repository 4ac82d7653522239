// Retention (docs/scale.md): notifications are the largest table and the least valuable history. The Cron
// Trigger deletes the ones nobody needs any more, in bounded chunks so one run never holds D1 for long.
const DAY_MS = 86_400_000;

/** A notification the user has read is kept this long after it was sent... */
export const READ_NOTIFICATION_DAYS = 90;
/** ...and one never read, this long (the bell's unread count stops at a year). */
export const UNREAD_NOTIFICATION_DAYS = 365;

export interface RetentionLimits {
  /** rows deleted per statement */
  chunk: number;
  /** statements per run: the rest waits for the next run */
  maxChunks: number;
}

const DEFAULT_LIMITS: RetentionLimits = { chunk: 1000, maxChunks: 20 };

// Oldest first (rowid follows insertion, hence time); the subquery stops at `chunk` rows.
const PURGE_NOTIFICATIONS_SQL = `DELETE FROM notifications WHERE rowid IN (
  SELECT rowid FROM notifications
  WHERE (read_at IS NOT NULL AND created_at < ?1) OR created_at < ?2
  ORDER BY rowid LIMIT ?3
)`;

/** Deletes read notifications older than READ_NOTIFICATION_DAYS and any older than UNREAD_NOTIFICATION_DAYS. */
export async function purgeOldNotifications(
  env: Pick<Env, "DB">,
  now = Date.now(),
  limits: RetentionLimits = DEFAULT_LIMITS,
): Promise<number> {
  const readBefore = now - READ_NOTIFICATION_DAYS * DAY_MS;
  const anyBefore = now - UNREAD_NOTIFICATION_DAYS * DAY_MS;
  const statement = env.DB.prepare(PURGE_NOTIFICATIONS_SQL);
  let deleted = 0;
  for (let i = 0; i < limits.maxChunks; i++) {
    const { meta } = await statement.bind(readBefore, anyBefore, limits.chunk).run();
    deleted += meta.changes;
    if (meta.changes < limits.chunk) break;
  }
  return deleted;
}
