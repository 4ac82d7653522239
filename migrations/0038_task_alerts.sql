-- Task alerts (app/server/services/alerts.server.ts, docs/product/task-alerts.md, decision 060): a worker's saved
-- searches, the new tasks matched against them by the Cron Trigger, and the hourly e-mail digest.
--
-- A saved search: its words as typed ('' for any) and the FTS5 query made of them (every word must appear, in any
-- form, as on the task list), a category or NULL for any, and the private token of its Atom feed (random, replaced
-- when the worker regenerates it). Later criteria (least pay per hour, least buyer approval rate) are nullable
-- columns tested in the same matching statement.
CREATE TABLE saved_searches (
  id TEXT PRIMARY KEY,
  worker_id TEXT NOT NULL REFERENCES users (id),
  words TEXT NOT NULL DEFAULT '',
  words_query TEXT,
  category TEXT,
  feed_token TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
-- a worker's list, newest first
CREATE INDEX saved_searches_worker_idx ON saved_searches (worker_id, created_at DESC);
-- the searches without words, found by a new task's category (or any)
CREATE INDEX saved_searches_wordless_idx ON saved_searches (category) WHERE words_query IS NULL;

-- The searches' words, stemmed as open_task_words stems the tasks' (0022): a new task finds the searches that share
-- one of its words through this index, then each such search tests all its words against the task's entry in
-- open_task_words. Rowid is the saved search's rowid; words never change, so insert and delete are all it follows.
CREATE VIRTUAL TABLE saved_search_words USING fts5 (words, tokenize = 'porter unicode61');
CREATE TRIGGER saved_search_words_insert AFTER INSERT ON saved_searches WHEN NEW.words_query IS NOT NULL
BEGIN
  INSERT INTO saved_search_words (rowid, words) VALUES (NEW.rowid, NEW.words);
END;
CREATE TRIGGER saved_search_words_delete AFTER DELETE ON saved_searches WHEN OLD.words_query IS NOT NULL
BEGIN
  DELETE FROM saved_search_words WHERE rowid = OLD.rowid;
END;

-- A task that matched a saved search: once per search and task. The feed reads a search's newest; the digest reads
-- a worker's not yet e-mailed (mailed_at NULL; set at once when their alert e-mails are off).
CREATE TABLE saved_search_matches (
  search_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  worker_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  mailed_at INTEGER,
  PRIMARY KEY (search_id, task_id)
) WITHOUT ROWID;
CREATE INDEX saved_search_matches_feed_idx ON saved_search_matches (search_id, created_at DESC);
CREATE INDEX saved_search_matches_unmailed_idx ON saved_search_matches (worker_id, created_at) WHERE mailed_at IS NULL;
-- the run's notifications, one per worker and task
CREATE INDEX saved_search_matches_task_idx ON saved_search_matches (task_id, created_at);
-- retention (the daily job)
CREATE INDEX saved_search_matches_age_idx ON saved_search_matches (created_at);
CREATE TRIGGER saved_search_matches_forget AFTER DELETE ON saved_searches
BEGIN
  DELETE FROM saved_search_matches WHERE search_id = OLD.id;
END;

-- A worker's alert e-mails: on or off (the one-click unsubscribe turns them off), the random token of the
-- unsubscribe link, and when the last digest went (at most one an hour).
CREATE TABLE alert_mail (
  worker_id TEXT PRIMARY KEY REFERENCES users (id),
  emails INTEGER NOT NULL DEFAULT 1 CHECK (emails IN (0, 1)),
  unsubscribe_token TEXT NOT NULL UNIQUE,
  last_digest_at INTEGER
) WITHOUT ROWID;
