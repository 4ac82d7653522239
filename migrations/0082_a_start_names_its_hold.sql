-- A start names the hold it makes, so that its batch takes a slot only for the row it inserted itself. The slot was
-- taken when a hold of the same worker, task and millisecond existed: two starts of one worker arriving in the same
-- millisecond (a double tap) inserted one hold and took two slots, and the second slot's escrow was counted nowhere.
-- Holds made before this migration have no name; they are never the row a start has just made.
ALTER TABLE task_holds ADD COLUMN start_id TEXT;
