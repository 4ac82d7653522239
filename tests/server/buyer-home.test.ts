// Buyer Home (/dashboard/buyerhome): stats with gauges, the review queue, approve/reject, and the buyer's notifications.
import { describe, expect, it } from "vitest";
import {
  balance,
  env,
  flashOf,
  funded,
  getPage,
  htmlOf,
  postForm,
  registerUser,
  submissionBy,
  taskOf,
} from "./fixtures";
import { ENHANCED_FIELD } from "~/lib/enhanced";

const PATH = "/dashboard/buyerhome";
const statusOf = async (id: string) =>
  (await env.DB.prepare("SELECT status, reject_reason FROM submissions WHERE id = ?")
    .bind(id)
    .first<{ status: string; reject_reason: string | null }>())!;
const slotsOf = async (id: string) =>
  (await env.DB.prepare("SELECT required_workers FROM tasks WHERE id = ?")
    .bind(id)
    .first<{ required_workers: number }>())!.required_workers;

describe("Buyer Home page", () => {
  it("shows Pending tasks, Total Tasks and Total Payment with gauges against 300, 50 and 200", async () => {
    const buyer = await funded("Buyer", 200);
    await taskOf(buyer, { required_workers: 4, payable_amount: 5 });
    await taskOf(buyer, { required_workers: 2, payable_amount: 5 });
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(body).toContain("Pending tasks");
    expect(body).toContain("Total Tasks");
    expect(body).toContain("Total Payment");
    expect(body).toMatch(/data-testid="stat-pending-value"[^>]*>6</);
    expect(body).toMatch(/data-testid="stat-tasks-value"[^>]*>2</);
    expect(body).toMatch(/data-testid="stat-payment-value"[^>]*>\$0\.00</);
    expect(body).toMatch(
      /role="meter" aria-label="Pending tasks gauge" aria-valuemin="0" aria-valuemax="300" aria-valuenow="6"/,
    );
    expect(body).toMatch(/aria-label="Total Tasks gauge" aria-valuemin="0" aria-valuemax="50" aria-valuenow="2"/);
    expect(body).toMatch(/aria-label="Total Payment gauge" aria-valuemin="0" aria-valuemax="200" aria-valuenow="0"/);
    expect(body).not.toContain("recharts");
  });

  it("says 'No Tasks To Review' with nothing pending", async () => {
    const buyer = await funded("Buyer", 50);
    expect(await htmlOf(await getPage(PATH, buyer.cookie), true)).toContain("No Tasks To Review");
  });

  it("lists pending submissions on the buyer's tasks only: worker name, task title, payable amount, the three actions", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { task_title: "Rate our onboarding", required_workers: 3, payable_amount: 7 });
    const w1 = await registerUser("Worker", "Nadia Worker");
    await submissionBy(w1, task.id, "Here is my rating");
    const other = await funded("Buyer", 100);
    const otherTask = await taskOf(other, { task_title: "Not yours" });
    await submissionBy(await registerUser("Worker", "Someone Else"), otherTask.id);

    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(body.match(/data-testid="review-row"/g)).toHaveLength(1);
    expect(body).toContain("Nadia Worker");
    expect(body).toContain("Rate our onboarding");
    expect(body).toContain("7 coins");
    expect(body).not.toContain("Someone Else");
    for (const label of ["View Submission", "Approve", "Reject"]) expect(body).toContain(label);
  });

  it("without JavaScript: ?open= shows the submission (image, text, or 'No details provided.')", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 3, payable_amount: 2 });
    const textOnly = await submissionBy(await registerUser("Worker"), task.id, "My proof text");
    const empty = await submissionBy(await registerUser("Worker"), task.id, "");
    const withImage = await submissionBy(
      await registerUser("Worker"),
      task.id,
      "",
      "/images/00000000-0000-0000-0000-000000000001.png",
    );
    expect(await htmlOf(await getPage(`${PATH}?open=${textOnly.id}`, buyer.cookie), true)).toMatch(
      /data-testid="submission-text"[^>]*>My proof text</,
    );
    expect(await htmlOf(await getPage(`${PATH}?open=${empty.id}`, buyer.cookie), true)).toContain(
      "No details provided.",
    );
    const img = await htmlOf(await getPage(`${PATH}?open=${withImage.id}`, buyer.cookie), true);
    expect(img).toContain('src="/images/00000000-0000-0000-0000-000000000001.png"');
    expect(img).not.toContain("No details provided.");
  });

  it("approve pays the worker once, even when the request arrives twice", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 15 });
    const worker = await registerUser("Worker");
    const sub = await submissionBy(worker, task.id);
    const [a, b] = await Promise.all([
      postForm(PATH, { intent: "approve", id: sub.id, [ENHANCED_FIELD]: "1" }, buyer.cookie),
      postForm(PATH, { intent: "approve", id: sub.id, [ENHANCED_FIELD]: "1" }, buyer.cookie),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const texts = [await htmlOf(a, true), await htmlOf(b, true)];
    expect(texts.some((t) => t.includes("Successfully approved"))).toBe(true);
    expect(texts.some((t) => t.includes("Approve unsuccessful") && t.includes("already been reviewed"))).toBe(true);
    expect(await balance(worker.id)).toBe(10 + 15);
    expect((await statusOf(sub.id)).status).toBe("approved");
    expect(await balance(buyer.id)).toBe(70);
  });

  it("reject asks for a reason, returns the slot and tells the worker why", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 10 });
    const worker = await registerUser("Worker");
    const sub = await submissionBy(worker, task.id);
    expect(await slotsOf(task.id)).toBe(1);
    const res = await postForm(
      PATH,
      { intent: "reject", id: sub.id, reason: "The screenshot is blank.", [ENHANCED_FIELD]: "1" },
      buyer.cookie,
    );
    expect(res.status).toBe(200);
    expect(await htmlOf(res, true)).toContain("Successfully rejected");
    expect(await statusOf(sub.id)).toEqual({ status: "rejected", reject_reason: "The screenshot is blank." });
    expect(await slotsOf(task.id)).toBe(2);
    expect(await balance(worker.id)).toBe(10);
    const note = await env.DB.prepare(
      "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
    )
      .bind(worker.id)
      .first<{ message: string }>();
    expect(note?.message).toContain("The screenshot is blank.");
    // a second rejection is refused with SPEC's words
    const again = await postForm(
      PATH,
      { intent: "reject", id: sub.id, reason: "", [ENHANCED_FIELD]: "1" },
      buyer.cookie,
    );
    expect(again.status).toBe(409);
    expect(await htmlOf(again, true)).toContain("Rejection unsuccessful");
  });

  it("without JavaScript: ?confirm= asks first, the form post reviews and comes back with a flash", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 5 });
    const worker = await registerUser("Worker", "Plain Form Worker");
    const sub = await submissionBy(worker, task.id);
    const ask = await htmlOf(await getPage(`${PATH}?confirm=approve&row=${sub.id}`, buyer.cookie), true);
    expect(ask).toContain("Approve this submission?");
    expect(ask).toContain("Plain Form Worker will be paid 5 coins");
    expect((await statusOf(sub.id)).status).toBe("pending");
    const askReject = await htmlOf(await getPage(`${PATH}?confirm=reject&row=${sub.id}`, buyer.cookie), true);
    expect(askReject).toContain('name="reason"');

    const res = await postForm(
      `${PATH}?confirm=approve&row=${sub.id}`,
      { intent: "approve", id: sub.id },
      buyer.cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(PATH);
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Successfully approved" });
    expect(await balance(worker.id)).toBe(15);
  });

  it("another buyer cannot review the submission; a worker cannot reach the page", async () => {
    const owner = await funded("Buyer", 100);
    const task = await taskOf(owner, { required_workers: 1, payable_amount: 20 });
    const worker = await registerUser("Worker");
    const sub = await submissionBy(worker, task.id);
    const other = await funded("Buyer", 100);
    const res = await postForm(PATH, { intent: "approve", id: sub.id, [ENHANCED_FIELD]: "1" }, other.cookie);
    expect(res.status).toBe(403);
    expect(await htmlOf(res, true)).toContain("Approve unsuccessful");
    const rej = await postForm(PATH, { intent: "reject", id: sub.id, [ENHANCED_FIELD]: "1" }, other.cookie);
    expect(rej.status).toBe(403);
    expect(await htmlOf(rej, true)).toContain("Rejection unsuccessful");
    expect((await statusOf(sub.id)).status).toBe("pending");
    expect(await balance(worker.id)).toBe(10);

    expect((await getPage(PATH, worker.cookie)).headers.get("Location")).toBe("/unauthorized");
    const post = await postForm(PATH, { intent: "approve", id: sub.id }, worker.cookie);
    expect(post.headers.get("Location")).toBe("/unauthorized");
    expect((await statusOf(sub.id)).status).toBe("pending");
  });
});

describe("Buyer notifications", () => {
  it("a received submission shows in the bell with the unread count; mark all as read clears it", async () => {
    const buyer = await funded("Buyer", 100); // the admin top-up leaves one notification
    await postForm("/dashboard/notifications", {}, buyer.cookie);
    expect(await htmlOf(await getPage(PATH, buyer.cookie), true)).toContain('aria-label="Notifications"');

    const task = await taskOf(buyer, { task_title: "Follow our page", required_workers: 3, payable_amount: 2 });
    await submissionBy(await registerUser("Worker", "Ravi Worker"), task.id);
    await submissionBy(await registerUser("Worker", "Mia Worker"), task.id);
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(body).toContain('aria-label="Notifications, 2 unread"');
    const bellCount = /data-testid="notification-bell".*?<span class="absolute[^"]*">(\d+)<\/span>/s.exec(body)?.[1];
    expect(bellCount).toBe("2");

    const notes = await env.DB.prepare(
      "SELECT message, action_route FROM notifications WHERE user_id = ? AND read_at IS NULL ORDER BY created_at",
    )
      .bind(buyer.id)
      .all<{ message: string; action_route: string }>();
    expect(notes.results.map((n) => n.message)).toEqual([
      'Ravi Worker submitted work for "Follow our page"',
      'Mia Worker submitted work for "Follow our page"',
    ]);
    expect(notes.results.every((n) => n.action_route === PATH)).toBe(true);

    const mark = await postForm("/dashboard/notifications", { redirectTo: PATH }, buyer.cookie);
    expect(mark.status).toBe(302);
    expect(mark.headers.get("Location")).toBe(PATH);
    const after = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(after).toContain('aria-label="Notifications"');
    expect(after).not.toMatch(/Notifications, \d+ unread/);
    // the messages stay listed, only read
    expect(after).toContain("Mia Worker submitted work for");
  });
});
