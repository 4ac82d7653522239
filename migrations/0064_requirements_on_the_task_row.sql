-- Who may work on a task, on the task's own row (docs/decisions/083-the-task-list-reads-kept-figures-and-one-index-per-filter.md):
-- the Task List shows on each card whether the worker qualifies and, with "Hide tasks I can't do" (on by default),
-- leaves out the open tasks they cannot do. task_requirements (0042) and task_qualifications (0043) stay the rows
-- the posting writes and the check where a slot is taken reads; the triggers below keep a copy of them on tasks in the
-- same statement, so that one partial index holds the open tasks that require anything, with what they require.
--
-- A task's requirements are written in its posting's batch and never changed after (a task's requirement cannot be
-- edited); a requirement row leaves only when its qualification is deleted, which no live task may still require.
ALTER TABLE tasks ADD COLUMN min_approval_rate INTEGER;
ALTER TABLE tasks ADD COLUMN min_approved INTEGER;
ALTER TABLE tasks ADD COLUMN qualification_id TEXT;
ALTER TABLE tasks ADD COLUMN qualification_min_score INTEGER;

CREATE TRIGGER task_requirements_kept_insert AFTER INSERT ON task_requirements
BEGIN
  UPDATE tasks SET min_approval_rate = NEW.min_approval_rate, min_approved = NEW.min_approved WHERE id = NEW.task_id;
END;
CREATE TRIGGER task_requirements_kept_update AFTER UPDATE ON task_requirements
BEGIN
  UPDATE tasks SET min_approval_rate = NULL, min_approved = NULL WHERE id = OLD.task_id;
  UPDATE tasks SET min_approval_rate = NEW.min_approval_rate, min_approved = NEW.min_approved WHERE id = NEW.task_id;
END;
CREATE TRIGGER task_requirements_kept_delete AFTER DELETE ON task_requirements
BEGIN
  UPDATE tasks SET min_approval_rate = NULL, min_approved = NULL WHERE id = OLD.task_id;
END;
CREATE TRIGGER task_qualifications_kept_insert AFTER INSERT ON task_qualifications
BEGIN
  UPDATE tasks SET qualification_id = NEW.qualification_id, qualification_min_score = NEW.min_score
    WHERE id = NEW.task_id;
END;
CREATE TRIGGER task_qualifications_kept_update AFTER UPDATE ON task_qualifications
BEGIN
  UPDATE tasks SET qualification_id = NULL, qualification_min_score = NULL WHERE id = OLD.task_id;
  UPDATE tasks SET qualification_id = NEW.qualification_id, qualification_min_score = NEW.min_score
    WHERE id = NEW.task_id;
END;
CREATE TRIGGER task_qualifications_kept_delete AFTER DELETE ON task_qualifications
BEGIN
  UPDATE tasks SET qualification_id = NULL, qualification_min_score = NULL WHERE id = OLD.task_id;
END;

-- What is already there.
UPDATE tasks SET min_approval_rate = r.min_approval_rate, min_approved = r.min_approved
  FROM task_requirements AS r WHERE r.task_id = tasks.id;
UPDATE tasks SET qualification_id = q.qualification_id, qualification_min_score = q.min_score
  FROM task_qualifications AS q WHERE q.task_id = tasks.id;

-- The open tasks that require anything, by day (the list reads from today on), with what they require: the set of
-- open tasks a worker cannot do is one range of this index, tested entry by entry against the worker's record (and a
-- primary-key probe of their grant where a qualification is required). Its cost is the open tasks that require
-- something, whatever the table holds.
CREATE INDEX tasks_open_required_idx ON tasks (completion_date, category, min_approval_rate, min_approved, qualification_id, qualification_min_score, required_workers, held_slots, deleted_at, buyer_id)
  WHERE deleted_at IS NULL AND required_workers + held_slots > 0
    AND (min_approval_rate IS NOT NULL OR min_approved IS NOT NULL OR qualification_id IS NOT NULL);
