-- Buyer Home's four figures (buyerStats in app/server/services/tasks.server.ts): live tasks, their open slots,
-- dollars spent on coins and coins paid to workers. Summed over the buyer's whole history they cost as many rows
-- as the buyer ever made (7.5 ms of SQL for a buyer of 2,336 tasks in the benchmark's LARGE database); one row per
-- buyer, kept by the triggers below in the same statement as the row it counts, makes it one primary-key read.
-- As in 0012, each trigger takes away what a row counted before a change and adds what it counts after
-- (tests/server/fixtures/counters.ts compares the rows with the sums).
CREATE TABLE buyer_figures (
  buyer_id TEXT PRIMARY KEY,
  -- tasks not deleted, and the sum of their required_workers (the slots still open)
  live_tasks INTEGER NOT NULL DEFAULT 0,
  open_slots INTEGER NOT NULL DEFAULT 0,
  -- orders.price_cents, every order
  spent_cents INTEGER NOT NULL DEFAULT 0,
  -- payable_amount of the submissions on the buyer's tasks that are approved
  paid_coins INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TRIGGER buyer_figures_task_insert AFTER INSERT ON tasks
  WHEN NEW.deleted_at IS NULL
BEGIN
  INSERT INTO buyer_figures (buyer_id, live_tasks, open_slots) VALUES (NEW.buyer_id, 1, NEW.required_workers)
    ON CONFLICT (buyer_id) DO UPDATE SET live_tasks = live_tasks + 1, open_slots = open_slots + excluded.open_slots;
END;
CREATE TRIGGER buyer_figures_task_leave AFTER UPDATE OF deleted_at, required_workers, buyer_id ON tasks
  WHEN OLD.deleted_at IS NULL
BEGIN
  INSERT INTO buyer_figures (buyer_id, live_tasks, open_slots) VALUES (OLD.buyer_id, -1, -OLD.required_workers)
    ON CONFLICT (buyer_id) DO UPDATE SET live_tasks = live_tasks - 1, open_slots = open_slots + excluded.open_slots;
END;
CREATE TRIGGER buyer_figures_task_enter AFTER UPDATE OF deleted_at, required_workers, buyer_id ON tasks
  WHEN NEW.deleted_at IS NULL
BEGIN
  INSERT INTO buyer_figures (buyer_id, live_tasks, open_slots) VALUES (NEW.buyer_id, 1, NEW.required_workers)
    ON CONFLICT (buyer_id) DO UPDATE SET live_tasks = live_tasks + 1, open_slots = open_slots + excluded.open_slots;
END;
CREATE TRIGGER buyer_figures_task_delete AFTER DELETE ON tasks
  WHEN OLD.deleted_at IS NULL
BEGIN
  INSERT INTO buyer_figures (buyer_id, live_tasks, open_slots) VALUES (OLD.buyer_id, -1, -OLD.required_workers)
    ON CONFLICT (buyer_id) DO UPDATE SET live_tasks = live_tasks - 1, open_slots = open_slots + excluded.open_slots;
END;

CREATE TRIGGER buyer_figures_order_insert AFTER INSERT ON orders
BEGIN
  INSERT INTO buyer_figures (buyer_id, spent_cents) VALUES (NEW.user_id, NEW.price_cents)
    ON CONFLICT (buyer_id) DO UPDATE SET spent_cents = spent_cents + excluded.spent_cents;
END;
CREATE TRIGGER buyer_figures_order_update AFTER UPDATE OF price_cents, user_id ON orders
BEGIN
  INSERT INTO buyer_figures (buyer_id, spent_cents) VALUES (OLD.user_id, -OLD.price_cents)
    ON CONFLICT (buyer_id) DO UPDATE SET spent_cents = spent_cents + excluded.spent_cents;
  INSERT INTO buyer_figures (buyer_id, spent_cents) VALUES (NEW.user_id, NEW.price_cents)
    ON CONFLICT (buyer_id) DO UPDATE SET spent_cents = spent_cents + excluded.spent_cents;
END;
CREATE TRIGGER buyer_figures_order_delete AFTER DELETE ON orders
BEGIN
  INSERT INTO buyer_figures (buyer_id, spent_cents) VALUES (OLD.user_id, -OLD.price_cents)
    ON CONFLICT (buyer_id) DO UPDATE SET spent_cents = spent_cents + excluded.spent_cents;
END;

CREATE TRIGGER buyer_figures_payment_insert AFTER INSERT ON submissions
  WHEN NEW.status = 'approved'
BEGIN
  INSERT INTO buyer_figures (buyer_id, paid_coins) VALUES (NEW.buyer_id, NEW.payable_amount)
    ON CONFLICT (buyer_id) DO UPDATE SET paid_coins = paid_coins + excluded.paid_coins;
END;
CREATE TRIGGER buyer_figures_payment_leave AFTER UPDATE OF status, payable_amount, buyer_id ON submissions
  WHEN OLD.status = 'approved'
BEGIN
  INSERT INTO buyer_figures (buyer_id, paid_coins) VALUES (OLD.buyer_id, -OLD.payable_amount)
    ON CONFLICT (buyer_id) DO UPDATE SET paid_coins = paid_coins + excluded.paid_coins;
END;
CREATE TRIGGER buyer_figures_payment_enter AFTER UPDATE OF status, payable_amount, buyer_id ON submissions
  WHEN NEW.status = 'approved'
BEGIN
  INSERT INTO buyer_figures (buyer_id, paid_coins) VALUES (NEW.buyer_id, NEW.payable_amount)
    ON CONFLICT (buyer_id) DO UPDATE SET paid_coins = paid_coins + excluded.paid_coins;
END;
CREATE TRIGGER buyer_figures_payment_delete AFTER DELETE ON submissions
  WHEN OLD.status = 'approved'
BEGIN
  INSERT INTO buyer_figures (buyer_id, paid_coins) VALUES (OLD.buyer_id, -OLD.payable_amount)
    ON CONFLICT (buyer_id) DO UPDATE SET paid_coins = paid_coins + excluded.paid_coins;
END;

-- What is already there.
INSERT INTO buyer_figures (buyer_id, live_tasks, open_slots, spent_cents, paid_coins)
  SELECT buyer_id, SUM(live_tasks), SUM(open_slots), SUM(spent_cents), SUM(paid_coins) FROM (
    SELECT buyer_id, 1 AS live_tasks, required_workers AS open_slots, 0 AS spent_cents, 0 AS paid_coins
      FROM tasks WHERE deleted_at IS NULL
    UNION ALL
    SELECT user_id, 0, 0, price_cents, 0 FROM orders
    UNION ALL
    SELECT buyer_id, 0, 0, 0, payable_amount FROM submissions WHERE status = 'approved'
  )
  GROUP BY buyer_id;
