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
  /** statements per run, both kinds together: the rest waits for the next run */
  maxChunks: number;
}

const DEFAULT_LIMITS: RetentionLimits = { chunk: 1000, maxChunks: 20 };

// Oldest first, a range on the age index of its kind (migrations/0011): the subquery stops at `chunk` rows and
// reads nothing when nothing is old enough.
const PURGE_READ_SQL = `DELETE FROM notifications WHERE rowid IN (
  SELECT rowid FROM notifications WHERE read_at IS NOT NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2
)`;
const PURGE_UNREAD_SQL = `DELETE FROM notifications WHERE rowid IN (
  SELECT rowid FROM notifications WHERE read_at IS NULL AND created_at < ?1 ORDER BY created_at LIMIT ?2
)`;

/** Deletes read notifications older than READ_NOTIFICATION_DAYS and any older than UNREAD_NOTIFICATION_DAYS. */
export async function purgeOldNotifications(
  env: Pick<Env, "DB">,
  now = Date.now(),
  limits: RetentionLimits = DEFAULT_LIMITS,
): Promise<number> {
  const readBefore = now - READ_NOTIFICATION_DAYS * DAY_MS;
  const anyBefore = now - UNREAD_NOTIFICATION_DAYS * DAY_MS;
  let deleted = 0;
  let chunks = 0;
  for (const [sql, before] of [
    [PURGE_READ_SQL, readBefore],
    [PURGE_UNREAD_SQL, anyBefore],
  ] as const) {
    const statement = env.DB.prepare(sql);
    while (chunks < limits.maxChunks) {
      chunks++;
      const { meta } = await statement.bind(before, limits.chunk).run();
      deleted += meta.changes;
      if (meta.changes < limits.chunk) break;
    }
  }
  return deleted;
}
