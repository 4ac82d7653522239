-- Payouts a worker can check (docs/product/coins.md, "Withdrawing"): a worker may cancel a pending request (status
-- 'cancelled': the held coins come back as a 'withdrawal_release' posting, once per request by the UNIQUE index on
-- (withdrawal_id, kind)), and a bank payout names the bank and its branch or routing number beside the account.
-- SQLite changes a CHECK only by rebuilding the table: copy the rows, swap the tables, then recreate every index
-- and trigger of migrations 0001, 0006, 0010 and 0012 (dropping a table drops its triggers without firing them).
CREATE TABLE withdrawals_new (
  id TEXT PRIMARY KEY,
  worker_id TEXT NOT NULL REFERENCES users (id),
  withdrawal_coin INTEGER NOT NULL CHECK (withdrawal_coin >= 200),
  -- dollars in cents: withdrawal_coin * 100 / 20
  withdrawal_cents INTEGER NOT NULL CHECK (withdrawal_cents = withdrawal_coin * 5),
  payment_system TEXT NOT NULL CHECK (payment_system IN ('Bkash', 'Rocket', 'Nagad', 'Bank', 'Others')),
  account_number TEXT NOT NULL,
  -- a Bank payout's bank and its branch or routing number; NULL for the mobile wallets and Others
  bank_name TEXT,
  bank_branch TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  decision_reason TEXT,
  -- the admin who approved or rejected it, or the worker who cancelled it
  decided_by TEXT REFERENCES users (id),
  created_at INTEGER NOT NULL,
  decided_at INTEGER
);
INSERT INTO withdrawals_new (id, worker_id, withdrawal_coin, withdrawal_cents, payment_system, account_number, status,
    decision_reason, decided_by, created_at, decided_at)
  SELECT id, worker_id, withdrawal_coin, withdrawal_cents, payment_system, account_number, status, decision_reason,
    decided_by, created_at, decided_at FROM withdrawals;
DROP TABLE withdrawals;
ALTER TABLE withdrawals_new RENAME TO withdrawals;
CREATE INDEX withdrawals_worker_idx ON withdrawals (worker_id, created_at DESC);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at DESC);
CREATE INDEX withdrawals_decided_idx ON withdrawals (status, decided_at, withdrawal_coin);

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

CREATE TRIGGER daily_activity_withdrawal_insert AFTER INSERT ON withdrawals
  WHEN NEW.status = 'approved' AND NEW.decided_at IS NOT NULL
BEGIN
  INSERT INTO daily_activity (day, withdrawn)
    VALUES (strftime('%Y-%m-%d', NEW.decided_at / 1000, 'unixepoch'), NEW.withdrawal_coin)
    ON CONFLICT (day) DO UPDATE SET withdrawn = withdrawn + excluded.withdrawn;
END;
CREATE TRIGGER daily_activity_withdrawal_leave AFTER UPDATE OF status, withdrawal_coin, decided_at ON withdrawals
  WHEN OLD.status = 'approved' AND OLD.decided_at IS NOT NULL
BEGIN
  INSERT INTO daily_activity (day, withdrawn)
    VALUES (strftime('%Y-%m-%d', OLD.decided_at / 1000, 'unixepoch'), -OLD.withdrawal_coin)
    ON CONFLICT (day) DO UPDATE SET withdrawn = withdrawn + excluded.withdrawn;
END;
CREATE TRIGGER daily_activity_withdrawal_enter AFTER UPDATE OF status, withdrawal_coin, decided_at ON withdrawals
  WHEN NEW.status = 'approved' AND NEW.decided_at IS NOT NULL
BEGIN
  INSERT INTO daily_activity (day, withdrawn)
    VALUES (strftime('%Y-%m-%d', NEW.decided_at / 1000, 'unixepoch'), NEW.withdrawal_coin)
    ON CONFLICT (day) DO UPDATE SET withdrawn = withdrawn + excluded.withdrawn;
END;
CREATE TRIGGER daily_activity_withdrawal_delete AFTER DELETE ON withdrawals
  WHEN OLD.status = 'approved' AND OLD.decided_at IS NOT NULL
BEGIN
  INSERT INTO daily_activity (day, withdrawn)
    VALUES (strftime('%Y-%m-%d', OLD.decided_at / 1000, 'unixepoch'), -OLD.withdrawal_coin)
    ON CONFLICT (day) DO UPDATE SET withdrawn = withdrawn + excluded.withdrawn;
END;
