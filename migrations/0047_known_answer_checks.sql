-- Known-answer checks (app/server/services/proof-flags.server.ts, docs/product/quality.md): a task may ask one check
-- question whose expected answer the buyer knows; the worker answers it with the submission, and a wrong answer flags
-- the submission on the buyer's review page. The expected answer is read on the server only.
CREATE TABLE task_checks (
  task_id TEXT PRIMARY KEY REFERENCES tasks (id),
  question TEXT NOT NULL,
  -- exact: the same text; ignore_case: the same text in any case; choice: the worker picks one of `choices`
  match TEXT NOT NULL CHECK (match IN ('exact', 'ignore_case', 'choice')),
  answer TEXT NOT NULL,
  -- choice: the choices shown to the worker, one a line (the answer is one of them)
  choices TEXT
) WITHOUT ROWID;

-- The worker's answer, written in the submission's batch; `correct` judged then against the task's check.
CREATE TABLE submission_check_answers (
  submission_id TEXT PRIMARY KEY REFERENCES submissions (id),
  buyer_id TEXT NOT NULL,
  answer TEXT NOT NULL,
  correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
