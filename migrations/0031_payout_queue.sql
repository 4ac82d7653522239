-- When will I be paid (docs/decisions/035-the-payout-queue-and-its-median.md): a pending withdrawal's place in the
-- admins' queue, the admins' list oldest first, and the median time admins took over the last 30 days.

-- The pending queue in the order admins work it (oldest first): the admins' list walks it, and a request's place is
-- the number of entries before it, a range of this index as long as the queue, whatever the table holds.
CREATE INDEX withdrawals_pending_queue_idx ON withdrawals (created_at, id) WHERE status = 'pending';

-- The decisions of the last 30 days, read by the Cron Trigger to work out their median wait.
CREATE INDEX withdrawals_decided_wait_idx ON withdrawals (decided_at, created_at) WHERE status IN ('approved', 'rejected');

-- Figures the Cron Trigger works out and pages read with one primary-key look-up (a median cannot be kept by
-- counters): name, value (NULL: nothing to measure), and when it was worked out.
CREATE TABLE cron_figures (
  name TEXT PRIMARY KEY,
  value INTEGER,
  computed_at INTEGER NOT NULL
) WITHOUT ROWID;
