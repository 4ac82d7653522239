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
export function purgeOldNotifications(
  env: Pick<Env, "DB">,
  now = Date.now(),
  limits: RetentionLimits = DEFAULT_LIMITS,
): Promise<number> {
  return deleteInChunks(
    env,
    [
      [PURGE_READ_SQL, now - READ_NOTIFICATION_DAYS * DAY_MS],
      [PURGE_UNREAD_SQL, now - UNREAD_NOTIFICATION_DAYS * DAY_MS],
    ],
    limits,
  );
}

const PURGE_RECEIPTS_SQL = `DELETE FROM batch_receipts WHERE rowid IN (
  SELECT rowid FROM batch_receipts WHERE created_at < ?1 ORDER BY created_at LIMIT ?2
)`;

/** Deletes the receipts of batches (migrations/0025) written more than a day ago: a lost answer is asked at once. */
export function purgeBatchReceipts(
  env: Pick<Env, "DB">,
  now = Date.now(),
  limits: RetentionLimits = DEFAULT_LIMITS,
): Promise<number> {
  return deleteInChunks(env, [[PURGE_RECEIPTS_SQL, now - DAY_MS]], limits);
}

const PURGE_TASK_BATCH_DRAFTS_SQL = `DELETE FROM task_batch_drafts WHERE rowid IN (
  SELECT rowid FROM task_batch_drafts WHERE created_at < ?1 ORDER BY created_at LIMIT ?2
)`;

/** Deletes uploads of batch posting (migrations/0045) older than a day: a preview is posted or dropped at once. */
export function purgeTaskBatchDrafts(
  env: Pick<Env, "DB">,
  now = Date.now(),
  limits: RetentionLimits = DEFAULT_LIMITS,
): Promise<number> {
  return deleteInChunks(env, [[PURGE_TASK_BATCH_DRAFTS_SQL, now - DAY_MS]], limits);
}

/**
 * Runs each DELETE (its parameters, then the chunk size as its last) again and again until it deletes less than a
 * chunk, the next one after it, within `limits.maxChunks` statements in all; what is left waits for the next run.
 */
export async function deleteInChunks(
  env: Pick<Env, "DB">,
  deletes: (readonly [sql: string, ...params: unknown[]])[],
  limits: RetentionLimits = DEFAULT_LIMITS,
): Promise<number> {
  let deleted = 0;
  let chunks = 0;
  for (const [sql, ...params] of deletes) {
    const statement = env.DB.prepare(sql);
    while (chunks < limits.maxChunks) {
      chunks++;
      const { meta } = await statement.bind(...params, limits.chunk).run();
      deleted += meta.changes;
      if (meta.changes < limits.chunk) break;
    }
  }
  return deleted;
}
