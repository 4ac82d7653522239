// The counters kept by triggers (migrations/0006, 0009, 0012 to 0015, 0020, 0022, 0032, 0033, 0040, 0054, 0064, 0065 and 0084), each beside the same figures
// computed from the rows it stands for. Import-free, like conservation-sql.ts: the server tests (expectCountersAgree) and
// `npm run ledger:check` run this same text, so a trigger that drifts is found by both.

/** A table of counters: its rows as kept (`kept`) and as summed from the rows it counts (`summed`). */
export interface CounterTable {
  name: string;
  kept: string;
  summed: string;
}

/**
 * An index of the open tasks (0015's FTS5 table, 0022's word table) beside the open tasks it stands for. The index
 * may keep a task whose day has passed until the daily job drops it: the search hides those, and so does this.
 */
function openTaskIndex(name: string, table: string): CounterTable {
  const columns = "rowid, task_title, task_detail, completion_date";
  return {
    name,
    kept: `SELECT ${columns} FROM ${table} WHERE completion_date >= date('now') ORDER BY rowid`,
    summed: `SELECT ${columns} FROM tasks
      WHERE deleted_at IS NULL AND required_workers + held_slots > 0 AND paused_at IS NULL
        AND completion_date >= date('now') ORDER BY rowid`,
  };
}

/**
 * Each counter table, as kept (rows with something counted), and the same figures summed from the rows they count.
 * Both sides name and order their columns alike, so equal results mean equal counters.
 */
export const COUNTER_TABLES: CounterTable[] = [
  {
    name: "open slots per day and category (0006)",
    kept: `SELECT completion_date, category, tasks, slots FROM open_task_days
      WHERE tasks > 0 OR slots > 0 ORDER BY 1, 2`,
    summed: `SELECT completion_date, category, COUNT(*) AS tasks, SUM(required_workers) AS slots FROM tasks
      WHERE deleted_at IS NULL AND required_workers > 0 AND paused_at IS NULL GROUP BY completion_date, category ORDER BY 1, 2`,
  },
  {
    name: "open tasks by what they require (0084)",
    kept: `SELECT category, min_approval_rate, min_approved, with_qualification, tasks FROM open_tasks_by_requirement
      WHERE tasks > 0 ORDER BY 1, 2, 3, 4`,
    summed: `SELECT category, IFNULL(min_approval_rate, 0) AS min_approval_rate, IFNULL(min_approved, 0) AS min_approved,
        qualification_id IS NOT NULL AS with_qualification, COUNT(*) AS tasks FROM tasks
      WHERE deleted_at IS NULL AND required_workers > 0 AND paused_at IS NULL AND date_passed = 0
        AND (min_approval_rate IS NOT NULL OR min_approved IS NOT NULL OR qualification_id IS NOT NULL)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  },
  {
    name: "workers' track records (0009)",
    kept: `SELECT worker_id, approved, rejected FROM worker_track_records
      WHERE approved > 0 OR rejected > 0 ORDER BY 1`,
    summed: `SELECT worker_id, SUM(status = 'approved') AS approved, SUM(status = 'rejected') AS rejected
      FROM submissions WHERE status IN ('approved', 'rejected') GROUP BY worker_id ORDER BY 1`,
  },
  {
    name: "Admin Home's days (0012)",
    kept: `SELECT day, bought, paid_out, withdrawn, pending, approved, rejected FROM daily_activity
      WHERE bought OR paid_out OR withdrawn OR pending OR approved OR rejected ORDER BY day`,
    summed: `SELECT day, SUM(bought) AS bought, SUM(paid_out) AS paid_out, SUM(withdrawn) AS withdrawn,
      SUM(pending) AS pending, SUM(approved) AS approved, SUM(rejected) AS rejected FROM (
        SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, coins AS bought, 0 AS paid_out,
          0 AS withdrawn, 0 AS pending, 0 AS approved, 0 AS rejected FROM orders
        UNION ALL SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 0, delta, 0, 0, 0, 0
          FROM coin_ledger WHERE kind = 'submission_payout'
        UNION ALL SELECT strftime('%Y-%m-%d', decided_at / 1000, 'unixepoch'), 0, 0, withdrawal_coin, 0, 0, 0
          FROM withdrawals WHERE status = 'approved' AND decided_at IS NOT NULL
        UNION ALL SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 0, 0, 0,
          status = 'pending', status = 'approved', status = 'rejected' FROM submissions
      ) GROUP BY day
      HAVING SUM(bought) OR SUM(paid_out) OR SUM(withdrawn) OR SUM(pending) OR SUM(approved) OR SUM(rejected)
      ORDER BY day`,
  },
  {
    name: "Buyer Home's figures (0013)",
    kept: `SELECT buyer_id, live_tasks, open_slots, spent_cents, paid_coins FROM buyer_figures
      WHERE live_tasks OR open_slots OR spent_cents OR paid_coins ORDER BY buyer_id`,
    summed: `SELECT buyer_id, SUM(live_tasks) AS live_tasks, SUM(open_slots) AS open_slots,
      SUM(spent_cents) AS spent_cents, SUM(paid_coins) AS paid_coins FROM (
        SELECT buyer_id, 1 AS live_tasks, required_workers AS open_slots, 0 AS spent_cents, 0 AS paid_coins
          FROM tasks WHERE deleted_at IS NULL
        UNION ALL SELECT user_id, 0, 0, price_cents, 0 FROM orders
        UNION ALL SELECT buyer_id, 0, 0, 0, payable_amount FROM submissions WHERE status = 'approved'
      ) GROUP BY buyer_id
      HAVING SUM(live_tasks) OR SUM(open_slots) OR SUM(spent_cents) OR SUM(paid_coins)
      ORDER BY buyer_id`,
  },
  {
    name: "Worker Home's figures (0014)",
    kept: `SELECT worker_id, submitted, pending, earned FROM worker_figures
      WHERE submitted OR pending OR earned ORDER BY worker_id`,
    summed: `SELECT worker_id, COUNT(*) AS submitted, SUM(status = 'pending') AS pending,
      SUM(CASE WHEN status = 'approved' THEN payable_amount ELSE 0 END) AS earned
      FROM submissions GROUP BY worker_id ORDER BY worker_id`,
  },
  openTaskIndex("open tasks' search index (0015)", "open_tasks_fts"),
  openTaskIndex("open tasks' word index (0022)", "open_task_words"),
  {
    name: "held slots per task (0054)",
    kept: `SELECT id AS task_id, held_slots FROM tasks WHERE held_slots <> 0 ORDER BY id`,
    summed: `SELECT task_id, COUNT(*) AS held_slots FROM task_holds GROUP BY task_id ORDER BY task_id`,
  },
  {
    name: "My Tasks' progress per task (0020, 0066)",
    kept: `SELECT task_id, buyer_id, pending, approved, rejected FROM task_figures
      WHERE pending > 0 OR approved > 0 OR rejected > 0 ORDER BY task_id`,
    summed: `SELECT task_id, MIN(buyer_id) AS buyer_id, SUM(status = 'pending') AS pending,
      SUM(status = 'approved') AS approved, SUM(status = 'rejected') AS rejected FROM submissions
      WHERE status IN ('pending', 'approved', 'rejected') GROUP BY task_id ORDER BY task_id`,
  },
  {
    name: "buyers blocking each worker (0040)",
    kept: `SELECT worker_id, buyers FROM worker_block_counts WHERE buyers > 0 ORDER BY worker_id`,
    summed: `SELECT worker_id, COUNT(*) AS buyers FROM worker_blocks GROUP BY worker_id ORDER BY worker_id`,
  },
  {
    name: "buyers' reputations (0033, 0066)",
    kept: `SELECT buyer_id, approved, rejected, appeals_lost, tasks_posted, rejected_without_reason
      FROM buyer_reputations
      WHERE approved OR rejected OR appeals_lost OR tasks_posted OR rejected_without_reason ORDER BY buyer_id`,
    summed: `SELECT buyer_id, SUM(approved) AS approved, SUM(rejected) AS rejected, SUM(appeals_lost) AS appeals_lost,
      SUM(tasks_posted) AS tasks_posted, SUM(rejected_without_reason) AS rejected_without_reason FROM (
        SELECT buyer_id, status = 'approved' AS approved, status = 'rejected' AS rejected, 0 AS appeals_lost,
          0 AS tasks_posted, status = 'rejected' AND reject_reason IS NULL AS rejected_without_reason
          FROM submissions WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL
        UNION ALL SELECT buyer_id, 0, 0, 1, 0, 0 FROM appeals WHERE status = 'overturned'
        UNION ALL SELECT buyer_id, 0, 0, 0, 1, 0 FROM tasks
      ) GROUP BY buyer_id
      HAVING SUM(approved) OR SUM(rejected) OR SUM(appeals_lost) OR SUM(tasks_posted) OR SUM(rejected_without_reason)
      ORDER BY buyer_id`,
  },
  {
    name: "buyers' decisions per day (0033)",
    kept: `SELECT buyer_id, day, approved, rejected FROM buyer_review_days
      WHERE approved OR rejected ORDER BY buyer_id, day`,
    summed: `SELECT buyer_id, strftime('%Y-%m-%d', reviewed_at / 1000, 'unixepoch') AS day,
      SUM(status = 'approved') AS approved, SUM(status = 'rejected') AS rejected FROM submissions
      WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL GROUP BY buyer_id, day ORDER BY buyer_id, day`,
  },
  {
    name: "tasks' timed submissions (0032)",
    kept: `SELECT id AS task_id, timed_submissions FROM tasks WHERE timed_submissions > 0 ORDER BY id`,
    summed: `SELECT task_id, COUNT(*) AS timed_submissions FROM task_work_times GROUP BY task_id ORDER BY task_id`,
  },
  {
    name: "Worker Home's weeks (0014)",
    kept: `SELECT worker_id, week, earned, approved, rejected FROM worker_weeks
      WHERE earned OR approved OR rejected ORDER BY worker_id, week`,
    summed: `SELECT worker_id,
      strftime('%Y-%m-%d', reviewed_at / 1000, 'unixepoch', '-6 days', 'weekday 1') AS week,
      SUM(CASE WHEN status = 'approved' THEN payable_amount ELSE 0 END) AS earned,
      SUM(status = 'approved') AS approved, SUM(status = 'rejected') AS rejected
      FROM submissions WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL
      GROUP BY worker_id, week ORDER BY worker_id, week`,
  },
  {
    name: "tasks' requirements on their rows (0064)",
    kept: `SELECT id AS task_id, min_approval_rate, min_approved, qualification_id, qualification_min_score FROM tasks
      WHERE min_approval_rate IS NOT NULL OR min_approved IS NOT NULL OR qualification_id IS NOT NULL ORDER BY id`,
    summed: `SELECT t.id AS task_id, r.min_approval_rate, r.min_approved, q.qualification_id,
      q.min_score AS qualification_min_score FROM tasks AS t
      LEFT JOIN task_requirements AS r ON r.task_id = t.id LEFT JOIN task_qualifications AS q ON q.task_id = t.id
      WHERE r.min_approval_rate IS NOT NULL OR r.min_approved IS NOT NULL OR q.task_id IS NOT NULL ORDER BY t.id`,
  },
  {
    // the latest 25 decisions in the order of submissions_buyer_reviewed_idx (decided last first, then submitted
    // first): the lower middle of their waits
    name: "buyers' median time to review (0065)",
    kept: `SELECT buyer_id, median_review_ms FROM buyer_reputations WHERE median_review_ms IS NOT NULL
      ORDER BY buyer_id`,
    summed: `SELECT buyer_id, wait AS median_review_ms FROM (
        SELECT buyer_id, wait, ROW_NUMBER() OVER (PARTITION BY buyer_id ORDER BY wait) AS rank,
          COUNT(*) OVER (PARTITION BY buyer_id) AS n FROM (
          SELECT buyer_id, reviewed_at - created_at AS wait,
            ROW_NUMBER() OVER (PARTITION BY buyer_id ORDER BY reviewed_at DESC, created_at, rowid) AS latest
          FROM submissions WHERE status IN ('approved', 'rejected') AND reviewed_at IS NOT NULL)
        WHERE latest <= 25)
      WHERE rank = (n + 1) / 2 ORDER BY buyer_id`,
  },
];

/**
 * The running totals (`totals`, migrations/0006) that are counts rather than coin sums, each computed from its rows:
 * one row whose columns are named as the totals' rows.
 */
export const TOTAL_COUNTS_SQL = `SELECT
  (SELECT COUNT(*) FROM users WHERE role = 'Buyer' AND disabled_at IS NULL) AS active_buyers,
  (SELECT COUNT(*) FROM users WHERE role = 'Worker' AND disabled_at IS NULL) AS active_workers,
  (SELECT COUNT(*) FROM tasks WHERE deleted_at IS NULL) AS live_tasks,
  (SELECT COALESCE(SUM(price_cents), 0) FROM orders) AS order_cents`;

/** The names of the counts whose running total differs from the rows it counts. */
export function differingTotalCounts(
  totals: { name: string; value: unknown }[],
  counted: Record<string, unknown> | undefined,
): string[] {
  const kept = new Map(totals.map((r) => [r.name, Number(r.value)]));
  return Object.entries(counted ?? {})
    .filter(([name, n]) => kept.get(name) !== Number(n))
    .map(([name]) => name);
}
