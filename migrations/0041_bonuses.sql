-- Bonuses (app/server/services/bonuses.server.ts, docs/product/quality.md): a buyer pays a worker extra coins for a
-- reviewed submission, with a reason the worker reads. The coins move from the buyer's balance to the worker's in
-- one batch under a ledger kind of their own ('bonus': the buyer's row negative, the worker's positive, both naming
-- the bonus), never from escrow; CHECK (coin >= 0) refuses a bonus the balance cannot pay. A bonus is made once per
-- request key of its buyer (UNIQUE), so a request sent twice pays once.
CREATE TABLE bonuses (
  id TEXT PRIMARY KEY,
  submission_id TEXT NOT NULL REFERENCES submissions (id),
  buyer_id TEXT NOT NULL REFERENCES users (id),
  worker_id TEXT NOT NULL REFERENCES users (id),
  coins INTEGER NOT NULL CHECK (coins > 0),
  reason TEXT NOT NULL,
  request_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX bonuses_request_unique ON bonuses (buyer_id, request_key);
CREATE INDEX bonuses_buyer_idx ON bonuses (buyer_id, created_at DESC);
CREATE INDEX bonuses_worker_idx ON bonuses (worker_id, created_at DESC);
CREATE INDEX bonuses_submission_idx ON bonuses (submission_id, created_at);

-- coin_ledger gains the kind 'bonus' and a bonus_id. SQLite changes a CHECK only by rebuilding the table: copy the
-- rows, swap the tables, then recreate every index and trigger on it (those of 0003, 0006, 0007, 0010 and 0012;
-- dropping a table drops its triggers without firing them). A bonus is a spend, so coins owed block it as they
-- block posting a task.
CREATE TABLE coin_ledger_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('signup_bonus', 'purchase', 'admin_adjustment', 'task_charge', 'task_update', 'task_refund', 'slot_reopen', 'submission_payout', 'withdrawal_hold', 'withdrawal_release', 'purchase_reversal', 'debt_settlement', 'appeal_charge', 'debt_advance', 'bonus')),
  task_id TEXT,
  submission_id TEXT,
  withdrawal_id TEXT,
  order_id TEXT,
  reversal_id TEXT,
  bonus_id TEXT,
  note TEXT,
  created_at INTEGER NOT NULL
);
INSERT INTO coin_ledger_new (id, user_id, delta, kind, task_id, submission_id, withdrawal_id, order_id, reversal_id, note, created_at)
  SELECT id, user_id, delta, kind, task_id, submission_id, withdrawal_id, order_id, reversal_id, note, created_at FROM coin_ledger;
DROP TABLE coin_ledger;
ALTER TABLE coin_ledger_new RENAME TO coin_ledger;
CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id, created_at DESC);
CREATE INDEX coin_ledger_kind_idx ON coin_ledger (kind, created_at, delta);
CREATE UNIQUE INDEX coin_ledger_payout_unique ON coin_ledger (submission_id) WHERE kind = 'submission_payout';
CREATE UNIQUE INDEX coin_ledger_withdrawal_unique ON coin_ledger (withdrawal_id, kind) WHERE withdrawal_id IS NOT NULL;
CREATE UNIQUE INDEX coin_ledger_order_unique ON coin_ledger (order_id, kind) WHERE order_id IS NOT NULL AND kind IN ('purchase', 'debt_settlement');
CREATE UNIQUE INDEX coin_ledger_reversal_unique ON coin_ledger (reversal_id) WHERE reversal_id IS NOT NULL;
CREATE UNIQUE INDEX coin_ledger_appeal_unique ON coin_ledger (submission_id, kind) WHERE kind IN ('appeal_charge', 'debt_advance');
-- a bonus charges its buyer once and pays its worker once
CREATE UNIQUE INDEX coin_ledger_bonus_unique ON coin_ledger (bonus_id, user_id) WHERE bonus_id IS NOT NULL;

CREATE TRIGGER coin_ledger_no_spending_in_debt BEFORE INSERT ON coin_ledger
  WHEN NEW.delta < 0 AND NEW.kind IN ('task_charge', 'task_update', 'withdrawal_hold', 'bonus')
    AND (SELECT debt_coins FROM users WHERE id = NEW.user_id) > 0
BEGIN
  SELECT RAISE(ABORT, 'constraint failed: coins owed (users.debt_coins > 0)');
END;
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
-- the net of every bonus row: 0 while each bonus charged what it paid (a term the identity requires to be 0)
INSERT INTO totals (name, value) VALUES ('ledger.bonus', 0);
CREATE TRIGGER daily_activity_payout_insert AFTER INSERT ON coin_ledger
  WHEN NEW.kind = 'submission_payout'
BEGIN
  INSERT INTO daily_activity (day, paid_out) VALUES (strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), NEW.delta)
    ON CONFLICT (day) DO UPDATE SET paid_out = paid_out + excluded.paid_out;
END;
CREATE TRIGGER daily_activity_payout_leave AFTER UPDATE OF kind, delta, created_at ON coin_ledger
  WHEN OLD.kind = 'submission_payout'
BEGIN
  INSERT INTO daily_activity (day, paid_out) VALUES (strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch'), -OLD.delta)
    ON CONFLICT (day) DO UPDATE SET paid_out = paid_out + excluded.paid_out;
END;
CREATE TRIGGER daily_activity_payout_enter AFTER UPDATE OF kind, delta, created_at ON coin_ledger
  WHEN NEW.kind = 'submission_payout'
BEGIN
  INSERT INTO daily_activity (day, paid_out) VALUES (strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), NEW.delta)
    ON CONFLICT (day) DO UPDATE SET paid_out = paid_out + excluded.paid_out;
END;
CREATE TRIGGER daily_activity_payout_delete AFTER DELETE ON coin_ledger
  WHEN OLD.kind = 'submission_payout'
BEGIN
  INSERT INTO daily_activity (day, paid_out) VALUES (strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch'), -OLD.delta)
    ON CONFLICT (day) DO UPDATE SET paid_out = paid_out + excluded.paid_out;
END;
