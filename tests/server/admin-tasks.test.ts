// Manage Tasks: every live task with its buyer, search and pagination in the URL; Delete refunds the buyer
// (open slots and pending submissions), cancels the pending submissions and records the reason.
import { describe, expect, it } from "vitest";
import {
  adminWorld,
  auditRows,
  balance,
  env,
  expectRedirect,
  expectText,
  jsPost,
  pageHtml,
  postForm,
  registerUser,
  row,
  sessionUser,
  taskInput,
  taskWithPendingSubmission,
  uniqueToken,
} from "./fixtures";
import { postTask } from "~/server/services/tasks.server";
import { startTask } from "~/server/services/slots.server";
import { adjustCoins } from "~/server/services/users.server";
import { getDb } from "~/server/db/client.server";
import { conservation } from "~/server/services/ledger.server";

describe("Manage Tasks loader", () => {
  it("lists a task with image, title, category, buyer name and e-mail, workers x pay and deadline", async () => {
    const w = await adminWorld();
    const title = `Review our app ${uniqueToken()}`;
    const { buyer, task } = await taskWithPendingSubmission(title);
    const buyerRow = await sessionUser(buyer.id);
    const page = await pageHtml(`/dashboard/managetasks?q=${encodeURIComponent(title)}`, w.admin.cookie);
    expect(page.status).toBe(200);
    expectText(page.text, [title]);
    expectText(page.text, [buyerRow.name]);
    expectText(page.text, [buyer.email]);
    expectText(page.text, ["Video Engagement"]);
    expectText(page.text, ["/images/categories/video-engagement.webp"]); // no image: the category's illustration
    // 3 slots were posted, one was taken by the pending submission
    expectText(page.text, [/<span class="font-semibold">2<\/span> needed ×/]);
    expectText(page.text, [`<time dateTime="${task.completionDate}"`]);
    expectText(page.text, ["1 task matching"]);
    expectText(page.text, [
      `/dashboard/managetasks?q=${encodeURIComponent(title).replace(/%20/g, "+")}&amp;confirm=delete&amp;row=${task.id}`,
    ]);
  });

  it("searches by title, buyer name or e-mail, and pages through the results", async () => {
    const w = await adminWorld();
    const marker = uniqueToken();
    const buyer = await registerUser("Buyer", `Marker ${marker}`);
    await adjustCoins(env, w.adminUser, buyer.id, 500, "funding");
    const b = await sessionUser(buyer.id);
    for (let i = 0; i < 12; i++)
      await postTask(env, b, taskInput({ task_title: `Paged task ${i}`, required_workers: 1, payable_amount: 2 }));
    const byName = await pageHtml(`/dashboard/managetasks?q=${marker}`, w.admin.cookie);
    expectText(byName.text, ["12 tasks matching"]);
    expectText(byName.text, ["Page 1 of 2"]);
    const rows = (text: string) => [...text.matchAll(/data-testid="task-([^"]+)"/g)].map((m) => m[1]);
    const page1 = rows(byName.text);
    const byEmail = await pageHtml(
      `/dashboard/managetasks?q=${encodeURIComponent(buyer.email)}&page=2`,
      w.admin.cookie,
    );
    expectText(byEmail.text, ["Page 2 of 2"]);
    const page2 = rows(byEmail.text);
    expect(page1).toHaveLength(10);
    expect(page2).toHaveLength(2);
    expect(new Set([...page1, ...page2]).size).toBe(12);
    // past the last page shows the last page
    const beyond = await pageHtml(`/dashboard/managetasks?q=${marker}&page=9`, w.admin.cookie);
    expectText(beyond.text, ["Page 2 of 2"]);
    const none = await pageHtml(`/dashboard/managetasks?q=nothing-${marker}`, w.admin.cookie);
    expectText(none.text, ["No tasks match your search."]);
  });
});

describe("Delete", () => {
  it("without JavaScript: refunds open slots and pending submissions, cancels them, 'Deleted!', audited with the reason", async () => {
    const w = await adminWorld();
    const { buyer, worker, task, title } = await taskWithPendingSubmission();
    expect(await balance(buyer.id)).toBe(35); // 50 - 3 x 5
    const ids = [w.admin.id, buyer.id, worker.id];
    const res = await postForm(
      "/dashboard/managetasks?q=x",
      { intent: "delete", id: task.id, reason: "Violates the guidelines" },
      w.admin.cookie,
    );
    expectRedirect(res, "/dashboard/managetasks?q=x", { type: "success", title: "Deleted!" });
    expect(await balance(buyer.id)).toBe(50); // 2 open slots x 5 + the pending submission's 5
    const sub = await row<{ status: string }>("SELECT status FROM submissions WHERE task_id = ?", task.id);
    expect(sub?.status).toBe("cancelled");
    expect(await auditRows(task.id)).toEqual([
      expect.objectContaining({
        actor_id: w.admin.id,
        action: "task.delete",
        detail: title,
        reason: "Violates the guidelines",
      }),
    ]);
    expect((await conservation(getDb(env), ids)).holds).toBe(true);
    expectText((await pageHtml(`/dashboard/managetasks?q=${encodeURIComponent(title)}`, w.admin.cookie)).text, [
      "No tasks match your search.",
    ]);
  });

  it("with JavaScript: 200 'Deleted!' once, then 404; the reason is optional", async () => {
    const w = await adminWorld();
    const { buyer, task } = await taskWithPendingSubmission();
    const ok = await jsPost("/dashboard/managetasks", { intent: "delete", id: task.id }, w.admin.cookie);
    expect(ok.status).toBe(200);
    // 2 open slots x 5 + the pending submission's 5
    expectText(ok.text, ["Deleted!", "got back 15 coins."]);
    const again = await jsPost("/dashboard/managetasks", { intent: "delete", id: task.id }, w.admin.cookie);
    expect(again.status).toBe(404);
    expectText(again.text, ["Could not delete the task"]);
    expect(await balance(buyer.id)).toBe(50);
    expect((await auditRows(task.id))[0]?.reason).toBeNull();
  });

  it("says what the buyer got back with a slot a worker has started: the closure refunds it too", async () => {
    const w = await adminWorld();
    const { buyer, task } = await taskWithPendingSubmission();
    const starter = await registerUser("Worker");
    await startTask(env, await sessionUser(starter.id), task.id);
    const ok = await jsPost("/dashboard/managetasks", { intent: "delete", id: task.id }, w.admin.cookie);
    expect(ok.status).toBe(200);
    // 1 open slot x 5 + the started slot's 5 + the pending submission's 5
    expectText(ok.text, ["Deleted!", "got back 15 coins."]);
    expect(await balance(buyer.id)).toBe(50);
  });

  it("concurrent deletes refund once", async () => {
    const w = await adminWorld();
    const { buyer, task } = await taskWithPendingSubmission();
    const results = await Promise.all(
      [1, 2, 3].map(() => jsPost("/dashboard/managetasks", { intent: "delete", id: task.id }, w.admin.cookie)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balance(buyer.id)).toBe(50);
  });

  it("a missing id is refused with 422", async () => {
    const w = await adminWorld();
    const res = await jsPost("/dashboard/managetasks", { intent: "delete", id: "" }, w.admin.cookie);
    expect(res.status).toBe(422);
  });
});
