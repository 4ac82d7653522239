-- Batch posting (app/server/services/task-batches.server.ts, docs/product/batch-posting.md).
--
-- An uploaded CSV of tasks waits here, as the text the buyer sent, between its preview and "Post all": the server
-- parses it again when it posts, so no amount ever comes back from the browser. A buyer keeps one upload (a new one
-- replaces it); the Cron Trigger deletes uploads older than a day.
CREATE TABLE task_batch_drafts (
  id TEXT PRIMARY KEY NOT NULL,
  buyer_id TEXT NOT NULL REFERENCES users (id),
  file_name TEXT NOT NULL,
  csv TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX task_batch_drafts_buyer_idx ON task_batch_drafts (buyer_id);
CREATE INDEX task_batch_drafts_age_idx ON task_batch_drafts (created_at);

-- A posted batch, keyed by its request (an upload's id on the page, the client's key over REST): written first in the
-- batch that makes the tasks, so the same request again breaks the key and makes nothing.
CREATE TABLE task_batches (
  buyer_id TEXT NOT NULL REFERENCES users (id),
  request_key TEXT NOT NULL,
  tasks INTEGER NOT NULL CHECK (tasks > 0),
  coins INTEGER NOT NULL CHECK (coins > 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (buyer_id, request_key)
) WITHOUT ROWID;
