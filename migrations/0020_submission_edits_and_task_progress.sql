-- Proof a worker can fix, and progress a buyer can see (docs/decisions/025-withdrawn-and-edited-submissions.md).

-- 1. A pending submission can be edited by its worker. edited_at is the last edit (NULL: never edited). The review
-- window runs from the last time the proof changed, COALESCE(edited_at, created_at), so an edit gives the buyer the
-- whole window again; the Cron Trigger's search for due submissions walks that expression's index instead of the
-- one on created_at.
ALTER TABLE submissions ADD COLUMN edited_at INTEGER;
DROP INDEX submissions_pending_age_idx;
CREATE INDEX submissions_review_due_idx ON submissions (COALESCE(edited_at, created_at)) WHERE status = 'pending';

-- 2. Buyer Home's review queue filtered by one task: that task's pending submissions, newest first, from the index.
CREATE INDEX submissions_task_pending_idx ON submissions (task_id, created_at DESC) WHERE status = 'pending';

-- 3. My Tasks' progress per task (approved, pending; the open slots are the task's own required_workers) and the
-- review queue's choice of tasks (the buyer's tasks with something pending). One row per task that ever had a
-- submission, kept by the triggers below in the same statement as the submission they count, as the counters of
-- 0012 to 0014 are: each takes away what a row counted before a change and adds what it counts after. A withdrawn
-- submission is deleted, so the delete trigger is as much a path as the others.
CREATE TABLE task_figures (
  task_id TEXT PRIMARY KEY,
  buyer_id TEXT NOT NULL,
  pending INTEGER NOT NULL DEFAULT 0 CHECK (pending >= 0),
  approved INTEGER NOT NULL DEFAULT 0 CHECK (approved >= 0)
) WITHOUT ROWID;
-- the buyer's tasks that have submissions waiting, without reading their other tasks
CREATE INDEX task_figures_pending_idx ON task_figures (buyer_id, task_id) WHERE pending > 0;

CREATE TRIGGER task_figures_insert AFTER INSERT ON submissions
  WHEN NEW.status IN ('pending', 'approved')
BEGIN
  INSERT INTO task_figures (task_id, buyer_id, pending, approved)
    VALUES (NEW.task_id, NEW.buyer_id, NEW.status = 'pending', NEW.status = 'approved')
    ON CONFLICT (task_id) DO UPDATE SET pending = pending + excluded.pending, approved = approved + excluded.approved;
END;
CREATE TRIGGER task_figures_leave AFTER UPDATE OF status, task_id ON submissions
  WHEN OLD.status IN ('pending', 'approved')
BEGIN
  UPDATE task_figures SET pending = pending - (OLD.status = 'pending'), approved = approved - (OLD.status = 'approved')
    WHERE task_id = OLD.task_id;
END;
CREATE TRIGGER task_figures_enter AFTER UPDATE OF status, task_id ON submissions
  WHEN NEW.status IN ('pending', 'approved')
BEGIN
  INSERT INTO task_figures (task_id, buyer_id, pending, approved)
    VALUES (NEW.task_id, NEW.buyer_id, NEW.status = 'pending', NEW.status = 'approved')
    ON CONFLICT (task_id) DO UPDATE SET pending = pending + excluded.pending, approved = approved + excluded.approved;
END;
CREATE TRIGGER task_figures_delete AFTER DELETE ON submissions
  WHEN OLD.status IN ('pending', 'approved')
BEGIN
  UPDATE task_figures SET pending = pending - (OLD.status = 'pending'), approved = approved - (OLD.status = 'approved')
    WHERE task_id = OLD.task_id;
END;

-- What is already there.
INSERT INTO task_figures (task_id, buyer_id, pending, approved)
  SELECT task_id, MIN(buyer_id), SUM(status = 'pending'), SUM(status = 'approved') FROM submissions
  WHERE status IN ('pending', 'approved') GROUP BY task_id;
