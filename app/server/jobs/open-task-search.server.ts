// Upkeep of the workers' search index of open tasks (open_tasks_fts, migrations/0015). The triggers on tasks move a
// task in and out whenever it changes; a task whose day simply passes changes nothing, so it stays (hidden by the
// search's own date filter) until this daily job drops it. The index then stays the size of the open tasks, not of
// every task ever posted.
import { deleteInChunks, type RetentionLimits } from "./retention.server";

// today as SQLite sees it, as the triggers that let tasks in do: the two never disagree about a task's day
const DROP_PAST_SQL = `DELETE FROM open_tasks_fts WHERE rowid IN (
  SELECT rowid FROM open_tasks_fts WHERE completion_date < date('now') LIMIT ?1
)`;

/** Drops from the search index the tasks whose completion date is before today; returns how many. */
export function dropPastTasksFromSearch(env: Pick<Env, "DB">, limits?: RetentionLimits): Promise<number> {
  return deleteInChunks(env, [[DROP_PAST_SQL]], limits);
}
