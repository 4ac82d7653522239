-- The MTurk Requester API (docs/mturk.md): the assignmentId a HIT's question frame is given, one per worker's hold.
--
-- A worker who starts a HIT gets an unguessable assignmentId bound to that hold (task, worker, start); the
-- question's form posts it to /mturk/externalSubmit, which is what authorises the post (a sandboxed frame carries no
-- cookie). It is used once: the answer (QuestionFormAnswers XML) and the submission it made are written to its row.
CREATE TABLE hit_assignments (
  id TEXT PRIMARY KEY NOT NULL,
  task_id TEXT NOT NULL,
  worker_id TEXT NOT NULL REFERENCES users (id),
  started_at INTEGER NOT NULL,
  answer TEXT,
  submission_id TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (task_id, worker_id, started_at)
);
CREATE UNIQUE INDEX hit_assignments_submission_idx ON hit_assignments (submission_id) WHERE submission_id IS NOT NULL;
