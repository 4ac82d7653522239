-- The MTurk Requester API's notifications (UpdateNotificationSettings, docs/mturk.md,
-- docs/decisions/087-hit-events-written-by-triggers-sent-after-the-answer.md): a HIT type's specification, and its
-- HITs' events, written by the triggers below in the very statement that makes them happen (so an event exists exactly
-- when its change committed), then sent by e-mail or to the requester's HTTPS webhook after the answer.

-- One specification per HIT type. `access_key_id`: the key that set it, whose derived secret signs the webhook's
-- posts. `event_types`: a JSON array of MTurk's event names.
CREATE TABLE hit_type_notifications (
  hit_type_id TEXT PRIMARY KEY NOT NULL REFERENCES hit_types (id),
  buyer_id TEXT NOT NULL,
  access_key_id TEXT NOT NULL,
  transport TEXT NOT NULL CHECK (transport IN ('Email', 'HTTPS')),
  destination TEXT NOT NULL,
  version TEXT NOT NULL,
  event_types TEXT NOT NULL,
  active INTEGER NOT NULL CHECK (active IN (0, 1)),
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- The outbox: an event until it is sent (done_at) or given up (done_at with its failure). The AssignmentId is worked
-- out when it is sent: the submission's id, or the hold's assignmentId (hit_assignments) by worker and start.
CREATE TABLE hit_events (
  id INTEGER PRIMARY KEY,
  hit_type_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  hit_id TEXT NOT NULL,
  worker_id TEXT,
  started_at INTEGER,
  submission_id TEXT,
  event_time INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at INTEGER NOT NULL,
  done_at INTEGER,
  failure TEXT
);
-- what is due: only the events not sent yet
CREATE INDEX hit_events_due_idx ON hit_events (due_at) WHERE done_at IS NULL;
-- a HIT's HITExpired, written once by the Cron Trigger's sweep (a HIT expires when its day passes: no statement runs)
CREATE UNIQUE INDEX hit_events_expired_idx ON hit_events (hit_id) WHERE event_type = 'HITExpired';
-- the HITs of a type, for that sweep
CREATE INDEX mturk_hits_type_idx ON mturk_hits (hit_type_id);

-- Each trigger inserts from the HIT's row joined to its type's active specification naming the event: for a task
-- that is no HIT, or whose type sends nothing, the select is empty and nothing is written (one primary-key read).

CREATE TRIGGER hit_event_accepted AFTER INSERT ON task_holds
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, worker_id, started_at, event_time, due_at)
  SELECT h.hit_type_id, 'AssignmentAccepted', NEW.task_id, NEW.worker_id, NEW.started_at, NEW.started_at, NEW.started_at
  FROM mturk_hits h JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE h.task_id = NEW.task_id AND n.active = 1 AND instr(n.event_types, '"AssignmentAccepted"') > 0;
END;

-- A hold ends as a submission (the submission from that start exists: AssignmentSubmitted says it), by running out
-- of time (AssignmentAbandoned) or given back (AssignmentReturned); the last hold of a HIT with no slot left whose
-- work is all in makes it Reviewable.
CREATE TRIGGER hit_event_hold_ended AFTER DELETE ON task_holds
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, worker_id, started_at, event_time, due_at)
  SELECT h.hit_type_id, e.name, OLD.task_id, OLD.worker_id, OLD.started_at, e.now, e.now
  FROM (SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) AS now,
      CASE WHEN OLD.expires_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
        THEN 'AssignmentAbandoned' ELSE 'AssignmentReturned' END AS name) AS e
    JOIN mturk_hits h ON h.task_id = OLD.task_id
    JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE n.active = 1 AND instr(n.event_types, '"' || e.name || '"') > 0
    AND NOT EXISTS (SELECT 1 FROM submissions s
      WHERE s.task_id = OLD.task_id AND s.worker_id = OLD.worker_id AND s.started_at = OLD.started_at);
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, event_time, due_at)
  SELECT h.hit_type_id, 'HITReviewable', OLD.task_id,
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM mturk_hits h JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE h.task_id = OLD.task_id AND n.active = 1 AND instr(n.event_types, '"HITReviewable"') > 0
    AND EXISTS (SELECT 1 FROM submissions s
      WHERE s.task_id = OLD.task_id AND s.worker_id = OLD.worker_id AND s.started_at = OLD.started_at)
    AND NOT EXISTS (SELECT 1 FROM task_holds WHERE task_id = OLD.task_id)
    AND EXISTS (SELECT 1 FROM tasks WHERE id = OLD.task_id AND required_workers = 0 AND deleted_at IS NULL);
END;

CREATE TRIGGER hit_event_submitted AFTER INSERT ON submissions
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, worker_id, started_at, submission_id, event_time, due_at)
  SELECT h.hit_type_id, 'AssignmentSubmitted', NEW.task_id, NEW.worker_id, NEW.started_at, NEW.id, NEW.created_at,
    NEW.created_at
  FROM mturk_hits h JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE h.task_id = NEW.task_id AND n.active = 1 AND instr(n.event_types, '"AssignmentSubmitted"') > 0;
END;

-- a review, and an appeal's overturned rejection (approved after rejected)
CREATE TRIGGER hit_event_reviewed AFTER UPDATE OF status ON submissions
  WHEN NEW.status <> OLD.status AND NEW.status IN ('approved', 'rejected')
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, worker_id, started_at, submission_id, event_time, due_at)
  SELECT h.hit_type_id, CASE NEW.status WHEN 'approved' THEN 'AssignmentApproved' ELSE 'AssignmentRejected' END,
    NEW.task_id, NEW.worker_id, NEW.started_at, NEW.id, COALESCE(NEW.reviewed_at, NEW.created_at),
    COALESCE(NEW.reviewed_at, NEW.created_at)
  FROM mturk_hits h JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE h.task_id = NEW.task_id AND n.active = 1
    AND instr(n.event_types, CASE NEW.status WHEN 'approved' THEN '"AssignmentApproved"' ELSE '"AssignmentRejected"' END) > 0;
END;

-- the last open slot taken by a submission sent without a start (the original REST POST /submission), or the slots
-- closed by an expiry while work awaits review, with no start still holding one
CREATE TRIGGER hit_event_slots_closed AFTER UPDATE OF required_workers ON tasks
  WHEN NEW.required_workers = 0 AND OLD.required_workers > 0 AND NEW.deleted_at IS NULL
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, event_time, due_at)
  SELECT h.hit_type_id, 'HITReviewable', NEW.id,
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM mturk_hits h JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE h.task_id = NEW.id AND n.active = 1 AND instr(n.event_types, '"HITReviewable"') > 0
    AND NOT EXISTS (SELECT 1 FROM task_holds WHERE task_id = NEW.id)
    AND EXISTS (SELECT 1 FROM submissions WHERE task_id = NEW.id AND status = 'pending');
END;

CREATE TRIGGER hit_event_disposed AFTER UPDATE OF deleted_at ON tasks
  WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, event_time, due_at)
  SELECT h.hit_type_id, 'HITDisposed', NEW.id, NEW.deleted_at, NEW.deleted_at
  FROM mturk_hits h JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE h.task_id = NEW.id AND n.active = 1 AND instr(n.event_types, '"HITDisposed"') > 0;
END;

CREATE TRIGGER hit_event_created AFTER INSERT ON mturk_hits
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, event_time, due_at)
  SELECT n.hit_type_id, 'HITCreated', NEW.task_id,
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM hit_type_notifications n
  WHERE n.hit_type_id = NEW.hit_type_id AND n.active = 1 AND instr(n.event_types, '"HITCreated"') > 0;
END;

CREATE TRIGGER hit_event_extended AFTER INSERT ON hit_extensions
BEGIN
  INSERT INTO hit_events (hit_type_id, event_type, hit_id, event_time, due_at)
  SELECT h.hit_type_id, 'HITExtended', NEW.hit_id, NEW.created_at, NEW.created_at
  FROM mturk_hits h JOIN hit_type_notifications n ON n.hit_type_id = h.hit_type_id
  WHERE h.task_id = NEW.hit_id AND n.active = 1 AND instr(n.event_types, '"HITExtended"') > 0;
END;
