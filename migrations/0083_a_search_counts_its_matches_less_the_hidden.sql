-- A worker's search counts its matches less those hidden from them (docs/decisions/115, issue 46).
--
-- The open-task search indexes (0015, 0022) hold the open tasks alone: not deleted, not paused, a slot free or held.
-- A search counted its matches by reading each one's row to test it, and a match's row is a whole task, text and
-- all: on a marketplace of 100,000 tasks, a word in 600 open tasks cost 2 ms of row reads. A match is now counted
-- unless it is one of the few tasks a search must leave out, each kind found from an index of its own:
-- - the tasks whose day has passed but which the daily job has not yet marked (date_passed, 0081): this index holds
--   the open tasks not yet marked, by date, so the ones before today are the day's, not every past task's;
-- - the tasks every slot of which is held (a hold whose time has run out opens one again): this index holds them;
-- - the tasks of buyers who block the worker (tasks_open_buyer_idx) and those a discovery guard hides (0067).
--
-- For the first to be the only past tasks a search finds, a task marked past its day must be in no search index.
-- The daily job dropped the past tasks from the search indexes and marked them in two separate steps; the trigger
-- below makes the mark drop them, so the two can never disagree.
CREATE INDEX tasks_open_passing_idx ON tasks (completion_date)
  WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0;
CREATE INDEX tasks_all_held_idx ON tasks (completion_date)
  WHERE deleted_at IS NULL AND required_workers = 0 AND held_slots > 0 AND paused_at IS NULL;

CREATE TRIGGER tasks_date_passed_out_of_search AFTER UPDATE OF date_passed ON tasks WHEN NEW.date_passed = 1
BEGIN
  DELETE FROM open_tasks_fts WHERE rowid = NEW.rowid;
  DELETE FROM open_task_words WHERE rowid = NEW.rowid;
END;

-- the tasks marked before this trigger whose entries the job had not dropped yet
DELETE FROM open_tasks_fts WHERE rowid IN (SELECT rowid FROM tasks WHERE date_passed = 1);
DELETE FROM open_task_words WHERE rowid IN (SELECT rowid FROM tasks WHERE date_passed = 1);
