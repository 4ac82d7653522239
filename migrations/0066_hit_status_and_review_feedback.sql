-- What MTurk's tools read of a HIT and its assignments (docs/mturk.md, docs/decisions/085): the rejected count of a
-- HIT, a HIT its requester marked Reviewing, the requester's feedback on an approval, and a buyer's rejections that
-- gave the worker no reason (counted apart on the buyer's public record).

-- 1. A task's rejected submissions beside its pending and approved ones (task_figures, migrations/0020): a HIT's
-- NumberOfAssignmentsCompleted is its approved and rejected assignments. Kept by triggers of their own.
ALTER TABLE task_figures ADD COLUMN rejected INTEGER NOT NULL DEFAULT 0 CHECK (rejected >= 0);
CREATE TRIGGER task_figures_rejected_insert AFTER INSERT ON submissions
  WHEN NEW.status = 'rejected'
BEGIN
  INSERT INTO task_figures (task_id, buyer_id, rejected) VALUES (NEW.task_id, NEW.buyer_id, 1)
    ON CONFLICT (task_id) DO UPDATE SET rejected = rejected + 1;
END;
CREATE TRIGGER task_figures_rejected_leave AFTER UPDATE OF status, task_id ON submissions
  WHEN OLD.status = 'rejected'
BEGIN
  UPDATE task_figures SET rejected = rejected - 1 WHERE task_id = OLD.task_id;
END;
CREATE TRIGGER task_figures_rejected_enter AFTER UPDATE OF status, task_id ON submissions
  WHEN NEW.status = 'rejected'
BEGIN
  INSERT INTO task_figures (task_id, buyer_id, rejected) VALUES (NEW.task_id, NEW.buyer_id, 1)
    ON CONFLICT (task_id) DO UPDATE SET rejected = rejected + 1;
END;
CREATE TRIGGER task_figures_rejected_delete AFTER DELETE ON submissions
  WHEN OLD.status = 'rejected'
BEGIN
  UPDATE task_figures SET rejected = rejected - 1 WHERE task_id = OLD.task_id;
END;
INSERT INTO task_figures (task_id, buyer_id, rejected)
  SELECT task_id, MIN(buyer_id), COUNT(*) FROM submissions WHERE status = 'rejected' GROUP BY task_id
  ON CONFLICT (task_id) DO UPDATE SET rejected = excluded.rejected;

-- 2. Rejections that gave no reason (an empty RequesterFeedback: the worker reads "The requester gave no reason"),
-- counted on the buyer's reputation row (migrations/0033) by triggers like its others.
ALTER TABLE buyer_reputations ADD COLUMN rejected_without_reason INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER buyer_reputation_unexplained_insert AFTER INSERT ON submissions
  WHEN NEW.status = 'rejected' AND NEW.reviewed_at IS NOT NULL AND NEW.reject_reason IS NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, rejected_without_reason) VALUES (NEW.buyer_id, 1)
    ON CONFLICT (buyer_id) DO UPDATE SET rejected_without_reason = rejected_without_reason + 1;
END;
CREATE TRIGGER buyer_reputation_unexplained_leave AFTER UPDATE OF status, buyer_id, reviewed_at, reject_reason ON submissions
  WHEN OLD.status = 'rejected' AND OLD.reviewed_at IS NOT NULL AND OLD.reject_reason IS NULL
BEGIN
  UPDATE buyer_reputations SET rejected_without_reason = rejected_without_reason - 1 WHERE buyer_id = OLD.buyer_id;
END;
CREATE TRIGGER buyer_reputation_unexplained_enter AFTER UPDATE OF status, buyer_id, reviewed_at, reject_reason ON submissions
  WHEN NEW.status = 'rejected' AND NEW.reviewed_at IS NOT NULL AND NEW.reject_reason IS NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, rejected_without_reason) VALUES (NEW.buyer_id, 1)
    ON CONFLICT (buyer_id) DO UPDATE SET rejected_without_reason = rejected_without_reason + 1;
END;
CREATE TRIGGER buyer_reputation_unexplained_delete AFTER DELETE ON submissions
  WHEN OLD.status = 'rejected' AND OLD.reviewed_at IS NOT NULL AND OLD.reject_reason IS NULL
BEGIN
  UPDATE buyer_reputations SET rejected_without_reason = rejected_without_reason - 1 WHERE buyer_id = OLD.buyer_id;
END;
INSERT INTO buyer_reputations (buyer_id, rejected_without_reason)
  SELECT buyer_id, COUNT(*) FROM submissions
  WHERE status = 'rejected' AND reviewed_at IS NOT NULL AND reject_reason IS NULL GROUP BY buyer_id
  ON CONFLICT (buyer_id) DO UPDATE SET rejected_without_reason = excluded.rejected_without_reason;

-- 3. What the buyer wrote with an approval (ApproveAssignment's RequesterFeedback): the worker reads it in the
-- approval's notice, and the assignment carries it.
ALTER TABLE submissions ADD COLUMN approval_feedback TEXT;

