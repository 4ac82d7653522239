// Upkeep of the workers' search indexes of open tasks (open_tasks_fts, migrations/0015, and open_task_words, 0022).
// The triggers on tasks move a task in and out of both whenever it changes; a task whose day simply passes changes
// nothing, so it stays (hidden by the search's own date filter) until this daily job drops it. The indexes then stay
// the size of the open tasks, not of every task ever posted. The same job marks such tasks out of the open-task
// indexes that lists walk in another order than the date's (migrations/0081).
import { deleteInChunks, type RetentionLimits } from "./retention.server";

// today as SQLite sees it, as the triggers that let tasks in do: the two never disagree about a task's day
const dropPast = (index: string) => `DELETE FROM ${index} WHERE rowid IN (
  SELECT rowid FROM ${index} WHERE completion_date < date('now') LIMIT ?1
)`;

// walks tasks_open_idx, which holds the open tasks and those whose day passed since the last run (migrations/0081)
const MARK_PASSED = `UPDATE tasks SET date_passed = 1 WHERE rowid IN (
  SELECT rowid FROM tasks INDEXED BY tasks_open_idx
  WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0
    AND completion_date < date('now') LIMIT ?1
)`;

/**
 * Marks the tasks whose day has passed since the last run, which leave the open-task indexes walked in another order
 * than the date's (migrations/0081); returns how many. Only the open tasks are walked, not every task ever posted.
 */
export function markTasksPastTheirDay(env: Pick<Env, "DB">, limits?: RetentionLimits): Promise<number> {
  return deleteInChunks(env, [[MARK_PASSED]], limits);
}

/** Drops from both search indexes the tasks whose completion date is before today; returns how many rows went. */
export function dropPastTasksFromSearch(env: Pick<Env, "DB">, limits?: RetentionLimits): Promise<number> {
  return deleteInChunks(env, [[dropPast("open_tasks_fts")], [dropPast("open_task_words")]], limits);
}
