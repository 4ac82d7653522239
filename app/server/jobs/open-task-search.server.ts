// Upkeep of the workers' search indexes of open tasks (open_tasks_fts, migrations/0015, and open_task_words, 0022).
// The triggers on tasks move a task in and out of both whenever it changes; a task whose day simply passes changes
// nothing, so it stays (hidden by the search's own date filter) until this daily job drops it. The indexes then stay
// the size of the open tasks, not of every task ever posted.
import { deleteInChunks, type RetentionLimits } from "./retention.server";

// today as SQLite sees it, as the triggers that let tasks in do: the two never disagree about a task's day
const dropPast = (index: string) => `DELETE FROM ${index} WHERE rowid IN (
  SELECT rowid FROM ${index} WHERE completion_date < date('now') LIMIT ?1
)`;

/** Drops from both search indexes the tasks whose completion date is before today; returns how many rows went. */
export function dropPastTasksFromSearch(env: Pick<Env, "DB">, limits?: RetentionLimits): Promise<number> {
  return deleteInChunks(env, [[dropPast("open_tasks_fts")], [dropPast("open_task_words")]], limits);
}
