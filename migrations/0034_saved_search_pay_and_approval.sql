-- Task alerts (docs/product/task-alerts.md, decision 060): a saved search may also keep the task list's least pay per
-- hour (cents, as tasks.cents_per_hour of 0032 counts it) and least buyer approval rate (percent, 0033's
-- buyer_reputations). They live in a row of their own beside the search (this migration's number runs before 0038
-- creates saved_searches, so it cannot add columns to it): one row only for a search with a bound, NULL for a bound
-- not set, gone with its search. The cron's matching tests both in its one statement, with the task list's own
-- conditions.
CREATE TABLE saved_search_bounds (
  search_id TEXT PRIMARY KEY REFERENCES saved_searches (id) ON DELETE CASCADE,
  min_cents_per_hour INTEGER CHECK (min_cents_per_hour > 0),
  min_approval INTEGER CHECK (min_approval BETWEEN 1 AND 100),
  CHECK (min_cents_per_hour IS NOT NULL OR min_approval IS NOT NULL)
) WITHOUT ROWID;
