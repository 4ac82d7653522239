-- Tasks past their day out of the open-task walks (docs/decisions/110, docs/performance.md, issue 46).
--
-- The open-task indexes (migrations/0054, 0065, 0076) hold every task with a slot open or held, not deleted nor
-- paused: a task whose completion date simply passes changes nothing, so it stays in them for good, and a list tests
-- its date on each entry it walks. On a marketplace of 100,000 tasks, four in five of those entries are past their
-- day. A list read from the other end of its order (a late page, tasks.server.ts's latePage: the oldest first for
-- "newest") walks through all of them before the first open task: the walk grew with every task ever posted.
--
-- date_passed is 1 once the daily job (app/server/jobs/open-task-search.server.ts) has found the task's day passed;
-- the six indexes that lists walk in an order other than the date's leave those tasks out. It only ever prunes:
-- every list still tests the date itself, so a task not yet marked is left out as before, and a task whose date is
-- moved (an edit) is unmarked at once by the trigger below, to be marked again if that day passes too.
ALTER TABLE tasks ADD COLUMN date_passed INTEGER NOT NULL DEFAULT 0 CHECK (date_passed IN (0, 1));
UPDATE tasks SET date_passed = 1 WHERE completion_date < date('now');

CREATE TRIGGER tasks_date_moved AFTER UPDATE OF completion_date ON tasks WHEN NEW.date_passed = 1
BEGIN
  UPDATE tasks SET date_passed = 0 WHERE rowid = NEW.rowid;
END;

DROP INDEX tasks_open_idx;
CREATE INDEX tasks_open_idx ON tasks (created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at, date_passed) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0;
DROP INDEX tasks_open_pay_idx;
CREATE INDEX tasks_open_pay_idx ON tasks (payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at, date_passed) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0;
DROP INDEX tasks_open_rate_idx;
CREATE INDEX tasks_open_rate_idx ON tasks (cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at, date_passed) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0;
DROP INDEX tasks_open_category_idx;
CREATE INDEX tasks_open_category_idx ON tasks (category, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at, date_passed) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0;
DROP INDEX tasks_open_category_pay_idx;
CREATE INDEX tasks_open_category_pay_idx ON tasks (category, payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at, date_passed) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0;
DROP INDEX tasks_open_category_rate_idx;
CREATE INDEX tasks_open_category_rate_idx ON tasks (category, cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, min_approval_rate, min_approved, qualification_id, qualification_min_score, paused_at, date_passed) WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL AND date_passed = 0;
