-- Appeals of rejected submissions (docs/decisions/014-appeals.md, docs/product/coins.md): a rejected worker appeals
-- once, within 7 days of the rejection, with a short text; an admin upholds the rejection or overturns it. An
-- overturn pays the worker through the ledger: from the task's open slot if the rejection's slot is still open,
-- else from the buyer's balance, and what the balance cannot cover is advanced against the buyer's debt.

-- 1. One appeal per submission (the UNIQUE index refuses a second, however requests race). The worker and buyer are
-- the submission's, copied so the admin queue and the worker's list read one table. The decision is written once:
-- a pending appeal has no decision, a decided one has its time and admin.
CREATE TABLE appeals (
  id TEXT PRIMARY KEY,
  submission_id TEXT NOT NULL REFERENCES submissions (id),
  worker_id TEXT NOT NULL REFERENCES users (id),
  buyer_id TEXT NOT NULL REFERENCES users (id),
  appeal_text TEXT NOT NULL CHECK (length(trim(appeal_text)) BETWEEN 10 AND 500),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'upheld', 'overturned')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT REFERENCES users (id),
  CHECK ((status = 'pending') = (decided_at IS NULL AND decided_by IS NULL))
);
CREATE UNIQUE INDEX appeals_submission_unique ON appeals (submission_id);
-- The admin queue: pending appeals oldest first, decided ones newest decision first; each list walks its own
-- partial index in its order (the id breaks ties of equal times).
CREATE INDEX appeals_pending_idx ON appeals (created_at, id) WHERE status = 'pending';
CREATE INDEX appeals_decided_idx ON appeals (decided_at DESC, id) WHERE status <> 'pending';

-- 2. Two ledger kinds for an overturn. coin_ledger 'appeal_charge': what the buyer pays for an overturned rejection
-- (the pay, less the escrow of the open slot taken back; a refund when that slot held more). 'debt_advance', in
-- coin_ledger and debt_ledger alike: the coins the buyer's balance lacked for that charge, credited to the balance
-- and owed at once (coins created against a debt: a term of the conservation identity, app/server/db/conservation-sql.ts).
-- SQLite changes a CHECK only by rebuilding the table: copy the rows, swap the tables, then recreate every index and
-- trigger of migrations 0003 and 0006 (dropping a table drops its triggers without firing them).
CREATE TABLE coin_ledger_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('signup_bonus', 'purchase', 'admin_adjustment', 'task_charge', 'task_update', 'task_refund', 'slot_reopen', 'submission_payout', 'withdrawal_hold', 'withdrawal_release', 'purchase_reversal', 'debt_settlement', 'appeal_charge', 'debt_advance')),
  task_id TEXT,
  submission_id TEXT,
  withdrawal_id TEXT,
  order_id TEXT,
  reversal_id TEXT,
  note TEXT,
  created_at INTEGER NOT NULL
);
INSERT INTO coin_ledger_new (id, user_id, delta, kind, task_id, submission_id, withdrawal_id, order_id, reversal_id, note, created_at)
  SELECT id, user_id, delta, kind, task_id, submission_id, withdrawal_id, order_id, reversal_id, note, created_at FROM coin_ledger;
DROP TABLE coin_ledger;
ALTER TABLE coin_ledger_new RENAME TO coin_ledger;
CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id, created_at DESC);
CREATE INDEX coin_ledger_kind_idx ON coin_ledger (kind);
CREATE UNIQUE INDEX coin_ledger_payout_unique ON coin_ledger (submission_id) WHERE kind = 'submission_payout';
CREATE UNIQUE INDEX coin_ledger_withdrawal_unique ON coin_ledger (withdrawal_id, kind) WHERE withdrawal_id IS NOT NULL;
CREATE UNIQUE INDEX coin_ledger_order_unique ON coin_ledger (order_id, kind) WHERE order_id IS NOT NULL AND kind IN ('purchase', 'debt_settlement');
CREATE UNIQUE INDEX coin_ledger_reversal_unique ON coin_ledger (reversal_id) WHERE reversal_id IS NOT NULL;
-- an overturned rejection charges its buyer once
CREATE UNIQUE INDEX coin_ledger_appeal_unique ON coin_ledger (submission_id, kind) WHERE kind IN ('appeal_charge', 'debt_advance');

CREATE TRIGGER coin_ledger_no_spending_in_debt BEFORE INSERT ON coin_ledger
  WHEN NEW.delta < 0 AND NEW.kind IN ('task_charge', 'task_update', 'withdrawal_hold')
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
INSERT INTO totals (name, value) VALUES ('ledger.appeal_charge', 0), ('ledger.debt_advance', 0);

CREATE TABLE debt_ledger_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('purchase_reversal', 'debt_settlement', 'debt_advance')),
  order_id TEXT,
  reversal_id TEXT,
  submission_id TEXT,
  note TEXT,
  created_at INTEGER NOT NULL
);
INSERT INTO debt_ledger_new (id, user_id, delta, kind, order_id, reversal_id, note, created_at)
  SELECT id, user_id, delta, kind, order_id, reversal_id, note, created_at FROM debt_ledger;
DROP TABLE debt_ledger;
ALTER TABLE debt_ledger_new RENAME TO debt_ledger;
CREATE INDEX debt_ledger_user_idx ON debt_ledger (user_id, created_at DESC);
CREATE UNIQUE INDEX debt_ledger_reversal_unique ON debt_ledger (reversal_id) WHERE reversal_id IS NOT NULL;
-- an overturned rejection advances its buyer's shortfall once
CREATE UNIQUE INDEX debt_ledger_appeal_unique ON debt_ledger (submission_id) WHERE submission_id IS NOT NULL;
