-- Qualifications (app/server/services/qualifications.server.ts, docs/product/quality.md): a buyer defines one (name,
-- description), grants it by hand or lets workers earn it with a test of up to 20 multiple-choice questions graded on
-- the server; a task may require one with a least score. The answer key stays in qualification_questions.answer and
-- is read only to grade and by the owner buyer.
CREATE TABLE qualifications (
  id TEXT PRIMARY KEY,
  buyer_id TEXT NOT NULL REFERENCES users (id),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  -- hours a worker waits between two attempts at the test
  retake_hours INTEGER NOT NULL DEFAULT 24 CHECK (retake_hours BETWEEN 0 AND 8760),
  -- the test's questions, kept by the triggers below (0: no test, granted by hand only)
  questions INTEGER NOT NULL DEFAULT 0 CHECK (questions BETWEEN 0 AND 20),
  -- how many workers hold it, kept by the triggers on qualification_grants
  holders INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
-- a buyer's definitions, newest first; a name once per buyer
CREATE UNIQUE INDEX qualifications_buyer_name_idx ON qualifications (buyer_id, name);
CREATE INDEX qualifications_buyer_idx ON qualifications (buyer_id, created_at DESC);
-- the workers' list of tests: only qualifications that have one
CREATE INDEX qualifications_tests_idx ON qualifications (created_at DESC) WHERE questions > 0;

CREATE TABLE qualification_questions (
  id TEXT PRIMARY KEY,
  qualification_id TEXT NOT NULL REFERENCES qualifications (id),
  prompt TEXT NOT NULL,
  -- a JSON array of 2 to 6 choices
  choices TEXT NOT NULL,
  -- the answer key: the number of the right choice (1 for the first)
  answer INTEGER NOT NULL CHECK (answer BETWEEN 1 AND 6),
  created_at INTEGER NOT NULL
);
CREATE INDEX qualification_questions_idx ON qualification_questions (qualification_id, created_at);
-- the count's CHECK refuses a 21st question in the same statement as its insert
CREATE TRIGGER qualification_questions_insert AFTER INSERT ON qualification_questions
BEGIN
  UPDATE qualifications SET questions = questions + 1 WHERE id = NEW.qualification_id;
END;
CREATE TRIGGER qualification_questions_delete AFTER DELETE ON qualification_questions
BEGIN
  UPDATE qualifications SET questions = questions - 1 WHERE id = OLD.qualification_id;
END;

-- Who holds a qualification, with which score (100 for a hand grant unless the buyer says otherwise).
CREATE TABLE qualification_grants (
  worker_id TEXT NOT NULL REFERENCES users (id),
  qualification_id TEXT NOT NULL REFERENCES qualifications (id),
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
  source TEXT NOT NULL CHECK (source IN ('hand', 'test')),
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (worker_id, qualification_id)
) WITHOUT ROWID;
-- a qualification's holders, newest first
CREATE INDEX qualification_grants_holders_idx ON qualification_grants (qualification_id, granted_at DESC);
CREATE TRIGGER qualification_grants_insert AFTER INSERT ON qualification_grants
BEGIN
  UPDATE qualifications SET holders = holders + 1 WHERE id = NEW.qualification_id;
END;
CREATE TRIGGER qualification_grants_delete AFTER DELETE ON qualification_grants
BEGIN
  UPDATE qualifications SET holders = holders - 1 WHERE id = OLD.qualification_id;
END;

-- A worker's last attempt at a test: the retake wait counts from it, and a revoked grant does not reset it.
CREATE TABLE qualification_attempts (
  worker_id TEXT NOT NULL REFERENCES users (id),
  qualification_id TEXT NOT NULL REFERENCES qualifications (id),
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
  attempted_at INTEGER NOT NULL,
  PRIMARY KEY (worker_id, qualification_id)
) WITHOUT ROWID;

-- A task's required qualifications, each with a least score; read by primary key where a slot is taken.
CREATE TABLE task_qualifications (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  qualification_id TEXT NOT NULL REFERENCES qualifications (id),
  min_score INTEGER NOT NULL CHECK (min_score BETWEEN 0 AND 100),
  PRIMARY KEY (task_id, qualification_id)
) WITHOUT ROWID;
