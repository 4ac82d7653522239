/** Cron Trigger work (wrangler.toml [triggers]). */
export async function runScheduledJobs(_env: Env): Promise<void> {}
