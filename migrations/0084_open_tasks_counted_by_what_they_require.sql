-- The Task List's count with "Hide tasks I can't do" from counters of what the open tasks require
-- (docs/decisions/116, issue 46).
--
-- The count took the open tasks a worker cannot do off the open-task counters by walking tasks_open_required_idx
-- (0064, 0076): every open task that requires something, tested against the worker's record. On a marketplace of
-- 100,000 tasks that is 2,800 entries, 1.7 ms of each first page. Those tasks are now counted by what they require:
-- per category, the least approval rate and approved submissions (0 for none: every record meets 0), and whether a
-- qualification is required. A worker's record then reads a few dozen rows, whatever the table holds. What a row
-- cannot say (a required qualification the worker holds with the score asked) comes from the worker's grants through
-- tasks_open_qualification_idx below: it costs the open tasks that require what the worker holds.
--
-- A task is counted while it is open with a slot free, not paused and not yet marked past its day by the daily job
-- (date_passed, 0081), and requires something. The days are not kept (a row per day would be as many rows as tasks):
-- the few tasks past their day that the job has not marked yet are taken off at read time, as the search's count does
-- (0083). A slot taken or returned changes neither the count nor the key, so it writes nothing here.
CREATE TABLE open_tasks_by_requirement (
  category TEXT NOT NULL,
  min_approval_rate INTEGER NOT NULL,
  min_approved INTEGER NOT NULL,
  with_qualification INTEGER NOT NULL CHECK (with_qualification IN (0, 1)),
  tasks INTEGER NOT NULL CHECK (tasks >= 0),
  PRIMARY KEY (category, min_approval_rate, min_approved, with_qualification)
) WITHOUT ROWID;
INSERT INTO open_tasks_by_requirement (category, min_approval_rate, min_approved, with_qualification, tasks)
  SELECT category, IFNULL(min_approval_rate, 0), IFNULL(min_approved, 0), qualification_id IS NOT NULL, COUNT(*)
  FROM tasks
  WHERE deleted_at IS NULL AND required_workers > 0 AND paused_at IS NULL AND date_passed = 0
    AND (min_approval_rate IS NOT NULL OR min_approved IS NOT NULL OR qualification_id IS NOT NULL)
  GROUP BY 1, 2, 3, 4;

CREATE TRIGGER tasks_by_requirement_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.paused_at IS NULL AND NEW.date_passed = 0
    AND (NEW.min_approval_rate IS NOT NULL OR NEW.min_approved IS NOT NULL OR NEW.qualification_id IS NOT NULL)
BEGIN
  INSERT INTO open_tasks_by_requirement (category, min_approval_rate, min_approved, with_qualification, tasks)
    VALUES (NEW.category, IFNULL(NEW.min_approval_rate, 0), IFNULL(NEW.min_approved, 0), NEW.qualification_id IS NOT NULL, 1)
    ON CONFLICT (category, min_approval_rate, min_approved, with_qualification) DO UPDATE SET tasks = tasks + 1;
END;
-- leaves its row when it stops being counted or its key changes; enters one when it starts or its key changed
CREATE TRIGGER tasks_by_requirement_leave AFTER UPDATE OF deleted_at, required_workers, paused_at, date_passed, category, min_approval_rate, min_approved, qualification_id ON tasks
  WHEN OLD.deleted_at IS NULL AND OLD.required_workers > 0 AND OLD.paused_at IS NULL AND OLD.date_passed = 0
    AND (OLD.min_approval_rate IS NOT NULL OR OLD.min_approved IS NOT NULL OR OLD.qualification_id IS NOT NULL)
    AND NOT (NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.paused_at IS NULL AND NEW.date_passed = 0
      AND NEW.category = OLD.category AND NEW.min_approval_rate IS OLD.min_approval_rate
      AND NEW.min_approved IS OLD.min_approved AND (NEW.qualification_id IS NULL) = (OLD.qualification_id IS NULL))
BEGIN
  UPDATE open_tasks_by_requirement SET tasks = tasks - 1
    WHERE category = OLD.category AND min_approval_rate = IFNULL(OLD.min_approval_rate, 0)
      AND min_approved = IFNULL(OLD.min_approved, 0) AND with_qualification = (OLD.qualification_id IS NOT NULL);
END;
CREATE TRIGGER tasks_by_requirement_enter AFTER UPDATE OF deleted_at, required_workers, paused_at, date_passed, category, min_approval_rate, min_approved, qualification_id ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0 AND NEW.paused_at IS NULL AND NEW.date_passed = 0
    AND (NEW.min_approval_rate IS NOT NULL OR NEW.min_approved IS NOT NULL OR NEW.qualification_id IS NOT NULL)
    AND NOT (OLD.deleted_at IS NULL AND OLD.required_workers > 0 AND OLD.paused_at IS NULL AND OLD.date_passed = 0
      AND NEW.category = OLD.category AND NEW.min_approval_rate IS OLD.min_approval_rate
      AND NEW.min_approved IS OLD.min_approved AND (NEW.qualification_id IS NULL) = (OLD.qualification_id IS NULL))
BEGIN
  INSERT INTO open_tasks_by_requirement (category, min_approval_rate, min_approved, with_qualification, tasks)
    VALUES (NEW.category, IFNULL(NEW.min_approval_rate, 0), IFNULL(NEW.min_approved, 0), NEW.qualification_id IS NOT NULL, 1)
    ON CONFLICT (category, min_approval_rate, min_approved, with_qualification) DO UPDATE SET tasks = tasks + 1;
END;
CREATE TRIGGER tasks_by_requirement_delete AFTER DELETE ON tasks
  WHEN OLD.deleted_at IS NULL AND OLD.required_workers > 0 AND OLD.paused_at IS NULL AND OLD.date_passed = 0
    AND (OLD.min_approval_rate IS NOT NULL OR OLD.min_approved IS NOT NULL OR OLD.qualification_id IS NOT NULL)
BEGIN
  UPDATE open_tasks_by_requirement SET tasks = tasks - 1
    WHERE category = OLD.category AND min_approval_rate = IFNULL(OLD.min_approval_rate, 0)
      AND min_approved = IFNULL(OLD.min_approved, 0) AND with_qualification = (OLD.qualification_id IS NOT NULL);
END;

-- The counted tasks that require a qualification, by qualification and score asked: a worker's grants find, among
-- them, those whose qualification they hold well enough, which the counters above cannot tell apart.
CREATE INDEX tasks_open_qualification_idx ON tasks (qualification_id, qualification_min_score, category, min_approval_rate, min_approved)
  WHERE deleted_at IS NULL AND required_workers > 0 AND paused_at IS NULL AND date_passed = 0 AND qualification_id IS NOT NULL;

-- read by nothing now: every open task that requires something, which the count walked
DROP INDEX tasks_open_required_idx;
