-- Reads whose cost does not grow with the tables (docs/decisions/013-reads-that-do-not-grow.md): covering indexes
-- for the open-task lists, running totals and per-day open-slot counters kept by triggers (so every writer, the
-- Worker's batches, the seed and the bench generator alike, keeps them in step in the same statement), and trigram
-- full-text indexes for search. Each counter is backfilled here, so an existing database stays right.

-- 1. Open-task lists read only an index until the page's rows are known. Each sort of /tasks2 (newest, pay,
-- deadline), alone and within a category, has its own index, and every index carries the columns its filter tests:
-- the date, and the slots and deletion its WHERE implies (SQLite still tests them). Skipping to a late page then
-- walks index entries, never table rows. The services name the index they walk (INDEXED BY).
DROP INDEX tasks_open_idx;
DROP INDEX tasks_open_pay_idx;
DROP INDEX tasks_open_deadline_idx;
DROP INDEX tasks_all_idx;
CREATE INDEX tasks_open_idx ON tasks (created_at DESC, completion_date, required_workers, deleted_at) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_pay_idx ON tasks (payable_amount DESC, created_at DESC, completion_date, required_workers, deleted_at) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_deadline_idx ON tasks (completion_date, created_at DESC, required_workers, deleted_at) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_category_idx ON tasks (category, created_at DESC, completion_date, required_workers, deleted_at) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_category_pay_idx ON tasks (category, payable_amount DESC, created_at DESC, completion_date, required_workers, deleted_at) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_category_deadline_idx ON tasks (category, completion_date, created_at DESC, required_workers, deleted_at) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_all_idx ON tasks (created_at DESC, deleted_at, buyer_id) WHERE deleted_at IS NULL;
-- The worker home's figures (submissions, pending, coins earned) from the index alone.
DROP INDEX submissions_worker_status_idx;
CREATE INDEX submissions_worker_status_idx ON submissions (worker_id, status, created_at DESC, payable_amount);

-- 2. Open tasks and open slots per completion date and category (live tasks with a slot left). A task is open
-- while its date is today or later, so "open now" is a sum over the rows dated today or later: at most nine rows a
-- day, however many tasks there are. /categories, the landing page and the page counts of /tasks2 read this.
CREATE TABLE open_task_days (
  completion_date TEXT NOT NULL,
  category TEXT NOT NULL,
  tasks INTEGER NOT NULL CHECK (tasks >= 0),
  slots INTEGER NOT NULL CHECK (slots >= 0),
  PRIMARY KEY (completion_date, category)
) WITHOUT ROWID;
INSERT INTO open_task_days (completion_date, category, tasks, slots)
  SELECT completion_date, category, COUNT(*), SUM(required_workers) FROM tasks
  WHERE deleted_at IS NULL AND required_workers > 0 GROUP BY completion_date, category;

CREATE TRIGGER tasks_open_days_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0
BEGIN
  INSERT INTO open_task_days (completion_date, category, tasks, slots)
    VALUES (NEW.completion_date, NEW.category, 1, NEW.required_workers)
    ON CONFLICT (completion_date, category) DO UPDATE SET tasks = tasks + 1, slots = slots + excluded.slots;
END;
CREATE TRIGGER tasks_open_days_leave AFTER UPDATE OF deleted_at, required_workers, completion_date, category ON tasks
  WHEN OLD.deleted_at IS NULL AND OLD.required_workers > 0
BEGIN
  UPDATE open_task_days SET tasks = tasks - 1, slots = slots - OLD.required_workers
    WHERE completion_date = OLD.completion_date AND category = OLD.category;
END;
CREATE TRIGGER tasks_open_days_enter AFTER UPDATE OF deleted_at, required_workers, completion_date, category ON tasks
  WHEN NEW.deleted_at IS NULL AND NEW.required_workers > 0
BEGIN
  INSERT INTO open_task_days (completion_date, category, tasks, slots)
    VALUES (NEW.completion_date, NEW.category, 1, NEW.required_workers)
    ON CONFLICT (completion_date, category) DO UPDATE SET tasks = tasks + 1, slots = slots + excluded.slots;
END;
CREATE TRIGGER tasks_open_days_delete AFTER DELETE ON tasks
  WHEN OLD.deleted_at IS NULL AND OLD.required_workers > 0
BEGIN
  UPDATE open_task_days SET tasks = tasks - 1, slots = slots - OLD.required_workers
    WHERE completion_date = OLD.completion_date AND category = OLD.category;
END;

-- 3. Running totals: the terms of the conservation identity (coins created per ledger kind, balances, debts,
-- escrow, withdrawals) and the admin home's cards. Each trigger adds what a row contributes after the change and
-- takes away what it contributed before. The full check over every row stays in `npm run ledger:check` and the
-- ledger page's "check every balance" (a page view reads these instead).
CREATE TABLE totals (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO totals (name, value) VALUES
  ('ledger.signup_bonus', 0), ('ledger.purchase', 0), ('ledger.admin_adjustment', 0), ('ledger.task_charge', 0),
  ('ledger.task_update', 0), ('ledger.task_refund', 0), ('ledger.slot_reopen', 0), ('ledger.submission_payout', 0),
  ('ledger.withdrawal_hold', 0), ('ledger.withdrawal_release', 0), ('ledger.purchase_reversal', 0),
  ('ledger.debt_settlement', 0);
UPDATE totals SET value = (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger WHERE kind = substr(totals.name, 8))
  WHERE name LIKE 'ledger.%';
INSERT INTO totals (name, value) VALUES
  ('balances', (SELECT COALESCE(SUM(coin), 0) FROM users)),
  ('owed', (SELECT COALESCE(SUM(debt_coins), 0) FROM users)),
  ('active_buyers', (SELECT COUNT(*) FROM users WHERE role = 'Buyer' AND disabled_at IS NULL)),
  ('active_workers', (SELECT COUNT(*) FROM users WHERE role = 'Worker' AND disabled_at IS NULL)),
  ('live_tasks', (SELECT COUNT(*) FROM tasks WHERE deleted_at IS NULL)),
  ('escrow_open_slots', (SELECT COALESCE(SUM(required_workers * payable_amount), 0) FROM tasks WHERE deleted_at IS NULL)),
  ('escrow_pending', (SELECT COALESCE(SUM(payable_amount), 0) FROM submissions WHERE status = 'pending')),
  ('held_for_withdrawals', (SELECT COALESCE(SUM(withdrawal_coin), 0) FROM withdrawals WHERE status = 'pending')),
  ('paid_out', (SELECT COALESCE(SUM(withdrawal_coin), 0) FROM withdrawals WHERE status = 'approved')),
  ('order_cents', (SELECT COALESCE(SUM(price_cents), 0) FROM orders));

CREATE TRIGGER coin_ledger_totals_insert AFTER INSERT ON coin_ledger
BEGIN
  UPDATE totals SET value = value + NEW.delta WHERE name = 'ledger.' || NEW.kind;
END;
CREATE TRIGGER coin_ledger_totals_update AFTER UPDATE OF delta, kind ON coin_ledger
BEGIN
  UPDATE totals SET value = value - OLD.delta WHERE name = 'ledger.' || OLD.kind;
  UPDATE totals SET value = value + NEW.delta WHERE name = 'ledger.' || NEW.kind;
END;
CREATE TRIGGER coin_ledger_totals_delete AFTER DELETE ON coin_ledger
BEGIN
  UPDATE totals SET value = value - OLD.delta WHERE name = 'ledger.' || OLD.kind;
END;

CREATE TRIGGER users_totals_insert AFTER INSERT ON users
BEGIN
  UPDATE totals SET value = value + CASE name
      WHEN 'balances' THEN NEW.coin
      WHEN 'owed' THEN NEW.debt_coins
      WHEN 'active_buyers' THEN NEW.role = 'Buyer' AND NEW.disabled_at IS NULL
      ELSE NEW.role = 'Worker' AND NEW.disabled_at IS NULL END
    WHERE name IN ('balances', 'owed', 'active_buyers', 'active_workers');
END;
CREATE TRIGGER users_totals_update AFTER UPDATE OF coin, debt_coins, role, disabled_at ON users
BEGIN
  UPDATE totals SET value = value + CASE name
      WHEN 'balances' THEN NEW.coin - OLD.coin
      WHEN 'owed' THEN NEW.debt_coins - OLD.debt_coins
      WHEN 'active_buyers' THEN (NEW.role = 'Buyer' AND NEW.disabled_at IS NULL) - (OLD.role = 'Buyer' AND OLD.disabled_at IS NULL)
      ELSE (NEW.role = 'Worker' AND NEW.disabled_at IS NULL) - (OLD.role = 'Worker' AND OLD.disabled_at IS NULL) END
    WHERE name IN ('balances', 'owed', 'active_buyers', 'active_workers');
END;
CREATE TRIGGER users_totals_delete AFTER DELETE ON users
BEGIN
  UPDATE totals SET value = value - CASE name
      WHEN 'balances' THEN OLD.coin
      WHEN 'owed' THEN OLD.debt_coins
      WHEN 'active_buyers' THEN OLD.role = 'Buyer' AND OLD.disabled_at IS NULL
      ELSE OLD.role = 'Worker' AND OLD.disabled_at IS NULL END
    WHERE name IN ('balances', 'owed', 'active_buyers', 'active_workers');
END;

CREATE TRIGGER tasks_totals_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL
BEGIN
  UPDATE totals SET value = value + CASE name
      WHEN 'live_tasks' THEN 1
      ELSE NEW.required_workers * NEW.payable_amount END
    WHERE name IN ('live_tasks', 'escrow_open_slots');
END;
CREATE TRIGGER tasks_totals_update AFTER UPDATE OF deleted_at, required_workers, payable_amount ON tasks
BEGIN
  UPDATE totals SET value = value + CASE name
      WHEN 'live_tasks' THEN (NEW.deleted_at IS NULL) - (OLD.deleted_at IS NULL)
      ELSE (NEW.deleted_at IS NULL) * NEW.required_workers * NEW.payable_amount
        - (OLD.deleted_at IS NULL) * OLD.required_workers * OLD.payable_amount END
    WHERE name IN ('live_tasks', 'escrow_open_slots');
END;
CREATE TRIGGER tasks_totals_delete AFTER DELETE ON tasks
  WHEN OLD.deleted_at IS NULL
BEGIN
  UPDATE totals SET value = value - CASE name
      WHEN 'live_tasks' THEN 1
      ELSE OLD.required_workers * OLD.payable_amount END
    WHERE name IN ('live_tasks', 'escrow_open_slots');
END;

CREATE TRIGGER submissions_totals_insert AFTER INSERT ON submissions
  WHEN NEW.status = 'pending'
BEGIN
  UPDATE totals SET value = value + NEW.payable_amount WHERE name = 'escrow_pending';
END;
CREATE TRIGGER submissions_totals_update AFTER UPDATE OF status, payable_amount ON submissions
BEGIN
  UPDATE totals SET value = value + (NEW.status = 'pending') * NEW.payable_amount
      - (OLD.status = 'pending') * OLD.payable_amount
    WHERE name = 'escrow_pending';
END;
CREATE TRIGGER submissions_totals_delete AFTER DELETE ON submissions
  WHEN OLD.status = 'pending'
BEGIN
  UPDATE totals SET value = value - OLD.payable_amount WHERE name = 'escrow_pending';
END;

CREATE TRIGGER withdrawals_totals_insert AFTER INSERT ON withdrawals
BEGIN
  UPDATE totals SET value = value + CASE name
      WHEN 'held_for_withdrawals' THEN (NEW.status = 'pending') * NEW.withdrawal_coin
      ELSE (NEW.status = 'approved') * NEW.withdrawal_coin END
    WHERE name IN ('held_for_withdrawals', 'paid_out');
END;
CREATE TRIGGER withdrawals_totals_update AFTER UPDATE OF status, withdrawal_coin ON withdrawals
BEGIN
  UPDATE totals SET value = value + CASE name
      WHEN 'held_for_withdrawals' THEN (NEW.status = 'pending') * NEW.withdrawal_coin
        - (OLD.status = 'pending') * OLD.withdrawal_coin
      ELSE (NEW.status = 'approved') * NEW.withdrawal_coin - (OLD.status = 'approved') * OLD.withdrawal_coin END
    WHERE name IN ('held_for_withdrawals', 'paid_out');
END;
CREATE TRIGGER withdrawals_totals_delete AFTER DELETE ON withdrawals
BEGIN
  UPDATE totals SET value = value - CASE name
      WHEN 'held_for_withdrawals' THEN (OLD.status = 'pending') * OLD.withdrawal_coin
      ELSE (OLD.status = 'approved') * OLD.withdrawal_coin END
    WHERE name IN ('held_for_withdrawals', 'paid_out');
END;

CREATE TRIGGER orders_totals_insert AFTER INSERT ON orders
BEGIN
  UPDATE totals SET value = value + NEW.price_cents WHERE name = 'order_cents';
END;
CREATE TRIGGER orders_totals_update AFTER UPDATE OF price_cents ON orders
BEGIN
  UPDATE totals SET value = value + NEW.price_cents - OLD.price_cents WHERE name = 'order_cents';
END;
CREATE TRIGGER orders_totals_delete AFTER DELETE ON orders
BEGIN
  UPDATE totals SET value = value - OLD.price_cents WHERE name = 'order_cents';
END;

-- 4. Search: trigram indexes of tasks' titles and details, and of users' names and e-mails (the admin's search of
-- tasks by buyer), find "contains q" (case-insensitive, 3 or more characters) without reading every row. Each
-- indexes its table's own rows (external content, keyed by the rowid) and is kept in step by triggers. A database
-- copied without them (D1 exports skip virtual tables) gets them back with
-- INSERT INTO tasks_fts (tasks_fts) VALUES ('rebuild') and the same for users_fts.
CREATE VIRTUAL TABLE tasks_fts USING fts5 (task_title, task_detail, content = 'tasks', content_rowid = 'rowid', tokenize = 'trigram');
INSERT INTO tasks_fts (tasks_fts) VALUES ('rebuild');

CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks
BEGIN
  INSERT INTO tasks_fts (rowid, task_title, task_detail) VALUES (NEW.rowid, NEW.task_title, NEW.task_detail);
END;
CREATE TRIGGER tasks_fts_update AFTER UPDATE OF task_title, task_detail ON tasks
BEGIN
  INSERT INTO tasks_fts (tasks_fts, rowid, task_title, task_detail) VALUES ('delete', OLD.rowid, OLD.task_title, OLD.task_detail);
  INSERT INTO tasks_fts (rowid, task_title, task_detail) VALUES (NEW.rowid, NEW.task_title, NEW.task_detail);
END;
CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks
BEGIN
  INSERT INTO tasks_fts (tasks_fts, rowid, task_title, task_detail) VALUES ('delete', OLD.rowid, OLD.task_title, OLD.task_detail);
END;

CREATE VIRTUAL TABLE users_fts USING fts5 (name, email, content = 'users', content_rowid = 'rowid', tokenize = 'trigram');
INSERT INTO users_fts (users_fts) VALUES ('rebuild');

CREATE TRIGGER users_fts_insert AFTER INSERT ON users
BEGIN
  INSERT INTO users_fts (rowid, name, email) VALUES (NEW.rowid, NEW.name, NEW.email);
END;
CREATE TRIGGER users_fts_update AFTER UPDATE OF name, email ON users
BEGIN
  INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', OLD.rowid, OLD.name, OLD.email);
  INSERT INTO users_fts (rowid, name, email) VALUES (NEW.rowid, NEW.name, NEW.email);
END;
CREATE TRIGGER users_fts_delete AFTER DELETE ON users
BEGIN
  INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', OLD.rowid, OLD.name, OLD.email);
END;
