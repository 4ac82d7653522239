// The daily Cron Trigger (app/server/jobs/): orphaned R2 images go (after a grace period, so an upload on its way
// to a form survives), expired rate-limit windows and day-old batch receipts go; and rate limits key on
// CF-Connecting-IP alone.
import { describe, expect, it } from "vitest";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { env, newTask, pngFile, registerUser, sessionUser } from "./fixtures";
import { createSubmission } from "~/server/services/submissions.server";
import { DAILY, runScheduledJobs } from "~/server/jobs/scheduled.server";
import { ORPHAN_GRACE_MS, sweepOrphanImages } from "~/server/jobs/orphan-images.server";
import { storeImage } from "~/server/services/images.server";
import { clientAddress, RATE_LIMIT_KEEP_MS } from "~/server/services/rate-limit.server";

const exists = async (key: string) => (await env.IMAGES.head(key)) !== null;

async function runDaily(now = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: now, cron: DAILY }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("orphaned images", () => {
  it("removes images no row refers to once they are older than the grace period; used and young ones stay", async () => {
    const started = Date.now();
    const orphan = await storeImage(env, pngFile());
    const photo = await storeImage(env, pngFile());
    const taskImage = await storeImage(env, pngFile());
    const u = await registerUser("Buyer");
    await env.DB.prepare("UPDATE users SET photo = ? WHERE id = ?").bind(photo.url, u.id).run();
    const task = await newTask(u);
    await env.DB.prepare("UPDATE tasks SET task_image_url = ? WHERE id = ?").bind(taskImage.url, task.id).run();
    // wait until these are measurably older than the next upload, which plays the upload still on its way
    await expect.poll(() => Date.now() - started, { timeout: 5_000, interval: 100 }).toBeGreaterThan(1_200);
    const young = Date.now();
    const inFlight = await storeImage(env, pngFile());

    // the real grace period spares every one of them: none is a day old
    await sweepOrphanImages(env, Date.now());
    for (const key of [orphan.key, photo.key, taskImage.key, inFlight.key]) expect(await exists(key)).toBe(true);

    // a grace period that the first three have outlived and the fourth has not
    const now = Date.now();
    const removed = await sweepOrphanImages(env, now, now - young + 300);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await exists(orphan.key)).toBe(false);
    expect(await exists(photo.key)).toBe(true);
    expect(await exists(taskImage.key)).toBe(true);
    expect(await exists(inFlight.key)).toBe(true);
    expect(ORPHAN_GRACE_MS).toBeGreaterThanOrEqual(60 * 60 * 1000);
  });

  it("keeps an image a submission refers to", async () => {
    const started = Date.now();
    const proof = await storeImage(env, pngFile());
    const submitter = await registerUser("Worker");
    const buyer = await registerUser("Buyer");
    const task = await newTask(buyer);
    await createSubmission(
      env,
      await sessionUser(submitter.id),
      {
        task_id: task.id,
        submission_details: "proof",
        submission_image_url: proof.url,
      },
      { startIfNeeded: true },
    );
    await expect.poll(() => Date.now() - started, { timeout: 5_000, interval: 100 }).toBeGreaterThan(600);
    await sweepOrphanImages(env, Date.now(), 300);
    expect(await exists(proof.key)).toBe(true);
  });
});

describe("rate-limit windows", () => {
  it("the daily cron drops windows that ended long ago and keeps current ones", async () => {
    const old = `test:old:${crypto.randomUUID()}`;
    const current = `test:current:${crypto.randomUUID()}`;
    const insert = env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)");
    await env.DB.batch([insert.bind(old, Date.now() - RATE_LIMIT_KEEP_MS - 60_000), insert.bind(current, Date.now())]);
    await runDaily();
    const keys = (await env.DB.prepare("SELECT key FROM rate_limits WHERE key IN (?, ?)").bind(old, current).all())
      .results;
    expect(keys.map((r) => r.key)).toEqual([current]);
  });

  it("the daily cron drops the receipts of batches older than a day; a money batch leaves a fresh one", async () => {
    const buyer = await registerUser("Buyer");
    const since = Date.now() - 1;
    await newTask(buyer);
    const fresh = await env.DB.prepare("SELECT id, steps FROM batch_receipts WHERE created_at >= ?")
      .bind(since)
      .all<{ id: string; steps: string }>();
    // the task's batch recorded what each of its steps changed (the task row among them)
    expect(fresh.results.some((r) => r.steps.trim().split(" ").includes("1"))).toBe(true);
    const old = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO batch_receipts (id, steps, created_at) VALUES (?, '1 ', ?)")
      .bind(old, Date.now() - 2 * 86_400_000)
      .run();
    await runDaily();
    const ids = [old, ...fresh.results.map((r) => r.id)];
    const left = await env.DB.prepare(`SELECT id FROM batch_receipts WHERE id IN (${ids.map(() => "?").join(",")})`)
      .bind(...ids)
      .all<{ id: string }>();
    expect(left.results.map((r) => r.id).sort()).toEqual(fresh.results.map((r) => r.id).sort());
  });

  it("an unknown schedule is an error, not silently nothing", async () => {
    await expect(runScheduledJobs(env, "0 0 31 2 *")).rejects.toThrow(/No job is scheduled/);
  });

  it("the client address is CF-Connecting-IP only: a client's X-Forwarded-For is ignored", () => {
    const req = (headers: Record<string, string>) => new Request("https://coinwork.test/login", { headers });
    expect(clientAddress(req({ "CF-Connecting-IP": "203.0.113.7", "X-Forwarded-For": "198.51.100.1" }))).toBe(
      "203.0.113.7",
    );
    // without Cloudflare's header, a made-up X-Forwarded-For must not buy a fresh rate-limit bucket
    expect(clientAddress(req({ "X-Forwarded-For": "198.51.100.1" }))).toBe(
      clientAddress(req({ "X-Forwarded-For": "198.51.100.2" })),
    );
  });
});
