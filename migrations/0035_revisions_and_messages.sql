-- Revisions and messages (docs/decisions/055-a-revision-keeps-the-submission-pending.md,
-- docs/decisions/056-message-threads.md).

-- 1. A buyer's one revision request on a pending submission. The submission stays pending (it keeps its escrow and
-- counts nowhere as a rejection); revision_due_at is set while the worker has the revision to do (48 hours) and
-- cleared by the resubmission or the lapse; revision_requested_at stays, so a submission has one revision at most.
ALTER TABLE submissions ADD COLUMN revision_note TEXT;
ALTER TABLE submissions ADD COLUMN revision_requested_at INTEGER;
ALTER TABLE submissions ADD COLUMN revision_due_at INTEGER;
-- the lapse's sweep (cron and on read): pending submissions whose revision is outstanding, by due time
CREATE INDEX submissions_revision_due_idx ON submissions (revision_due_at)
  WHERE status = 'pending' AND revision_due_at IS NOT NULL;

-- 2. Message threads: one per submission (its buyer and worker), or one per worker and task before any submission
-- (questions to the buyer). email_sent_at: the last e-mail about the thread, to each side at most once an hour.
CREATE TABLE message_threads (
  id TEXT PRIMARY KEY,
  submission_id TEXT REFERENCES submissions (id) ON DELETE CASCADE,
  task_id TEXT NOT NULL REFERENCES tasks (id),
  worker_id TEXT NOT NULL REFERENCES users (id),
  buyer_id TEXT NOT NULL REFERENCES users (id),
  worker_emailed_at INTEGER,
  buyer_emailed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX message_threads_submission_idx ON message_threads (submission_id) WHERE submission_id IS NOT NULL;
CREATE UNIQUE INDEX message_threads_question_idx ON message_threads (task_id, worker_id) WHERE submission_id IS NULL;

CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  thread_id TEXT NOT NULL REFERENCES message_threads (id) ON DELETE CASCADE,
  sender_id TEXT NOT NULL REFERENCES users (id),
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at INTEGER NOT NULL
);
-- a thread's messages in order, keyset-paged by (created_at, id)
CREATE INDEX messages_thread_idx ON messages (thread_id, created_at, id);
