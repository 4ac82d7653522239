-- The workers' search finds word forms: "translate" finds "Translation", "tests" finds "testing". The trigram index of
-- the open tasks (open_tasks_fts, 0015) finds what contains the typed text, so it misses a word written in another
-- form. open_task_words indexes the same open tasks word by word through FTS5's porter stemmer (both words above
-- become "translat"); a search matches a task found by either index (app/server/db/search.ts). Its membership is the
-- trigram index's: the triggers of 0015 are replaced by ones that move a task in and out of both in the same
-- statement, and the daily job (app/server/jobs/open-task-search.server.ts) drops past tasks from both.
--
-- Like every virtual table it is not in a D1 export; after an import, fill it again with the INSERT below.
CREATE VIRTUAL TABLE open_task_words USING fts5 (task_title, task_detail, completion_date UNINDEXED, tokenize = 'porter unicode61');
INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
  SELECT rowid, task_title, task_detail, completion_date FROM tasks
  WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= date('now');

DROP TRIGGER open_tasks_fts_insert;
DROP TRIGGER open_tasks_fts_update;
DROP TRIGGER open_tasks_fts_delete;

CREATE TRIGGER open_tasks_fts_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.completion_date >= date('now')
BEGIN
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    VALUES (NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date);
  INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
    VALUES (NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date);
END;
-- As in 0015: one trigger takes a task out and puts it back, and a slot taken or given back while the task stays open
-- changes neither index.
CREATE TRIGGER open_tasks_fts_update AFTER UPDATE OF deleted_at, required_workers, completion_date, task_title, task_detail ON tasks
  WHEN (OLD.deleted_at IS NULL AND OLD.required_workers > 0) IS NOT (NEW.deleted_at IS NULL AND NEW.required_workers > 0)
    OR (NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND (NEW.completion_date IS NOT OLD.completion_date
      OR NEW.task_title IS NOT OLD.task_title OR NEW.task_detail IS NOT OLD.task_detail))
BEGIN
  DELETE FROM open_tasks_fts WHERE rowid = OLD.rowid;
  DELETE FROM open_task_words WHERE rowid = OLD.rowid;
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    SELECT NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date
    WHERE NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.completion_date >= date('now');
  INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
    SELECT NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date
    WHERE NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.completion_date >= date('now');
END;
CREATE TRIGGER open_tasks_fts_delete AFTER DELETE ON tasks
BEGIN
  DELETE FROM open_tasks_fts WHERE rowid = OLD.rowid;
  DELETE FROM open_task_words WHERE rowid = OLD.rowid;
END;
