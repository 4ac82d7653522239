// The Cron Trigger's jobs through the worker's scheduled handler: auto-approval, and notification retention
// (app/server/jobs/retention.server.ts), which runs with the daily trigger.
import { describe, expect, it } from "vitest";
import { balance, env, registerUser, sessionUser, taskInput } from "./fixtures";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { DAILY, EVERY_QUARTER_HOUR } from "~/server/jobs/scheduled.server";
import { postTask } from "~/server/services/tasks.server";
import { createSubmission } from "~/server/services/submissions.server";
import {
  purgeOldNotifications,
  READ_NOTIFICATION_DAYS,
  UNREAD_NOTIFICATION_DAYS,
} from "~/server/jobs/retention.server";

async function runCron(cron = EVERY_QUARTER_HOUR) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("scheduled handler", () => {
  it("approves submissions older than the review window and leaves fresh ones pending", async () => {
    const buyer = await sessionUser((await registerUser("Buyer")).id);
    const w1 = await sessionUser((await registerUser("Worker")).id);
    const w2 = await sessionUser((await registerUser("Worker")).id);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 6 }));
    const old = await createSubmission(
      env,
      w1,
      {
        task_id: task.id,
        submission_details: "old",
        submission_image_url: "",
      },
      { startIfNeeded: true },
    );
    const fresh = await createSubmission(
      env,
      w2,
      {
        task_id: task.id,
        submission_details: "new",
        submission_image_url: "",
      },
      { startIfNeeded: true },
    );
    await env.DB.prepare("UPDATE submissions SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000 - 60_000, old.id)
      .run();
    await runCron();
    const rows = await env.DB.prepare("SELECT id, status FROM submissions WHERE task_id = ?")
      .bind(task.id)
      .all<{ id: string; status: string }>();
    const status = Object.fromEntries(rows.results.map((r) => [r.id, r.status]));
    expect(status[old.id]).toBe("approved");
    expect(status[fresh.id]).toBe("pending");
    expect(await balance(w1.id)).toBe(16);
    expect(await balance(w2.id)).toBe(10);
  });
});

const DAY = 86_400_000;

/** A notification for `userId` sent `ageDays` ago, read or not; returns its id. */
async function notification(userId: string, ageDays: number, read: boolean, now = Date.now()): Promise<string> {
  const id = crypto.randomUUID();
  const created = now - ageDays * DAY;
  await env.DB.prepare(
    "INSERT INTO notifications (id, user_id, message, action_route, read_at, created_at) VALUES (?, ?, ?, NULL, ?, ?)",
  )
    .bind(id, userId, `retention probe ${ageDays}d`, read ? created + 60_000 : null, created)
    .run();
  return id;
}

async function remaining(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM notifications WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

describe("notification retention", () => {
  it("deletes read notifications past 90 days and unread ones past a year, and keeps the rest", async () => {
    const user = await registerUser("Worker");
    const now = Date.now();
    const readOld = await notification(user.id, READ_NOTIFICATION_DAYS + 1, true, now);
    const readRecent = await notification(user.id, READ_NOTIFICATION_DAYS - 1, true, now);
    const unreadOld = await notification(user.id, READ_NOTIFICATION_DAYS + 30, false, now);
    const unreadAncient = await notification(user.id, UNREAD_NOTIFICATION_DAYS + 1, false, now);
    const unreadNew = await notification(user.id, 0, false, now);

    const deleted = await purgeOldNotifications(env, now);
    expect(deleted).toBeGreaterThanOrEqual(2);
    const kept = await remaining(user.id);
    expect(kept).toEqual(expect.arrayContaining([readRecent, unreadOld, unreadNew]));
    expect(kept).not.toContain(readOld);
    expect(kept).not.toContain(unreadAncient);
    // nothing left to do: a second run deletes none of this user's rows
    await purgeOldNotifications(env, now);
    expect(await remaining(user.id)).toEqual(kept);
  });

  it("works in chunks and stops after the run's last chunk; the next run goes on", async () => {
    const user = await registerUser("Buyer");
    const now = Date.now();
    for (let i = 0; i < 5; i++) await notification(user.id, READ_NOTIFICATION_DAYS + 10 + i, true, now);
    // other files' rows are recent, so the old rows of this test are all there is to delete
    const gone = await purgeOldNotifications(env, now, { chunk: 2, maxChunks: 2 });
    expect(gone).toBe(4);
    expect(await remaining(user.id)).toHaveLength(1);
    expect(await purgeOldNotifications(env, now, { chunk: 2, maxChunks: 2 })).toBe(1);
    expect(await remaining(user.id)).toEqual([]);
  });

  it("runs with the daily Cron Trigger", async () => {
    const user = await registerUser("Worker");
    const old = await notification(user.id, READ_NOTIFICATION_DAYS + 5, true);
    const fresh = await notification(user.id, 1, true);
    await runCron(DAILY);
    expect(await remaining(user.id)).toEqual([fresh]);
    expect(old).not.toBe(fresh);
  });
});
