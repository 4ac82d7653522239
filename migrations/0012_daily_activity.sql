-- Admin Home's charts per day (app/server/services/charts.server.ts): coins bought, paid out to workers and
-- withdrawn, and submissions made by their status now. Summing the rows of a 30-day window costs as many rows as
-- the marketplace made in 30 days (77,000 submissions in the benchmark's LARGE database); one row per UTC day,
-- kept by the triggers below in the same statement as the row it counts, makes the chart read 30 rows whatever the
-- size. Each trigger takes away what a row counted before a change and adds what it counts after, so inserts,
-- edits of the counted columns and deletes all keep the days equal to the sums they stand for
-- (tests/server/fixtures/counters.ts compares them after every kind of change).
CREATE TABLE daily_activity (
  -- UTC day, YYYY-MM-DD
  day TEXT PRIMARY KEY,
  bought INTEGER NOT NULL DEFAULT 0,
  paid_out INTEGER NOT NULL DEFAULT 0,
  withdrawn INTEGER NOT NULL DEFAULT 0,
  pending INTEGER NOT NULL DEFAULT 0,
  approved INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- Coins bought: every order, on the day it was made.
CREATE TRIGGER daily_activity_order_insert AFTER INSERT ON orders
BEGIN
  INSERT INTO daily_activity (day, bought) VALUES (strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), NEW.coins)
    ON CONFLICT (day) DO UPDATE SET bought = bought + excluded.bought;
END;
CREATE TRIGGER daily_activity_order_update AFTER UPDATE OF coins, created_at ON orders
BEGIN
  INSERT INTO daily_activity (day, bought) VALUES (strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch'), -OLD.coins)
    ON CONFLICT (day) DO UPDATE SET bought = bought + excluded.bought;
  INSERT INTO daily_activity (day, bought) VALUES (strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'), NEW.coins)
    ON CONFLICT (day) DO UPDATE SET bought = bought + excluded.bought;
END;
CREATE TRIGGER daily_activity_order_delete AFTER DELETE ON orders
BEGIN
  INSERT INTO daily_activity (day, bought) VALUES (strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch'), -OLD.coins)
    ON CONFLICT (day) DO UPDATE SET bought = bought + excluded.bought;
END;

-- Coins paid out: the workers' payout postings, on the day they were posted.
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

-- Coins withdrawn: approved withdrawals, on the day the admin approved them.
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

-- Submissions by their status now, on the day they were made (cancelled ones are not charted).
CREATE TRIGGER daily_activity_submission_insert AFTER INSERT ON submissions
  WHEN NEW.status IN ('pending', 'approved', 'rejected')
BEGIN
  INSERT INTO daily_activity (day, pending, approved, rejected)
    VALUES (strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'),
      NEW.status = 'pending', NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (day) DO UPDATE SET pending = pending + excluded.pending, approved = approved + excluded.approved,
      rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER daily_activity_submission_leave AFTER UPDATE OF status, created_at ON submissions
  WHEN OLD.status IN ('pending', 'approved', 'rejected')
BEGIN
  INSERT INTO daily_activity (day, pending, approved, rejected)
    VALUES (strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch'),
      -(OLD.status = 'pending'), -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (day) DO UPDATE SET pending = pending + excluded.pending, approved = approved + excluded.approved,
      rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER daily_activity_submission_enter AFTER UPDATE OF status, created_at ON submissions
  WHEN NEW.status IN ('pending', 'approved', 'rejected')
BEGIN
  INSERT INTO daily_activity (day, pending, approved, rejected)
    VALUES (strftime('%Y-%m-%d', NEW.created_at / 1000, 'unixepoch'),
      NEW.status = 'pending', NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (day) DO UPDATE SET pending = pending + excluded.pending, approved = approved + excluded.approved,
      rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER daily_activity_submission_delete AFTER DELETE ON submissions
  WHEN OLD.status IN ('pending', 'approved', 'rejected')
BEGIN
  INSERT INTO daily_activity (day, pending, approved, rejected)
    VALUES (strftime('%Y-%m-%d', OLD.created_at / 1000, 'unixepoch'),
      -(OLD.status = 'pending'), -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (day) DO UPDATE SET pending = pending + excluded.pending, approved = approved + excluded.approved,
      rejected = rejected + excluded.rejected;
END;

-- What is already there.
INSERT INTO daily_activity (day, bought, paid_out, withdrawn, pending, approved, rejected)
  SELECT day, SUM(bought), SUM(paid_out), SUM(withdrawn), SUM(pending), SUM(approved), SUM(rejected) FROM (
    SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, coins AS bought, 0 AS paid_out,
      0 AS withdrawn, 0 AS pending, 0 AS approved, 0 AS rejected FROM orders
    UNION ALL
    SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 0, delta, 0, 0, 0, 0
      FROM coin_ledger WHERE kind = 'submission_payout'
    UNION ALL
    SELECT strftime('%Y-%m-%d', decided_at / 1000, 'unixepoch'), 0, 0, withdrawal_coin, 0, 0, 0
      FROM withdrawals WHERE status = 'approved' AND decided_at IS NOT NULL
    UNION ALL
    SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 0, 0, 0,
      status = 'pending', status = 'approved', status = 'rejected'
      FROM submissions WHERE status IN ('pending', 'approved', 'rejected')
  )
  GROUP BY day;
