// Cron Trigger work (wrangler.toml [triggers]), one entry per schedule. Each job is a plain function of `env` and
// `now`, so tests run them directly; the scheduled handler (workers/app.ts) only picks the schedule's jobs.
import { autoApproveDue } from "../services/submissions.server";
import { releaseExpiredHolds } from "../services/slots.server";
import { lapseDueRevisions } from "../services/revisions.server";
import { refreshWithdrawalWaitMedian } from "../services/payout-queue.server";
import { matchNewTasks, purgeOldMatches, sendAlertDigests } from "../services/alerts.server";
import { deliverPushes } from "../services/push.server";
import { cronOrigin } from "../environment.server";
import { purgeLoginFailures } from "../services/login-throttle.server";
import { purgeRateLimits } from "../services/rate-limit.server";
import { deliverHitEvents, recordExpiredHits } from "../services/hit-notifications.server";
import { sweepOrphanImages } from "./orphan-images.server";
import { markTasksPastTheirDay } from "./open-task-search.server";
import { purgeBatchReceipts, purgeOldNotifications, purgeTaskBatchDrafts } from "./retention.server";
import { hashOldProofImages } from "../services/copied-proof.server";

export const EVERY_MINUTE = "* * * * *";
export const EVERY_QUARTER_HOUR = "*/15 * * * *";
export const DAILY = "0 3 * * *";

/**
 * Task alerts, so that a new task reaches a worker's phone within a minute of its posting: matches the new tasks
 * against the saved searches, sends the alert digests that are due (at most one an hour per worker), and sends the
 * pushes waiting (the matches', and those a request's own sending left: docs/decisions/099).
 */
async function everyMinute(env: Env, now: number): Promise<void> {
  const matched = await matchNewTasks(env, now);
  const digests = await sendAlertDigests(env, cronOrigin(env), now);
  if (matched > 0 || digests > 0) console.log(`task alerts: matched ${matched} new task(s), sent ${digests} digest(s)`);
  const pushed = await deliverPushes(env, now);
  if (pushed > 0) console.log(`pushed ${pushed} notification(s)`);
}

/**
 * Lapses revision requests left unanswered for 48 hours; approves submissions left unreviewed past the window;
 * returns started slots whose time ran out to their tasks; works out the admins' median wait for withdrawals;
 * writes the requester API's HITExpired events and sends the HIT events still due.
 */
async function quarterHourly(env: Env, now: number): Promise<void> {
  const lapsed = await lapseDueRevisions(env, now);
  if (lapsed > 0) console.log(`${lapsed} revision request(s) lapsed`);
  const approved = await autoApproveDue(env, now);
  if (approved > 0) console.log(`auto-approved ${approved} submission(s)`);
  const released = await releaseExpiredHolds(env, now);
  if (released > 0) console.log(`returned ${released} expired start(s) to their tasks`);
  await refreshWithdrawalWaitMedian(env, now);
  // the requester API's notifications: the HITs whose day has passed, and what failed after a request, tried again
  await recordExpiredHits(env, now);
  const events = await deliverHitEvents(env, cronOrigin(env), now);
  if (events > 0) console.log(`sent ${events} HIT event(s)`);
}

/**
 * Housekeeping: orphaned images, expired rate-limit windows, forgotten sign-in failures and known addresses, old
 * notifications, the receipts of past batches, uploads of batch posting, and tasks past their day (out of the open-task
 * walks and the search);
 * and proof images of the old hash hashed again (migrations/0072), a few a day until none is left.
 */
export async function daily(env: Env, now: number): Promise<void> {
  const images = await sweepOrphanImages(env, now);
  const windows = await purgeRateLimits(env, now);
  const signIns = await purgeLoginFailures(env, now);
  const notifications = await purgeOldNotifications(env, now);
  const receipts = await purgeBatchReceipts(env, now);
  const uploads = await purgeTaskBatchDrafts(env, now);
  const passed = await markTasksPastTheirDay(env);
  const alertMatches = await purgeOldMatches(env, now);
  const rehashed = await hashOldProofImages(env, now);
  console.log(
    `daily: removed ${images} orphaned image(s), ${windows} expired rate-limit window(s), ${signIns} old sign-in record(s), ${notifications} notification(s) past retention, ${receipts} batch receipt(s), ${uploads} upload(s) of batch posting, ${passed} task(s) past their day from the open-task walks and the search, ${alertMatches} old alert match(es), hashed ${rehashed} proof image(s) of the old hash`,
  );
}

const JOBS: Record<string, (env: Env, now: number) => Promise<void>> = {
  [EVERY_MINUTE]: everyMinute,
  [EVERY_QUARTER_HOUR]: quarterHourly,
  [DAILY]: daily,
};

export async function runScheduledJobs(env: Env, cron: string, now = Date.now()): Promise<void> {
  const job = JOBS[cron];
  if (!job) throw new Error(`No job is scheduled for the cron "${cron}" (wrangler.toml [triggers])`);
  await job(env, now);
}
