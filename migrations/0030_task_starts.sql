-- Start before work (docs/decisions/034-a-start-holds-a-slot.md): a worker starts a task, which holds one of its
-- slots for them for the task's time allowance; the proof is sent from the held slot.

-- 1. The buyer's time allowance per slot, in minutes (Add and Update Task: 5 minutes to 24 hours, 60 by default).
ALTER TABLE tasks ADD COLUMN time_allowance_minutes INTEGER NOT NULL DEFAULT 60
  CHECK (time_allowance_minutes BETWEEN 5 AND 1440);

-- 2. When the worker started the work a submission proves (NULL: sent without a start, by the REST API's one step).
ALTER TABLE submissions ADD COLUMN started_at INTEGER;

-- 3. The held slots. A start takes a slot from tasks.required_workers (the open slots, which the open-task
-- counters and indexes of 0006, 0013, 0015 and 0022 follow) into a row here, escrowed at the task's pay as read
-- (payable_amount), as a pending submission is; the proof moves that pay into the submission, while giving the
-- task back or running out of time returns the slot. One hold per worker and task.
CREATE TABLE task_holds (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  worker_id TEXT NOT NULL REFERENCES users (id),
  buyer_id TEXT NOT NULL REFERENCES users (id),
  payable_amount INTEGER NOT NULL CHECK (payable_amount > 0),
  started_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL CHECK (expires_at > started_at),
  PRIMARY KEY (task_id, worker_id)
) WITHOUT ROWID;
-- the Cron Trigger's sweep of holds whose time ran out, oldest first
CREATE INDEX task_holds_expiry_idx ON task_holds (expires_at);
-- a worker's held tasks (Worker Home, the task list's marks)
CREATE INDEX task_holds_worker_idx ON task_holds (worker_id, expires_at);

-- 4. The escrow of held slots, a term of the conservation identity, as a running total beside escrow_open_slots and
-- escrow_pending (0006), kept in the same statement as the holds it sums.
INSERT INTO totals (name, value) VALUES ('escrow_held', 0);
CREATE TRIGGER task_holds_totals_insert AFTER INSERT ON task_holds
BEGIN
  UPDATE totals SET value = value + NEW.payable_amount WHERE name = 'escrow_held';
END;
CREATE TRIGGER task_holds_totals_update AFTER UPDATE OF payable_amount ON task_holds
BEGIN
  UPDATE totals SET value = value + NEW.payable_amount - OLD.payable_amount WHERE name = 'escrow_held';
END;
CREATE TRIGGER task_holds_totals_delete AFTER DELETE ON task_holds
BEGIN
  UPDATE totals SET value = value - OLD.payable_amount WHERE name = 'escrow_held';
END;
