// The daily upkeep of the open tasks' walks and search. A task whose day simply passes changes nothing in its row, so
// it stays an entry of the open-task indexes and the workers' search indexes (open_tasks_fts, migrations/0015, and
// open_task_words, 0022) until this job marks it past its day (date_passed, 0081): the mark takes it out of the
// indexes lists walk in another order than the date's, and a trigger (0083) drops it from both search indexes. The
// indexes then stay the size of the open tasks, not of every task ever posted.
import { deleteInChunks, type RetentionLimits } from "./retention.server";

// today as SQLite sees it, as the triggers that let tasks into the search do: the two never disagree about a day.
// tasks_open_passing_idx holds the open tasks not yet marked, by date: the walk costs what it marks (0083)
const MARK_PASSED = `UPDATE tasks SET date_passed = 1 WHERE rowid IN (
  SELECT rowid FROM tasks INDEXED BY tasks_open_passing_idx
  WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0
    AND completion_date < date('now') LIMIT ?1
)`;

/**
 * Marks the tasks whose day has passed since the last run: they leave the open-task indexes walked in another order
 * than the date's (migrations/0081) and the search indexes (0083); returns how many.
 */
export function markTasksPastTheirDay(env: Pick<Env, "DB">, limits?: RetentionLimits): Promise<number> {
  return deleteInChunks(env, [[MARK_PASSED]], limits);
}
