-- A buyer's blocks (app/server/services/blocks.server.ts, docs/product/quality.md): a blocked worker no longer sees
-- nor starts that buyer's tasks. The reason is the buyer's private note; the worker is never told it.
--
-- The workers' task list walks the open-task indexes (0006) without reading table rows; each walked entry is now
-- tested against the worker's blocks, so the indexes carry buyer_id too: the walk stays index-only, plus one
-- primary-key probe of worker_blocks per entry, and its cost does not grow with the tasks table.
CREATE TABLE worker_blocks (
  buyer_id TEXT NOT NULL REFERENCES users (id),
  worker_id TEXT NOT NULL REFERENCES users (id),
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (worker_id, buyer_id)
) WITHOUT ROWID;
-- a buyer's list of blocks in settings, newest first
CREATE INDEX worker_blocks_buyer_idx ON worker_blocks (buyer_id, created_at DESC);

-- How many buyers block each worker (the admins' user list), kept in the same statement as the block.
CREATE TABLE worker_block_counts (
  worker_id TEXT PRIMARY KEY,
  buyers INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TRIGGER worker_block_counts_insert AFTER INSERT ON worker_blocks
BEGIN
  INSERT INTO worker_block_counts (worker_id, buyers) VALUES (NEW.worker_id, 1)
    ON CONFLICT (worker_id) DO UPDATE SET buyers = buyers + 1;
END;
CREATE TRIGGER worker_block_counts_delete AFTER DELETE ON worker_blocks
BEGIN
  UPDATE worker_block_counts SET buyers = buyers - 1 WHERE worker_id = OLD.worker_id;
END;

DROP INDEX tasks_open_idx;
DROP INDEX tasks_open_pay_idx;
DROP INDEX tasks_open_deadline_idx;
DROP INDEX tasks_open_category_idx;
DROP INDEX tasks_open_category_pay_idx;
DROP INDEX tasks_open_category_deadline_idx;
CREATE INDEX tasks_open_idx ON tasks (created_at DESC, completion_date, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_pay_idx ON tasks (payable_amount DESC, created_at DESC, completion_date, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_deadline_idx ON tasks (completion_date, created_at DESC, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_category_idx ON tasks (category, created_at DESC, completion_date, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_category_pay_idx ON tasks (category, payable_amount DESC, created_at DESC, completion_date, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
CREATE INDEX tasks_open_category_deadline_idx ON tasks (category, completion_date, created_at DESC, required_workers, deleted_at, buyer_id) WHERE deleted_at IS NULL AND required_workers > 0;
-- The list's count is the open-task counters' sum less the blocked buyers' open tasks, counted here per buyer from
-- today on: its cost is what it subtracts.
CREATE INDEX tasks_open_buyer_idx ON tasks (buyer_id, completion_date, category, required_workers, deleted_at) WHERE deleted_at IS NULL AND required_workers > 0;
