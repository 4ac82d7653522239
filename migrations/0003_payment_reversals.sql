-- Refunds and disputes of card payments take their coins back (docs/decisions/009-payment-modes.md,
-- docs/product/coins.md). What the buyer's balance covers leaves it at once (coin_ledger kind 'purchase_reversal');
-- the rest becomes the buyer's debt, which blocks spending until a purchase settles it ('debt_settlement').

-- Coins a user owes: a cache of the sum of the user's debt_ledger rows, as users.coin is of coin_ledger.
ALTER TABLE users ADD COLUMN debt_coins INTEGER NOT NULL DEFAULT 0 CHECK (debt_coins >= 0);

-- One row per Stripe event that reverses a credited payment (charge.refunded, charge.dispute.created): the coins
-- it reverses (0 when earlier events already reversed as much). A replayed event id is refused by the UNIQUE index.
CREATE TABLE payment_reversals (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders (id),
  event_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('refund', 'dispute')),
  coins INTEGER NOT NULL CHECK (coins >= 0),
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX payment_reversals_event_unique ON payment_reversals (event_id);
CREATE INDEX payment_reversals_order_idx ON payment_reversals (order_id, kind);

-- Every change of a user's debt: + coins owed (the part of a reversal the balance did not cover), - coins settled.
CREATE TABLE debt_ledger (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('purchase_reversal', 'debt_settlement')),
  order_id TEXT,
  reversal_id TEXT,
  note TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX debt_ledger_user_idx ON debt_ledger (user_id, created_at DESC);
-- a reversal records its debt once
CREATE UNIQUE INDEX debt_ledger_reversal_unique ON debt_ledger (reversal_id) WHERE reversal_id IS NOT NULL;

-- coin_ledger gains the two kinds and a reversal_id. SQLite changes a CHECK only by rebuilding the table: copy the
-- rows, swap the tables, then recreate every index (the order index now allows a purchase's settlement row too).
CREATE TABLE coin_ledger_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('signup_bonus', 'purchase', 'admin_adjustment', 'task_charge', 'task_update', 'task_refund', 'slot_reopen', 'submission_payout', 'withdrawal_hold', 'withdrawal_release', 'purchase_reversal', 'debt_settlement')),
  task_id TEXT,
  submission_id TEXT,
  withdrawal_id TEXT,
  order_id TEXT,
  reversal_id TEXT,
  note TEXT,
  created_at INTEGER NOT NULL
);
INSERT INTO coin_ledger_new (id, user_id, delta, kind, task_id, submission_id, withdrawal_id, order_id, note, created_at)
  SELECT id, user_id, delta, kind, task_id, submission_id, withdrawal_id, order_id, note, created_at FROM coin_ledger;
DROP TABLE coin_ledger;
ALTER TABLE coin_ledger_new RENAME TO coin_ledger;
CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id, created_at DESC);
CREATE INDEX coin_ledger_kind_idx ON coin_ledger (kind);
-- a submission is paid once; a withdrawal is held and released once
CREATE UNIQUE INDEX coin_ledger_payout_unique ON coin_ledger (submission_id) WHERE kind = 'submission_payout';
CREATE UNIQUE INDEX coin_ledger_withdrawal_unique ON coin_ledger (withdrawal_id, kind) WHERE withdrawal_id IS NOT NULL;
-- an order credits once and settles debt once; a reversal takes coins back once
CREATE UNIQUE INDEX coin_ledger_order_unique ON coin_ledger (order_id, kind) WHERE order_id IS NOT NULL AND kind IN ('purchase', 'debt_settlement');
CREATE UNIQUE INDEX coin_ledger_reversal_unique ON coin_ledger (reversal_id) WHERE reversal_id IS NOT NULL;

-- Nobody spends while owing coins: posting a task, raising its cost and holding a withdrawal abort the whole batch
-- (as CHECK (coin >= 0) does for an overdraft), however the request raced the reversal that made the debt.
CREATE TRIGGER coin_ledger_no_spending_in_debt BEFORE INSERT ON coin_ledger
  WHEN NEW.delta < 0 AND NEW.kind IN ('task_charge', 'task_update', 'withdrawal_hold')
    AND (SELECT debt_coins FROM users WHERE id = NEW.user_id) > 0
BEGIN
  SELECT RAISE(ABORT, 'constraint failed: coins owed (users.debt_coins > 0)');
END;
