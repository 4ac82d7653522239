-- The requirements MTurk's tools put on a HIT that Coinwork's tasks could not hold (docs/mturk.md, docs/decisions/086):
-- a worker's country for MTurk's Locale, qualifications a worker must not hold (DoesNotExist, NotEqualTo), and the
-- actions each requirement guards (ActionsGuarded, RequiredToPreview). Read by eligibility.server.ts.

-- 1. The worker's country (ISO 3166-1 alpha-2, as MTurk's LocaleValues name it): asked at registration, defaulting
-- to the visitor's, changed in Settings, shown on the profile. NULL for an account made before it was asked: such a
-- worker meets no Locale requirement until they give it.
ALTER TABLE users ADD COLUMN country TEXT CHECK (country IS NULL OR (length(country) = 2 AND country = upper(country)));

-- 2. Qualifications a worker must not hold to work on a task (DoesNotExist: score NULL), or not with this score
-- (NotEqualTo n: the task also requires the qualification, in task_qualifications). Read by primary key where a
-- slot is taken; by qualification when one is deleted.
CREATE TABLE task_qualification_exclusions (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  qualification_id TEXT NOT NULL REFERENCES qualifications (id),
  score INTEGER CHECK (score BETWEEN 0 AND 100),
  PRIMARY KEY (task_id, qualification_id)
) WITHOUT ROWID;
CREATE INDEX task_qualification_exclusions_qualification_idx ON task_qualification_exclusions (qualification_id);

-- 3. The countries a task is for (allowed 1: the worker's country must be one of them) or not for (allowed 0).
CREATE TABLE task_countries (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  country TEXT NOT NULL CHECK (length(country) = 2),
  allowed INTEGER NOT NULL CHECK (allowed IN (0, 1)),
  PRIMARY KEY (task_id, country)
) WITHOUT ROWID;

-- 4. What a requirement the worker does not meet keeps from them beyond starting the task: 'preview' (its question
-- is not shown) or 'discover' (the task is neither listed nor shown to them). No row: starting only, as on the pages.
-- A requirement is 'approval_rate', 'approved', 'country' or a qualification's id.
CREATE TABLE task_requirement_guards (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  requirement TEXT NOT NULL,
  guard TEXT NOT NULL CHECK (guard IN ('preview', 'discover')),
  PRIMARY KEY (task_id, requirement)
) WITHOUT ROWID;

-- 5. The tasks with a requirement guarding discovery, keyed by the task's rowid: the open-task indexes carry it, so
-- the workers' list probes this table from each walked index entry without reading the task (decision 031's way).
-- Its completion day is kept with it (a trigger follows the task's), so the list's count reads only the guarded
-- tasks still open by date.
CREATE TABLE task_discovery_guards (
  task_rowid INTEGER PRIMARY KEY,
  task_id TEXT NOT NULL UNIQUE REFERENCES tasks (id),
  completion_date TEXT NOT NULL
);
CREATE INDEX task_discovery_guards_open_idx ON task_discovery_guards (completion_date);
CREATE TRIGGER task_discovery_guards_date AFTER UPDATE OF completion_date ON tasks
  WHEN EXISTS (SELECT 1 FROM task_discovery_guards WHERE task_rowid = NEW.rowid)
BEGIN
  UPDATE task_discovery_guards SET completion_date = NEW.completion_date WHERE task_rowid = NEW.rowid;
END;
