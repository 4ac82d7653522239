import { autoApproveDue } from "./submissions.server";
import { purgeOldNotifications } from "../jobs/retention.server";

/**
 * Cron Trigger work (wrangler.toml [triggers]): approve submissions left unreviewed past the window, and delete
 * notifications past their retention (docs/scale.md).
 */
export async function runScheduledJobs(env: Env): Promise<void> {
  const approved = await autoApproveDue(env);
  if (approved > 0) console.log(`auto-approved ${approved} submission(s)`);
  const purged = await purgeOldNotifications(env);
  if (purged > 0) console.log(`deleted ${purged} notification(s) past retention`);
}
