-- The Task List's cards and filters from kept figures and one index walk (docs/decisions/083-the-task-list-reads-kept-figures-and-one-index-per-filter.md).

-- 1. A buyer's median time to review, kept: the lower middle of the waits (submission to decision) of their latest 25
-- decisions, as buyer-reputation.server.ts defined it on read (decision 051). It changes only when one of the buyer's
-- decisions is made, undone, moved or removed, so the statement that does so works it out again: 25 entries of
-- submissions_buyer_reviewed_idx (named below, which also keeps the index in place while scripts/lib/tiles.ts copies
-- rows with the triggers on), whatever the buyer's history holds. A card then reads one column.
ALTER TABLE buyer_reputations ADD COLUMN median_review_ms INTEGER;

CREATE TRIGGER buyer_review_median_insert AFTER INSERT ON submissions
  WHEN NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, median_review_ms)
    SELECT NEW.buyer_id, (SELECT wait FROM (
      SELECT wait, ROW_NUMBER() OVER (ORDER BY wait) AS rank, COUNT(*) OVER () AS n FROM (
        SELECT s.reviewed_at - s.created_at AS wait FROM submissions AS s INDEXED BY submissions_buyer_reviewed_idx
        WHERE s.buyer_id = NEW.buyer_id AND s.status IN ('approved', 'rejected') AND s.reviewed_at IS NOT NULL
        ORDER BY s.reviewed_at DESC LIMIT 25))
      WHERE rank = (n + 1) / 2)
    WHERE true
    ON CONFLICT (buyer_id) DO UPDATE SET median_review_ms = excluded.median_review_ms;
END;
-- A decision made, undone (a revision, an overturned appeal) or moved: the buyer it leaves and the buyer it enters.
CREATE TRIGGER buyer_review_median_update AFTER UPDATE OF status, buyer_id, reviewed_at, created_at ON submissions
  WHEN (OLD.status IN ('approved', 'rejected') AND OLD.reviewed_at IS NOT NULL)
    OR (NEW.status IN ('approved', 'rejected') AND NEW.reviewed_at IS NOT NULL)
BEGIN
  INSERT INTO buyer_reputations (buyer_id, median_review_ms)
    SELECT b.buyer_id, (SELECT wait FROM (
      SELECT wait, ROW_NUMBER() OVER (ORDER BY wait) AS rank, COUNT(*) OVER () AS n FROM (
        SELECT s.reviewed_at - s.created_at AS wait FROM submissions AS s INDEXED BY submissions_buyer_reviewed_idx
        WHERE s.buyer_id = b.buyer_id AND s.status IN ('approved', 'rejected') AND s.reviewed_at IS NOT NULL
        ORDER BY s.reviewed_at DESC LIMIT 25))
      WHERE rank = (n + 1) / 2)
    FROM (SELECT NEW.buyer_id AS buyer_id UNION SELECT OLD.buyer_id) AS b
    WHERE true
    ON CONFLICT (buyer_id) DO UPDATE SET median_review_ms = excluded.median_review_ms;
END;
CREATE TRIGGER buyer_review_median_delete AFTER DELETE ON submissions
  WHEN OLD.status IN ('approved', 'rejected') AND OLD.reviewed_at IS NOT NULL
BEGIN
  INSERT INTO buyer_reputations (buyer_id, median_review_ms)
    SELECT OLD.buyer_id, (SELECT wait FROM (
      SELECT wait, ROW_NUMBER() OVER (ORDER BY wait) AS rank, COUNT(*) OVER () AS n FROM (
        SELECT s.reviewed_at - s.created_at AS wait FROM submissions AS s INDEXED BY submissions_buyer_reviewed_idx
        WHERE s.buyer_id = OLD.buyer_id AND s.status IN ('approved', 'rejected') AND s.reviewed_at IS NOT NULL
        ORDER BY s.reviewed_at DESC LIMIT 25))
      WHERE rank = (n + 1) / 2)
    WHERE true
    ON CONFLICT (buyer_id) DO UPDATE SET median_review_ms = excluded.median_review_ms;
END;

-- What is already there.
UPDATE buyer_reputations SET median_review_ms = (SELECT wait FROM (
  SELECT wait, ROW_NUMBER() OVER (ORDER BY wait) AS rank, COUNT(*) OVER () AS n FROM (
    SELECT s.reviewed_at - s.created_at AS wait FROM submissions AS s INDEXED BY submissions_buyer_reviewed_idx
    WHERE s.buyer_id = buyer_reputations.buyer_id AND s.status IN ('approved', 'rejected') AND s.reviewed_at IS NOT NULL
    ORDER BY s.reviewed_at DESC LIMIT 25))
  WHERE rank = (n + 1) / 2);

-- 2. The open-task indexes carry what the Task List's filters test, as their last columns: each task's pay per hour (the
-- generated cents_per_hour of 0032) and its requirements (kept on its row, 0064). "$10/hour or more" and "Hide tasks
-- I can't do" are then tested on the index entry a list walks, as the date and the buyer's block are (0040), never on
-- the table's row, and a filtered page or count walks index entries only. The two rate indexes of 0032 gain the
-- requirements too. Each keeps 0054's membership (a slot open or held) and its held_slots beside required_workers.
DROP INDEX tasks_open_idx;
DROP INDEX tasks_open_pay_idx;
DROP INDEX tasks_open_deadline_idx;
DROP INDEX tasks_open_category_idx;
DROP INDEX tasks_open_category_pay_idx;
DROP INDEX tasks_open_category_deadline_idx;
DROP INDEX tasks_open_rate_idx;
DROP INDEX tasks_open_category_rate_idx;
CREATE INDEX tasks_open_idx ON tasks (created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_pay_idx ON tasks (payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_deadline_idx ON tasks (completion_date, created_at DESC, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_idx ON tasks (category, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_pay_idx ON tasks (category, payable_amount DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_deadline_idx ON tasks (category, completion_date, created_at DESC, required_workers, held_slots, deleted_at, buyer_id, cents_per_hour, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_rate_idx ON tasks (cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
CREATE INDEX tasks_open_category_rate_idx ON tasks (category, cents_per_hour DESC, created_at DESC, completion_date, required_workers, held_slots, deleted_at, buyer_id, min_approval_rate, min_approved, qualification_id, qualification_min_score) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
