-- Payouts an admin can account for (docs/product/coins.md, "Withdrawing").

-- The payout's own reference (a Bkash, Nagad or Rocket transaction ID, a bank reference), recorded when an admin
-- marks a withdrawal paid, and shown to the worker.
ALTER TABLE withdrawals ADD COLUMN payout_reference TEXT CHECK (payout_reference IS NULL OR length(payout_reference) BETWEEN 1 AND 64);

-- The taka shown beside dollars: how many taka one US dollar buys, in hundredths (12150: 121.50 BDT), set by an
-- admin and dated. One row per currency; BDT is the only one.
CREATE TABLE currency_rates (
  currency TEXT PRIMARY KEY CHECK (currency = 'BDT'),
  per_dollar_hundredths INTEGER NOT NULL CHECK (per_dollar_hundredths BETWEEN 1 AND 100000000),
  set_at INTEGER NOT NULL,
  set_by TEXT NOT NULL REFERENCES users (id)
) WITHOUT ROWID;

-- A worker's copied-proof flags, counted for the admins' payout queue: a range of this index as long as the
-- worker's flags, whatever the table holds.
CREATE INDEX proof_hashes_worker_copies_idx ON proof_hashes (worker_id) WHERE copy_of IS NOT NULL;
