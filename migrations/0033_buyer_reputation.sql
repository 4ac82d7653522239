-- A buyer's reputation as workers see it (docs/product/buyer-reputation.md, docs/decisions/051-buyer-reputation.md):
-- every figure is one primary-key row or a bounded range of rows, kept by triggers in the same statement as the
-- rows they count, so every writer (reviews, the cron's auto-approval, appeals, deletions) keeps them in step.

-- 1. All time: submissions on the buyer's tasks approved and rejected (by when they were decided, whoever decided),
-- appeals the buyer lost (overturned), tasks posted (every task ever posted, deleted ones too).
CREATE TABLE buyer_reputations (
  buyer_id TEXT PRIMARY KEY,
  approved INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0,
  appeals_lost INTEGER NOT NULL DEFAULT 0,
  tasks_posted INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- 2. The same decisions per buyer and UTC day of the decision: the last 90 days' rate sums at most 91 rows.
CREATE TABLE buyer_review_days (
  buyer_id TEXT NOT NULL,
  day TEXT NOT NULL,
  approved INTEGER NOT NULL DEFAULT 0,
  rejected INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (buyer_id, day)
) WITHOUT ROWID;

-- 3. The median time to review reads the buyer's latest decisions through this index (a bounded sample).
CREATE INDEX submissions_buyer_reviewed_idx ON submissions (buyer_id, reviewed_at DESC, created_at)
  WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL;

CREATE TRIGGER buyer_reputation_decision_insert AFTER INSERT ON submissions
  WHEN NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, approved, rejected)
    VALUES (NEW.buyer_id, NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (buyer_id) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
  INSERT INTO buyer_review_days (buyer_id, day, approved, rejected)
    VALUES (NEW.buyer_id, strftime('%Y-%m-%d', NEW.reviewed_at / 1000, 'unixepoch'), NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (buyer_id, day) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER buyer_reputation_decision_leave AFTER UPDATE OF status, buyer_id, reviewed_at ON submissions
  WHEN OLD.status IN ('approved', 'rejected') AND OLD.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, approved, rejected)
    VALUES (OLD.buyer_id, -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (buyer_id) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
  INSERT INTO buyer_review_days (buyer_id, day, approved, rejected)
    VALUES (OLD.buyer_id, strftime('%Y-%m-%d', OLD.reviewed_at / 1000, 'unixepoch'), -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (buyer_id, day) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER buyer_reputation_decision_enter AFTER UPDATE OF status, buyer_id, reviewed_at ON submissions
  WHEN NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, approved, rejected)
    VALUES (NEW.buyer_id, NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (buyer_id) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
  INSERT INTO buyer_review_days (buyer_id, day, approved, rejected)
    VALUES (NEW.buyer_id, strftime('%Y-%m-%d', NEW.reviewed_at / 1000, 'unixepoch'), NEW.status = 'approved', NEW.status = 'rejected')
    ON CONFLICT (buyer_id, day) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;
CREATE TRIGGER buyer_reputation_decision_delete AFTER DELETE ON submissions
  WHEN OLD.status IN ('approved', 'rejected') AND OLD.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, approved, rejected)
    VALUES (OLD.buyer_id, -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (buyer_id) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
  INSERT INTO buyer_review_days (buyer_id, day, approved, rejected)
    VALUES (OLD.buyer_id, strftime('%Y-%m-%d', OLD.reviewed_at / 1000, 'unixepoch'), -(OLD.status = 'approved'), -(OLD.status = 'rejected'))
    ON CONFLICT (buyer_id, day) DO UPDATE SET approved = approved + excluded.approved, rejected = rejected + excluded.rejected;
END;

CREATE TRIGGER buyer_reputation_appeal_enter AFTER UPDATE OF status, buyer_id ON appeals
  WHEN NEW.status = 'overturned'
BEGIN
  INSERT INTO buyer_reputations (buyer_id, appeals_lost) VALUES (NEW.buyer_id, 1)
    ON CONFLICT (buyer_id) DO UPDATE SET appeals_lost = appeals_lost + 1;
END;
CREATE TRIGGER buyer_reputation_appeal_leave AFTER UPDATE OF status, buyer_id ON appeals
  WHEN OLD.status = 'overturned'
BEGIN
  UPDATE buyer_reputations SET appeals_lost = appeals_lost - 1 WHERE buyer_id = OLD.buyer_id;
END;
CREATE TRIGGER buyer_reputation_appeal_insert AFTER INSERT ON appeals
  WHEN NEW.status = 'overturned'
BEGIN
  INSERT INTO buyer_reputations (buyer_id, appeals_lost) VALUES (NEW.buyer_id, 1)
    ON CONFLICT (buyer_id) DO UPDATE SET appeals_lost = appeals_lost + 1;
END;
CREATE TRIGGER buyer_reputation_appeal_delete AFTER DELETE ON appeals
  WHEN OLD.status = 'overturned'
BEGIN
  UPDATE buyer_reputations SET appeals_lost = appeals_lost - 1 WHERE buyer_id = OLD.buyer_id;
END;

CREATE TRIGGER buyer_reputation_task_insert AFTER INSERT ON tasks
BEGIN
  INSERT INTO buyer_reputations (buyer_id, tasks_posted) VALUES (NEW.buyer_id, 1)
    ON CONFLICT (buyer_id) DO UPDATE SET tasks_posted = tasks_posted + 1;
END;
CREATE TRIGGER buyer_reputation_task_delete AFTER DELETE ON tasks
BEGIN
  UPDATE buyer_reputations SET tasks_posted = tasks_posted - 1 WHERE buyer_id = OLD.buyer_id;
END;

-- What is already there.
INSERT INTO buyer_reputations (buyer_id, approved, rejected, appeals_lost, tasks_posted)
  SELECT buyer_id, SUM(approved), SUM(rejected), SUM(appeals_lost), SUM(tasks_posted) FROM (
    SELECT buyer_id, status = 'approved' AS approved, status = 'rejected' AS rejected, 0 AS appeals_lost, 0 AS tasks_posted
      FROM submissions WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL
    UNION ALL SELECT buyer_id, 0, 0, 1, 0 FROM appeals WHERE status = 'overturned'
    UNION ALL SELECT buyer_id, 0, 0, 0, 1 FROM tasks
  ) GROUP BY buyer_id;
INSERT INTO buyer_review_days (buyer_id, day, approved, rejected)
  SELECT buyer_id, strftime('%Y-%m-%d', reviewed_at / 1000, 'unixepoch') AS day, SUM(status = 'approved'), SUM(status = 'rejected')
  FROM submissions WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL GROUP BY buyer_id, day;
