-- The minimum hourly pay on every task (docs/product/pay-per-hour.md, docs/decisions/094-a-hit-judged-by-its-first-five.md).
-- Add Task, Update Task, CSV posting and REST require a time estimate; a HIT, which has none, is judged by the median
-- time its first five timed submissions took. Under the minimum it pauses, and the work already sent is topped up.

-- 1. The median of a HIT's first five timed submissions, in minutes, kept once (NULL: not judged, or posted with an
-- estimate), and when the task was paused for paying under the minimum at it (NULL: not paused). A paused task takes
-- no new starts and leaves the open tasks' lists, counters and search (below); a pay change that meets the minimum
-- ends the pause (Update Task).
ALTER TABLE tasks ADD COLUMN judged_minutes INTEGER CHECK (judged_minutes >= 1);
ALTER TABLE tasks ADD COLUMN paused_at INTEGER;

-- 2. A bonus made by the rule (a top-up of work paid under the minimum at the judged time), not by its buyer. A
-- top-up is made once per submission (its request key), and its buyer's coins owed do not refuse it (3).
ALTER TABLE bonuses ADD COLUMN top_up INTEGER NOT NULL DEFAULT 0 CHECK (top_up IN (0, 1));

-- 3. Coins owed block spending (migrations/0003, 0041), but not a top-up: the work it pays is done, so, as an
-- overturned rejection, what the balance lacks is advanced and owed (services/pay-rate.server.ts).
DROP TRIGGER coin_ledger_no_spending_in_debt;
CREATE TRIGGER coin_ledger_no_spending_in_debt BEFORE INSERT ON coin_ledger
  WHEN NEW.delta < 0 AND NEW.kind IN ('task_charge', 'task_update', 'withdrawal_hold', 'bonus')
    AND (SELECT debt_coins FROM users WHERE id = NEW.user_id) > 0
    AND NOT EXISTS (SELECT 1 FROM bonuses WHERE id = NEW.bonus_id AND top_up = 1)
BEGIN
  SELECT RAISE(ABORT, 'constraint failed: coins owed (users.debt_coins > 0)');
END;

-- 4. The timed submissions' median (migrations/0032), now from the fifth on for a task without an estimate (before:
-- "being measured"), from the third for one with; at the fifth, a task without an estimate keeps it as its judged
-- time, once. A median already kept stays until the next one is due.
DROP TRIGGER submissions_work_time;
CREATE TRIGGER submissions_work_time AFTER INSERT ON submissions
  WHEN NEW.started_at IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO task_work_times (task_id, minutes, submission_id)
    VALUES (NEW.task_id, MAX(1, (NEW.created_at - NEW.started_at + 30000) / 60000), NEW.id);
  UPDATE tasks SET timed_submissions = timed_submissions + 1,
    measured_minutes = CASE
      WHEN timed_submissions + 1 < CASE WHEN estimate_minutes IS NULL THEN 5 ELSE 3 END THEN measured_minutes
      ELSE ((SELECT minutes FROM task_work_times WHERE task_id = NEW.task_id ORDER BY minutes
          LIMIT 1 OFFSET (SELECT (COUNT(*) - 1) / 2 FROM task_work_times WHERE task_id = NEW.task_id))
        + (SELECT minutes FROM task_work_times WHERE task_id = NEW.task_id ORDER BY minutes
          LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM task_work_times WHERE task_id = NEW.task_id)) + 1) / 2 END,
    judged_minutes = CASE
      WHEN estimate_minutes IS NULL AND judged_minutes IS NULL AND timed_submissions + 1 = 5 THEN
        (SELECT minutes FROM task_work_times WHERE task_id = NEW.task_id ORDER BY minutes LIMIT 1 OFFSET 2)
      ELSE judged_minutes END
    WHERE id = NEW.task_id;
END;

-- 5. "Open" is now also: not paused. The open tasks' indexes (0032, 0040, 0054: a slot open or held) carry paused_at
-- as they carry what the other filters test (the requirements and pay per hour of 0065 included), so a list still
-- walks index entries only.
DROP INDEX tasks_open_idx;
DROP INDEX tasks_open_pay_idx;
DROP INDEX tasks_open_deadline_idx;
DROP INDEX tasks_open_rate_idx;
DROP INDEX tasks_open_category_idx;
DROP INDEX tasks_open_category_pay_idx;
DROP INDEX tasks_open_category_deadline_idx;
DROP INDEX tasks_open_category_rate_idx;
DROP INDEX tasks_open_buyer_idx;
DROP INDEX tasks_open_required_idx;
CREATE INDEX tasks_open_idx ON tasks (created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_pay_idx ON tasks (payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_deadline_idx ON tasks (completion_date, created_at DESC, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_rate_idx ON tasks (cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_category_idx ON tasks (category, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_category_pay_idx ON tasks (category, payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_category_deadline_idx ON tasks (category, completion_date, created_at DESC, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_category_rate_idx ON tasks (category, cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_buyer_idx ON tasks (buyer_id, completion_date, category, required_workers, held_slots, deleted_at, paused_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL;
CREATE INDEX tasks_open_required_idx ON tasks (completion_date, category, min_approval_rate, min_approved, qualification_id, qualification_min_score, required_workers, held_slots, deleted_at, buyer_id, paused_at)
  WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL
    AND (min_approval_rate IS NOT NULL OR min_approved IS NOT NULL OR qualification_id IS NOT NULL);

-- The open tasks per day and category (0006): a paused task leaves them as a filled one does.
DROP TRIGGER tasks_open_days_insert;
DROP TRIGGER tasks_open_days_leave;
DROP TRIGGER tasks_open_days_enter;
DROP TRIGGER tasks_open_days_delete;
CREATE TRIGGER tasks_open_days_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.paused_at IS NULL
BEGIN
  INSERT INTO open_task_days (completion_date, category, tasks, slots)
    VALUES (NEW.completion_date, NEW.category, 1, NEW.required_workers)
    ON CONFLICT (completion_date, category) DO UPDATE SET tasks = tasks + 1, slots = slots + excluded.slots;
END;
CREATE TRIGGER tasks_open_days_leave AFTER UPDATE OF deleted_at, required_workers, completion_date, category, paused_at ON tasks
  WHEN OLD.deleted_at IS NULL AND OLD.required_workers > 0 AND OLD.paused_at IS NULL
BEGIN
  UPDATE open_task_days SET tasks = tasks - 1, slots = slots - OLD.required_workers
    WHERE completion_date = OLD.completion_date AND category = OLD.category;
END;
CREATE TRIGGER tasks_open_days_enter AFTER UPDATE OF deleted_at, required_workers, completion_date, category, paused_at ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.paused_at IS NULL
BEGIN
  INSERT INTO open_task_days (completion_date, category, tasks, slots)
    VALUES (NEW.completion_date, NEW.category, 1, NEW.required_workers)
    ON CONFLICT (completion_date, category) DO UPDATE SET tasks = tasks + 1, slots = slots + excluded.slots;
END;
CREATE TRIGGER tasks_open_days_delete AFTER DELETE ON tasks
  WHEN OLD.deleted_at IS NULL AND OLD.required_workers > 0 AND OLD.paused_at IS NULL
BEGIN
  UPDATE open_task_days SET tasks = tasks - 1, slots = slots - OLD.required_workers
    WHERE completion_date = OLD.completion_date AND category = OLD.category;
END;

-- The open tasks' search (0015, 0022): a paused task leaves it too, and comes back when the pause ends.
DROP TRIGGER open_tasks_fts_insert;
DROP TRIGGER open_tasks_fts_update;
CREATE TRIGGER open_tasks_fts_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.paused_at IS NULL
    AND NEW.completion_date >= date('now')
BEGIN
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    VALUES (NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date);
  INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
    VALUES (NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date);
END;
CREATE TRIGGER open_tasks_fts_update AFTER UPDATE OF deleted_at, required_workers, held_slots, completion_date, task_title, task_detail, paused_at ON tasks
  WHEN (OLD.deleted_at IS NULL AND OLD.required_workers + OLD.held_slots > 0 AND OLD.paused_at IS NULL)
      IS NOT (NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.paused_at IS NULL)
    OR (NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.paused_at IS NULL
      AND (NEW.completion_date IS NOT OLD.completion_date OR NEW.task_title IS NOT OLD.task_title
        OR NEW.task_detail IS NOT OLD.task_detail))
BEGIN
  DELETE FROM open_tasks_fts WHERE rowid = OLD.rowid;
  DELETE FROM open_task_words WHERE rowid = OLD.rowid;
  INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
    SELECT NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date
    WHERE NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.paused_at IS NULL
      AND NEW.completion_date >= date('now');
  INSERT INTO open_task_words (rowid, task_title, task_detail, completion_date)
    SELECT NEW.rowid, NEW.task_title, NEW.task_detail, NEW.completion_date
    WHERE NEW.deleted_at IS NULL AND NEW.required_workers + NEW.held_slots > 0 AND NEW.paused_at IS NULL
      AND NEW.completion_date >= date('now');
END;
