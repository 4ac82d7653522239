// The Cron Trigger runs auto-approval through the worker's scheduled handler.
import { describe, expect, it } from "vitest";
import { balance, env, registerUser, sessionUser, taskInput } from "./fixtures";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { postTask } from "~/server/services/tasks.server";
import { createSubmission } from "~/server/services/submissions.server";

describe("scheduled handler", () => {
  it("approves submissions older than the review window and leaves fresh ones pending", async () => {
    const buyer = await sessionUser((await registerUser("Buyer")).id);
    const w1 = await sessionUser((await registerUser("Worker")).id);
    const w2 = await sessionUser((await registerUser("Worker")).id);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 6 }));
    const old = await createSubmission(env, w1, {
      task_id: task.id,
      submission_details: "old",
      submission_image_url: "",
    });
    const fresh = await createSubmission(env, w2, {
      task_id: task.id,
      submission_details: "new",
      submission_image_url: "",
    });
    await env.DB.prepare("UPDATE submissions SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000 - 60_000, old.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
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
