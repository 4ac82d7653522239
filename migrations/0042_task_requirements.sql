-- Who may work on a task (app/server/services/eligibility.server.ts, docs/product/quality.md): a least approval rate
-- (percent, judged on a smoothed rate for workers with fewer than 20 reviewed submissions) and a least number of
-- approved submissions. A row only for a task that sets one; read by primary key where a slot is taken.
CREATE TABLE task_requirements (
  task_id TEXT PRIMARY KEY REFERENCES tasks (id),
  min_approval_rate INTEGER CHECK (min_approval_rate BETWEEN 0 AND 100),
  min_approved INTEGER CHECK (min_approved >= 0)
) WITHOUT ROWID;
