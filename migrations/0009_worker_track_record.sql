-- Each worker's track record as buyers see it when reviewing: submissions approved and rejected, kept by triggers on
-- submissions (as the counters of 0006 are), so every writer keeps it in step in the same statement and the review
-- queue reads one primary-key row per worker on the page, however many submissions they have. Backfilled here.
CREATE TABLE worker_track_records (
  worker_id TEXT PRIMARY KEY,
  approved INTEGER NOT NULL DEFAULT 0 CHECK (approved >= 0),
  rejected INTEGER NOT NULL DEFAULT 0 CHECK (rejected >= 0)
) WITHOUT ROWID;
INSERT INTO worker_track_records (worker_id, approved, rejected)
  SELECT worker_id, SUM(status = 'approved'), SUM(status = 'rejected') FROM submissions
  WHERE status IN ('approved', 'rejected') GROUP BY worker_id;

CREATE TRIGGER submissions_track_record_insert AFTER INSERT ON submissions
  WHEN NEW.status IN ('approved', 'rejected')
BEGIN
  INSERT INTO worker_track_records (worker_id, approved, rejected)
    VALUES (NEW.worker_id, NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (worker_id) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER submissions_track_record_leave AFTER UPDATE OF status, worker_id ON submissions
  WHEN OLD.status IN ('approved', 'rejected')
BEGIN
  UPDATE worker_track_records SET approved = approved - (OLD.status = 'approved'), rejected = rejected - (OLD.status = 'rejected')
    WHERE worker_id = OLD.worker_id;
END;
CREATE TRIGGER submissions_track_record_enter AFTER UPDATE OF status, worker_id ON submissions
  WHEN NEW.status IN ('approved', 'rejected')
BEGIN
  INSERT INTO worker_track_records (worker_id, approved, rejected)
    VALUES (NEW.worker_id, NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (worker_id) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER submissions_track_record_delete AFTER DELETE ON submissions
  WHEN OLD.status IN ('approved', 'rejected')
BEGIN
  UPDATE worker_track_records SET approved = approved - (OLD.status = 'approved'), rejected = rejected - (OLD.status = 'rejected')
    WHERE worker_id = OLD.worker_id;
END;
