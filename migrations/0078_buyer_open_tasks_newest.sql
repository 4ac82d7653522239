-- A buyer's public page (/buyers/:id) lists the buyer's open tasks, newest first, a page at a time after the last
-- one shown (keyset: created_at, then id). This index holds only open tasks (the open-task indexes' membership,
-- migrations/0054) in that order and carries what the open-task filter tests, so a page walks the buyer's open
-- tasks alone, however many closed ones they have.
CREATE INDEX tasks_open_buyer_newest_idx ON tasks (buyer_id, created_at DESC, id DESC, completion_date, required_workers, held_slots, deleted_at) WHERE deleted_at IS NULL AND required_workers + held_slots > 0;
