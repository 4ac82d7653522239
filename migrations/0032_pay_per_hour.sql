-- Time and pay per hour (docs/product/pay-per-hour.md, docs/decisions/050-pay-per-hour-kept-per-task.md).

-- 1. The buyer's estimate of a slot's work, in minutes (Add and Update Task; NULL: none given, as the original
-- client's POST /tasks sends none), the submissions timed from a start, and their median once there are three.
ALTER TABLE tasks ADD COLUMN estimate_minutes INTEGER CHECK (estimate_minutes BETWEEN 1 AND 480);
ALTER TABLE tasks ADD COLUMN timed_submissions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tasks ADD COLUMN measured_minutes INTEGER;
-- when the buyer was told that the measured pay per hour fell below the minimum (once; a pay change clears it)
ALTER TABLE tasks ADD COLUMN below_minimum_told_at INTEGER;
-- What a slot pays per hour in withdrawal cents (5 cents a coin: COINS_PER_DOLLAR_WITHDRAW = 20, app/lib/coins.ts),
-- at the measured median once there is one, else at the estimate; NULL with neither. Computed on read, indexed below.
ALTER TABLE tasks ADD COLUMN cents_per_hour INTEGER
  GENERATED ALWAYS AS (payable_amount * 300 / COALESCE(measured_minutes, estimate_minutes)) VIRTUAL;

-- 2. The minutes from start to submit of each timed submission, per task: the median is read from this task's rows
-- in minute order (a seek on the primary key), so it costs what the task has, whatever the table holds. Kept when a
-- submission is later withdrawn or decided: the time it took was measured all the same.
CREATE TABLE task_work_times (
  task_id TEXT NOT NULL,
  minutes INTEGER NOT NULL CHECK (minutes >= 1),
  submission_id TEXT NOT NULL,
  PRIMARY KEY (task_id, minutes, submission_id)
) WITHOUT ROWID;

-- In the statement that inserts the submission: its time is recorded and the task's median worked out again (the
-- mean of the two middle rows, rounded), from the third timed submission on.
CREATE TRIGGER submissions_work_time AFTER INSERT ON submissions
  WHEN NEW.started_at IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO task_work_times (task_id, minutes, submission_id)
    VALUES (NEW.task_id, MAX(1, (NEW.created_at - NEW.started_at + 30000) / 60000), NEW.id);
  UPDATE tasks SET timed_submissions = timed_submissions + 1,
    measured_minutes = CASE WHEN timed_submissions + 1 < 3 THEN NULL ELSE (
      (SELECT minutes FROM task_work_times WHERE task_id = NEW.task_id ORDER BY minutes
        LIMIT 1 OFFSET (SELECT (COUNT(*) - 1) / 2 FROM task_work_times WHERE task_id = NEW.task_id))
      + (SELECT minutes FROM task_work_times WHERE task_id = NEW.task_id ORDER BY minutes
        LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM task_work_times WHERE task_id = NEW.task_id)) + 1) / 2 END
    WHERE id = NEW.task_id;
END;

-- 3. The workers' task list ordered by pay per hour, alone or within a category (as the indexes of 0040).
CREATE INDEX tasks_open_rate_idx ON tasks (cents_per_hour DESC, created_at DESC, completion_date, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_category_rate_idx ON tasks (category, cents_per_hour DESC, created_at DESC, completion_date, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
