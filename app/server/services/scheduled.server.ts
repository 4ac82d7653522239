import { autoApproveDue } from "./submissions.server";

/** Cron Trigger work (wrangler.toml [triggers]): approve submissions left unreviewed past the window. */
export async function runScheduledJobs(env: Env): Promise<void> {
  const approved = await autoApproveDue(env);
  if (approved > 0) console.log(`auto-approved ${approved} submission(s)`);
}
