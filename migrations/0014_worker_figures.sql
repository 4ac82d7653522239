-- Worker Home's figures and charts (workerStats in app/server/services/submissions.server.ts, workerCharts in
-- charts.server.ts). Summed over a worker's submissions they cost as many rows as the worker ever sent, or reviewed
-- in the chart's eight weeks (about 2 ms of SQL per view for the heaviest worker of the benchmark's LARGE
-- database, 5,914 submissions). One row per worker and one per worker and week, kept by the triggers below in the
-- same statement as the submission they count, make them primary-key reads. As in 0012, each trigger takes away
-- what a row counted before a change and adds what it counts after (tests/server/fixtures/counters.ts compares
-- the rows with the sums).
CREATE TABLE worker_figures (
  worker_id TEXT PRIMARY KEY,
  -- every submission, any status
  submitted INTEGER NOT NULL DEFAULT 0,
  pending INTEGER NOT NULL DEFAULT 0,
  -- payable_amount of the approved ones
  earned INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TRIGGER worker_figures_insert AFTER INSERT ON submissions
BEGIN
  INSERT INTO worker_figures (worker_id, submitted, pending, earned)
    VALUES (NEW.worker_id, 1, NEW.status = 'pending', CASE WHEN NEW.status = 'approved' THEN NEW.payable_amount ELSE 0 END)
    ON CONFLICT (worker_id) DO UPDATE SET submitted = submitted + 1, pending = pending + excluded.pending,
      earned = earned + excluded.earned;
END;
CREATE TRIGGER worker_figures_update AFTER UPDATE OF status, payable_amount, worker_id ON submissions
BEGIN
  INSERT INTO worker_figures (worker_id, submitted, pending, earned)
    VALUES (OLD.worker_id, -1, -(OLD.status = 'pending'),
      -(CASE WHEN OLD.status = 'approved' THEN OLD.payable_amount ELSE 0 END))
    ON CONFLICT (worker_id) DO UPDATE SET submitted = submitted - 1, pending = pending + excluded.pending,
      earned = earned + excluded.earned;
  INSERT INTO worker_figures (worker_id, submitted, pending, earned)
    VALUES (NEW.worker_id, 1, NEW.status = 'pending', CASE WHEN NEW.status = 'approved' THEN NEW.payable_amount ELSE 0 END)
    ON CONFLICT (worker_id) DO UPDATE SET submitted = submitted + 1, pending = pending + excluded.pending,
      earned = earned + excluded.earned;
END;
CREATE TRIGGER worker_figures_delete AFTER DELETE ON submissions
BEGIN
  INSERT INTO worker_figures (worker_id, submitted, pending, earned)
    VALUES (OLD.worker_id, -1, -(OLD.status = 'pending'),
      -(CASE WHEN OLD.status = 'approved' THEN OLD.payable_amount ELSE 0 END))
    ON CONFLICT (worker_id) DO UPDATE SET submitted = submitted - 1, pending = pending + excluded.pending,
      earned = earned + excluded.earned;
END;

-- Decisions per worker and week (the Monday that starts it, UTC, as the chart names weeks), by when the buyer
-- decided: coins earned, approved and rejected.
CREATE TABLE worker_weeks (
  worker_id TEXT NOT NULL,
  week TEXT NOT NULL,
  earned INTEGER NOT NULL DEFAULT 0,
  approved INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (worker_id, week)
) WITHOUT ROWID;

CREATE TRIGGER worker_weeks_insert AFTER INSERT ON submissions
  WHEN NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO worker_weeks (worker_id, week, earned, approved, rejected)
    VALUES (NEW.worker_id, strftime('%Y-%m-%d', NEW.reviewed_at / 1000, 'unixepoch', '-6 days', 'weekday 1'),
      CASE WHEN NEW.status = 'approved' THEN NEW.payable_amount ELSE 0 END,
      NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (worker_id, week) DO UPDATE SET earned = earned + excluded.earned,
      approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER worker_weeks_leave AFTER UPDATE OF status, payable_amount, worker_id, reviewed_at ON submissions
  WHEN OLD.status IN ('approved', 'rejected') AND OLD.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO worker_weeks (worker_id, week, earned, approved, rejected)
    VALUES (OLD.worker_id, strftime('%Y-%m-%d', OLD.reviewed_at / 1000, 'unixepoch', '-6 days', 'weekday 1'),
      -(CASE WHEN OLD.status = 'approved' THEN OLD.payable_amount ELSE 0 END),
      -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (worker_id, week) DO UPDATE SET earned = earned + excluded.earned,
      approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER worker_weeks_enter AFTER UPDATE OF status, payable_amount, worker_id, reviewed_at ON submissions
  WHEN NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO worker_weeks (worker_id, week, earned, approved, rejected)
    VALUES (NEW.worker_id, strftime('%Y-%m-%d', NEW.reviewed_at / 1000, 'unixepoch', '-6 days', 'weekday 1'),
      CASE WHEN NEW.status = 'approved' THEN NEW.payable_amount ELSE 0 END,
      NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (worker_id, week) DO UPDATE SET earned = earned + excluded.earned,
      approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER worker_weeks_delete AFTER DELETE ON submissions
  WHEN OLD.status IN ('approved', 'rejected') AND OLD.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO worker_weeks (worker_id, week, earned, approved, rejected)
    VALUES (OLD.worker_id, strftime('%Y-%m-%d', OLD.reviewed_at / 1000, 'unixepoch', '-6 days', 'weekday 1'),
      -(CASE WHEN OLD.status = 'approved' THEN OLD.payable_amount ELSE 0 END),
      -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (worker_id, week) DO UPDATE SET earned = earned + excluded.earned,
      approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;

-- What is already there.
INSERT INTO worker_figures (worker_id, submitted, pending, earned)
  SELECT worker_id, COUNT(*), SUM(status = 'pending'), SUM(CASE WHEN status = 'approved' THEN payable_amount ELSE 0 END)
  FROM submissions GROUP BY worker_id;
INSERT INTO worker_weeks (worker_id, week, earned, approved, rejected)
  SELECT worker_id, strftime('%Y-%m-%d', reviewed_at / 1000, 'unixepoch', '-6 days', 'weekday 1') AS week,
    SUM(CASE WHEN status = 'approved' THEN payable_amount ELSE 0 END), SUM(status = 'approved'), SUM(status = 'rejected')
  FROM submissions WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL
  GROUP BY worker_id, week;
