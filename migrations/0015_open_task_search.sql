-- The workers' task search (listOpenTasks with q, GET /tasks2?q=) only ever shows open tasks: live, a slot left, due
-- today or later. Through tasks_fts (0006) it read the matches among every task ever posted (4,167 for "bakery" in
-- the benchmark's LARGE database, of which 760 are open) and tested each open task against them: about 6 ms of SQL
-- that grew with the history. open_tasks_fts indexes the open tasks alone, so a search reads the matches that can
-- be shown and little else (about 1 ms there). tasks_fts stays for the admin's search of every task.
--
-- It keeps its own copy of the text (not external content): a task leaves it by rowid, which is harmless when the
-- row is already gone, so the triggers never need to know exactly what it holds. Membership follows the tasks
-- table in the same statement as the change: in when a task is live with a slot left and not yet past its day, out
-- when it stops being so or its searchable text or date changes (and back in, re-indexed). A task whose day passes
-- without any change stays until the daily job (app/server/jobs/open-task-search.server.ts) deletes the rows
-- whose completion_date is before today; until then the search's own date filter hides it. Both the triggers and
-- the job ask SQLite for today (date('now'), UTC, the same day as deadlineDay()), so they agree with each other.
--
-- Like every virtual table it is not in a D1 export; after an import, fill it again with the INSERT below.
CREATE VIRTUAL TABLE open_tasks_fts USING fts5 (task_title, task_detail, completion_date UNINDEXED, tokenize = 'trigram');
INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
  SELECT rowid, task_title, task_detail, completion_date FROM tasks
  WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= date('now');

CREATE TRIGGER open_tasks_fts_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.completion_date >= date('now')
BEGIN
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    VALUES (NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date);
END;
-- One trigger both takes a task out and puts it back, in that order (two triggers on one event run in no order
-- SQLite promises, and an FTS5 rowid cannot be inserted twice). A slot taken or given back while the task stays
-- open changes nothing here: no re-indexing on every submission.
CREATE TRIGGER open_tasks_fts_update AFTER UPDATE OF deleted_at, required_workers, completion_date, task_title, task_detail ON tasks
  WHEN (OLD.deleted_at IS NULL AND OLD.required_workers > 0) IS NOT (NEW.deleted_at IS NULL AND NEW.required_workers > 0)
    OR (NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND (NEW.completion_date IS NOT OLD.completion_date
      OR NEW.task_title IS NOT OLD.task_title OR NEW.task_detail IS NOT OLD.task_detail))
BEGIN
  DELETE FROM open_tasks_fts WHERE rowid = OLD.rowid;
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    SELECT NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date
    WHERE NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.completion_date >= date('now');
END;
CREATE TRIGGER open_tasks_fts_delete AFTER DELETE ON tasks
BEGIN
  DELETE FROM open_tasks_fts WHERE rowid = OLD.rowid;
END;
