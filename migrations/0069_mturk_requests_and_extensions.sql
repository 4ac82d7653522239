-- The MTurk Requester API's qualification requests, extra assignments and HIT review status (docs/mturk.md,
-- docs/decisions/088-qualification-requests-and-extra-assignments.md).
--
-- A qualification type made through the API without a test is requestable, as on MTurk: a worker who lacks it asks
-- for it from the task page, and its requester accepts (a grant) or rejects the request. Types made on the pages
-- stay granted by hand, as before.
ALTER TABLE qualifications ADD COLUMN requestable INTEGER NOT NULL DEFAULT 0 CHECK (requestable IN (0, 1));

CREATE TABLE qualification_requests (
  id TEXT PRIMARY KEY NOT NULL,
  -- deleting the type removes its requests with it (deleteQualification's batch)
  qualification_id TEXT NOT NULL REFERENCES qualifications (id) ON DELETE CASCADE,
  -- the type's owner: a requester lists all their pending requests
  buyer_id TEXT NOT NULL,
  worker_id TEXT NOT NULL REFERENCES users (id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected')),
  -- the requester's reason for a rejection, which the worker reads
  reason TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER
);
-- one pending request per worker and type, even when two are sent at once
CREATE UNIQUE INDEX qualification_requests_pending_idx ON qualification_requests (worker_id, qualification_id)
  WHERE status = 'pending';
-- ListQualificationRequests, newest first, for one type or all the requester's (keyset paged)
CREATE INDEX qualification_requests_type_idx ON qualification_requests (qualification_id, created_at DESC, id DESC)
  WHERE status = 'pending';
CREATE INDEX qualification_requests_buyer_idx ON qualification_requests (buyer_id, created_at DESC, id DESC)
  WHERE status = 'pending';
-- a worker's last decided request, for the retry wait after a rejection
CREATE INDEX qualification_requests_worker_idx ON qualification_requests (worker_id, qualification_id, decided_at DESC);

-- CreateAdditionalAssignmentsForHIT: one row per extension, written in the batch that escrows its slots. The key
-- makes a repeated UniqueRequestToken abort that batch, so an extension is charged once however often it is sent.
CREATE TABLE hit_extensions (
  buyer_id TEXT NOT NULL,
  token TEXT NOT NULL,
  hit_id TEXT NOT NULL,
  assignments INTEGER NOT NULL CHECK (assignments > 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (buyer_id, token)
) WITHOUT ROWID;

-- UpdateHITReviewStatus: a Reviewable HIT the requester is reviewing (MTurk's HITStatus Reviewing) is
-- 'MarkedForReview'; Revert sets it back.
ALTER TABLE tasks ADD COLUMN hit_review_status TEXT NOT NULL DEFAULT 'NotReviewed'
  CHECK (hit_review_status IN ('NotReviewed', 'MarkedForReview'));
