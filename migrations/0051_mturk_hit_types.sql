-- The MTurk Requester API (docs/mturk.md): HIT types and what a HIT carries beyond its task.
--
-- A HIT type is a requester's set of a HIT's properties (title, description, reward, time allowed, keywords,
-- qualification requirements). As on MTurk, the same properties make the same HITTypeId: the id is a digest of the
-- buyer and the properties, so asking again finds the same row (INSERT OR IGNORE). CreateHIT makes its type too.
CREATE TABLE hit_types (
  id TEXT PRIMARY KEY NOT NULL,
  buyer_id TEXT NOT NULL REFERENCES users (id),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  reward_coins INTEGER NOT NULL CHECK (reward_coins > 0),
  assignment_duration_seconds INTEGER NOT NULL CHECK (assignment_duration_seconds > 0),
  auto_approval_delay_seconds INTEGER,
  keywords TEXT NOT NULL DEFAULT '',
  -- the QualificationRequirements as the requester sent them (JSON), applied through task_requirements
  qualification_requirements TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- One row per task made through the API, written in the posting's own batch (before its task row, as the token's
-- is: no foreign key to tasks, like hit_request_tokens): its HIT type, the Question XML as sent (HTMLQuestion or
-- ExternalQuestion; the worker's task page shows it), and the RequesterAnnotation.
CREATE TABLE mturk_hits (
  task_id TEXT PRIMARY KEY NOT NULL,
  hit_type_id TEXT NOT NULL REFERENCES hit_types (id),
  question TEXT,
  requester_annotation TEXT
) WITHOUT ROWID;
