-- Coinwork schema. Coins are integers; every balance change is a row in coin_ledger
-- written in the same D1 batch as the cached users.coin it moves.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('Worker', 'Buyer', 'Admin')),
  coin INTEGER NOT NULL DEFAULT 0 CHECK (coin >= 0),
  photo TEXT,
  password_hash TEXT,
  session_version INTEGER NOT NULL DEFAULT 1,
  disabled_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX users_email_unique ON users (email);
CREATE INDEX users_role_coin_idx ON users (role, coin DESC) WHERE disabled_at IS NULL;
CREATE INDEX users_created_idx ON users (created_at DESC);

CREATE TABLE user_preferences (
  user_id TEXT PRIMARY KEY REFERENCES users (id),
  items_per_page INTEGER NOT NULL DEFAULT 3 CHECK (items_per_page IN (3, 5, 10))
);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  buyer_id TEXT NOT NULL REFERENCES users (id),
  task_title TEXT NOT NULL,
  task_detail TEXT NOT NULL,
  task_image_url TEXT,
  category TEXT NOT NULL CHECK (category IN ('Video Engagement', 'Content Writing', 'Translation', 'Image Handling', 'App & Website Testing', 'Creative Design', 'Data Entry', 'SEO & Marketing', 'Survey & Feedback')),
  -- open slots: each one is escrowed at payable_amount coins
  required_workers INTEGER NOT NULL CHECK (required_workers >= 0),
  payable_amount INTEGER NOT NULL CHECK (payable_amount >= 1),
  completion_date TEXT NOT NULL,
  submission_info TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX tasks_buyer_idx ON tasks (buyer_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX tasks_open_idx ON tasks (created_at DESC) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_pay_idx ON tasks (payable_amount DESC) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_deadline_idx ON tasks (completion_date) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_category_idx ON tasks (category, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX tasks_all_idx ON tasks (created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE submissions (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL REFERENCES tasks (id),
  worker_id TEXT NOT NULL REFERENCES users (id),
  buyer_id TEXT NOT NULL REFERENCES users (id),
  -- the pay promised when the slot was taken; kept even if the task's pay changes later
  payable_amount INTEGER NOT NULL CHECK (payable_amount >= 1),
  submission_details TEXT NOT NULL DEFAULT '',
  submission_image_url TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  reject_reason TEXT,
  created_at INTEGER NOT NULL,
  reviewed_at INTEGER
);
-- one pending or approved submission per worker per task
CREATE UNIQUE INDEX submissions_active_unique ON submissions (task_id, worker_id) WHERE status IN ('pending', 'approved');
CREATE INDEX submissions_worker_idx ON submissions (worker_id, created_at DESC);
CREATE INDEX submissions_worker_status_idx ON submissions (worker_id, status, created_at DESC);
CREATE INDEX submissions_buyer_status_idx ON submissions (buyer_id, status, created_at DESC);
CREATE INDEX submissions_task_status_idx ON submissions (task_id, status);
CREATE INDEX submissions_pending_age_idx ON submissions (created_at) WHERE status = 'pending';

CREATE TABLE withdrawals (
  id TEXT PRIMARY KEY,
  worker_id TEXT NOT NULL REFERENCES users (id),
  withdrawal_coin INTEGER NOT NULL CHECK (withdrawal_coin >= 200),
  -- dollars in cents: withdrawal_coin * 100 / 20
  withdrawal_cents INTEGER NOT NULL CHECK (withdrawal_cents = withdrawal_coin * 5),
  payment_system TEXT NOT NULL CHECK (payment_system IN ('Bkash', 'Rocket', 'Nagad', 'Bank', 'Others')),
  account_number TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decision_reason TEXT,
  decided_by TEXT REFERENCES users (id),
  created_at INTEGER NOT NULL,
  decided_at INTEGER
);
CREATE INDEX withdrawals_worker_idx ON withdrawals (worker_id, created_at DESC);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at DESC);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  coins INTEGER NOT NULL CHECK (coins > 0),
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  payment_id TEXT NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'test')),
  created_at INTEGER NOT NULL
);
-- a payment is credited exactly once
CREATE UNIQUE INDEX orders_payment_unique ON orders (payment_id);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);

-- Every change of a user's balance. users.coin = SUM(delta) per user.
CREATE TABLE coin_ledger (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  delta INTEGER NOT NULL CHECK (delta <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('signup_bonus', 'purchase', 'admin_adjustment', 'task_charge', 'task_update', 'task_refund', 'slot_reopen', 'submission_payout', 'withdrawal_hold', 'withdrawal_release')),
  task_id TEXT,
  submission_id TEXT,
  withdrawal_id TEXT,
  order_id TEXT,
  note TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id, created_at DESC);
CREATE INDEX coin_ledger_kind_idx ON coin_ledger (kind);
-- a submission is paid once; a withdrawal is held and released once
CREATE UNIQUE INDEX coin_ledger_payout_unique ON coin_ledger (submission_id) WHERE kind = 'submission_payout';
CREATE UNIQUE INDEX coin_ledger_withdrawal_unique ON coin_ledger (withdrawal_id, kind) WHERE withdrawal_id IS NOT NULL;
CREATE UNIQUE INDEX coin_ledger_order_unique ON coin_ledger (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  message TEXT NOT NULL,
  action_route TEXT,
  read_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL DEFAULT '',
  read_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC);

CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  actor_id TEXT NOT NULL REFERENCES users (id),
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  detail TEXT,
  reason TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

-- Fixed-window counters for rate limits (login, register, contact form).
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);
