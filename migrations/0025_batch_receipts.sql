-- A receipt in every batch the app writes with `Batch` (app/server/db/batch.server.ts): its first statement inserts
-- the batch's own id, and after each step's deciding statement the rows that statement changed are appended to
-- `steps` (SQLite's changes(), which counts the statement's own rows, not those its triggers change).
--
-- A lost connection can fail a batch's call after D1 committed it: the caller sees an error for a change that was
-- made. Sent again, a committed batch is refused by the receipt's key before it changes anything, and its receipt
-- says what each step did; a batch that had not run simply runs. So the app answers every request with what
-- happened, whatever became of the first call (docs/decisions/018-faults-at-the-d1-boundary.md). Receipts are
-- needed only for moments after their batch: the daily job deletes those older than a day.
CREATE TABLE batch_receipts (
  id TEXT PRIMARY KEY NOT NULL,
  steps TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX batch_receipts_created_at ON batch_receipts (created_at);
