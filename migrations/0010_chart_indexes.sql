-- The home pages' charts (app/server/services/charts.server.ts) read a bounded window of weeks or days, each through
-- a range on a time column, so their cost follows the rows in the window, never the size of the tables. Every index
-- below carries the columns its chart sums, so the window is read from the index alone.

-- Worker home: coins earned and approval rate per week, by when the buyer decided.
CREATE INDEX submissions_worker_reviewed_idx ON submissions (worker_id, reviewed_at, status, payable_amount);

-- Admin home: submissions per day by status.
CREATE INDEX submissions_created_idx ON submissions (created_at, status);

-- Admin home: coins bought per day.
CREATE INDEX orders_created_idx ON orders (created_at, coins);

-- Admin home: coins paid out to workers per day. The old index on kind alone is a prefix of this one, so it goes.
DROP INDEX coin_ledger_kind_idx;
CREATE INDEX coin_ledger_kind_idx ON coin_ledger (kind, created_at, delta);

-- Admin home: coins withdrawn (approved withdrawals) per day, by when the admin approved them.
CREATE INDEX withdrawals_decided_idx ON withdrawals (status, decided_at, withdrawal_coin);
