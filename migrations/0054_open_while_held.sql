-- A start that runs out frees its slot for everyone at once (docs/decisions/073-a-lapsed-start-is-open-on-read.md).
-- A hold is read as held only until its end time: the open-slot count and every list of open tasks add the task's
-- holds whose time has run out (and whose slot would reopen) to tasks.required_workers, in the statement that reads
-- them, and the Cron Trigger only tidies those holds up. A task whose every slot is held has required_workers = 0,
-- so it was out of the open tasks' indexes (0040's partial indexes, 0015/0022's search indexes) and could not be
-- found once its holds ran out. Here a task stays in them while any of its slots is open or held; whether it is
-- open is decided on each index entry a list walks (app/server/db/schema.ts, openTaskFilter), by required_workers
-- (carried by the entry) and, only for the few entries with none, a probe of its holds.

-- 1. The task's held slots: how many task_holds rows it has, kept in the same statement as the holds.
ALTER TABLE tasks ADD COLUMN held_slots INTEGER NOT NULL DEFAULT 0 CHECK (held_slots >= 0);
UPDATE tasks SET held_slots = (SELECT COUNT(*) FROM task_holds WHERE task_holds.task_id = tasks.id)
  WHERE id IN (SELECT task_id FROM task_holds);
CREATE TRIGGER task_holds_held_slots_insert AFTER INSERT ON task_holds
BEGIN
  UPDATE tasks SET held_slots = held_slots + 1 WHERE id = NEW.task_id;
END;
CREATE TRIGGER task_holds_held_slots_delete AFTER DELETE ON task_holds
BEGIN
  UPDATE tasks SET held_slots = held_slots - 1 WHERE id = OLD.task_id;
END;

-- 2. The open-task indexes hold the tasks with a slot open or held, and carry held_slots beside required_workers,
-- so the walk tests both without reading the table.
DROP INDEX tasks_open_idx;
DROP INDEX tasks_open_pay_idx;
DROP INDEX tasks_open_deadline_idx;
DROP INDEX tasks_open_category_idx;
DROP INDEX tasks_open_category_pay_idx;
DROP INDEX tasks_open_category_deadline_idx;
DROP INDEX tasks_open_rate_idx;
DROP INDEX tasks_open_category_rate_idx;
DROP INDEX tasks_open_buyer_idx;
CREATE INDEX tasks_open_idx ON tasks (created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_pay_idx ON tasks (payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_deadline_idx ON tasks (completion_date, created_at DESC, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_idx ON tasks (category, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_pay_idx ON tasks (category, payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_deadline_idx ON tasks (category, completion_date, created_at DESC, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_rate_idx ON tasks (cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_rate_idx ON tasks (category, cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_buyer_idx ON tasks (buyer_id, completion_date, category, required_workers, held_slots, deleted_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;

-- 3. The search indexes (0015, 0022) follow the same membership; a slot taken or given back while the task stays in
-- changes neither of them, as before.
DROP TRIGGER open_tasks_fts_insert;
DROP TRIGGER open_tasks_fts_update;
CREATE TRIGGER open_tasks_fts_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.completion_date >= date('now')
BEGIN
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    VALUES (NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date);
  INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
    VALUES (NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date);
END;
CREATE TRIGGER open_tasks_fts_update AFTER UPDATE OF deleted_at, required_workers, held_slots, completion_date, task_title, task_detail ON tasks
  WHEN (OLD.deleted_at IS NULL AND OLD.required_workers + OLD.held_slots > 0) IS NOT (NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0)
    OR (NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND (NEW.completion_date IS NOT OLD.completion_date
      OR NEW.task_title IS NOT OLD.task_title OR NEW.task_detail IS NOT OLD.task_detail))
BEGIN
  DELETE FROM open_tasks_fts WHERE rowid = OLD.rowid;
  DELETE FROM open_task_words WHERE rowid = OLD.rowid;
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    SELECT NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date
    WHERE NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.completion_date >= date('now');
  INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
    SELECT NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date
    WHERE NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.completion_date >= date('now');
END;
-- the tasks whose every slot is held now join them
INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
  SELECT rowid, task_title, task_detail, completion_date FROM tasks
  WHERE deleted_at IS NULL AND required_workers = 0 AND held_slots > 0 AND completion_date >= date('now');
INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
  SELECT rowid, task_title, task_detail, completion_date FROM tasks
  WHERE deleted_at IS NULL AND required_workers = 0 AND held_slots > 0 AND completion_date >= date('now');
