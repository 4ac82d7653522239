// Cron Trigger work (wrangler.toml [triggers]), one entry per schedule. Each job is a plain function of `env` and
// `now`, so tests run them directly; the scheduled handler (workers/app.ts) only picks the schedule's jobs.
import { autoApproveDue } from "../services/submissions.server";
import { releaseExpiredHolds } from "../services/slots.server";
import { refreshWithdrawalWaitMedian } from "../services/payout-queue.server";
import { purgeLoginFailures } from "../services/login-throttle.server";
import { purgeRateLimits } from "../services/rate-limit.server";
import { sweepOrphanImages } from "./orphan-images.server";
import { dropPastTasksFromSearch } from "./open-task-search.server";
import { purgeBatchReceipts, purgeOldNotifications } from "./retention.server";

export const EVERY_QUARTER_HOUR = "*/15 * * * *";
export const DAILY = "0 3 * * *";

/**
 * Approves submissions left unreviewed past the window; returns started slots whose time ran out to their tasks;
 * works out the admins' median wait for withdrawals.
 */
async function quarterHourly(env: Env, now: number): Promise<void> {
  const approved = await autoApproveDue(env, now);
  if (approved > 0) console.log(`auto-approved ${approved} submission(s)`);
  const released = await releaseExpiredHolds(env, now);
  if (released > 0) console.log(`returned ${released} expired start(s) to their tasks`);
  await refreshWithdrawalWaitMedian(env, now);
}

/**
 * Housekeeping: orphaned images, expired rate-limit windows, forgotten sign-in failures and known addresses, old
 * notifications, the receipts of past batches, and tasks past their day in the open tasks' search index.
 */
export async function daily(env: Env, now: number): Promise<void> {
  const images = await sweepOrphanImages(env, now);
  const windows = await purgeRateLimits(env, now);
  const signIns = await purgeLoginFailures(env, now);
  const notifications = await purgeOldNotifications(env, now);
  const receipts = await purgeBatchReceipts(env, now);
  const searchEntries = await dropPastTasksFromSearch(env);
  console.log(
    `daily: removed ${images} orphaned image(s), ${windows} expired rate-limit window(s), ${signIns} old sign-in record(s), ${notifications} notification(s) past retention, ${receipts} batch receipt(s), ${searchEntries} past task(s) from the search index`,
  );
}

const JOBS: Record<string, (env: Env, now: number) => Promise<void>> = {
  [EVERY_QUARTER_HOUR]: quarterHourly,
  [DAILY]: daily,
};

export async function runScheduledJobs(env: Env, cron: string, now = Date.now()): Promise<void> {
  const job = JOBS[cron];
  if (!job) throw new Error(`No job is scheduled for the cron "${cron}" (wrangler.toml [triggers])`);
  await job(env, now);
}
