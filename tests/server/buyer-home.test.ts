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
import { REJECT_REASON_REQUIRED, REJECT_REASONS } from "~/lib/review";
import { editSubmission, EDITED_SINCE_SEEN } from "~/server/services/submissions.server";
import { sessionUser, withoutScripts } from "./fixtures";

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
    // each meter is named by its card's label, shown once (decision 113)
    for (const [label, max, now] of [
      ["Pending tasks", 300, 6],
      ["Total Tasks", 50, 2],
      ["Total Payment", 200, 0],
    ] as const) {
      const id = new RegExp(`id="([^"]+)"[^>]*>${label}<`).exec(body)?.[1];
      expect(id, label).toBeTruthy();
      expect(body).toContain(
        `role="meter" aria-labelledby="${id}" aria-valuemin="0" aria-valuemax="${max}" aria-valuenow="${now}"`,
      );
    }
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
    // "View" on screen, "View Submission" to a screen reader (the words of the product's original specification)
    expect(body).toMatch(/>View<span class="sr-only"> Submission<\/span><\/a>/);
    for (const label of ["Approve", "Reject"]) expect(body).toContain(`>${label}</a>`);
  });

  it("without JavaScript: ?open= shows the submission (image, text, or 'No details provided.')", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 3, payable_amount: 2 });
    const textOnly = await submissionBy(await registerUser("Worker"), task.id, "My proof text");
    // a submission from before the text was required can have neither
    const empty = await submissionBy(await registerUser("Worker"), task.id, "to be emptied");
    await env.DB.prepare("UPDATE submissions SET submission_details = '' WHERE id = ?").bind(empty.id).run();
    const withImage = await submissionBy(
      await registerUser("Worker"),
      task.id,
      "See the screenshot",
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
    expect(img).toMatch(/data-testid="submission-text"[^>]*>See the screenshot</);
    expect(withoutScripts(img)).not.toContain("No details provided.");
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
      { intent: "reject", id: sub.id, reason: "Still blank.", [ENHANCED_FIELD]: "1" },
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
    const rej = await postForm(
      PATH,
      { intent: "reject", id: sub.id, reason_pick: REJECT_REASONS[0], [ENHANCED_FIELD]: "1" },
      other.cookie,
    );
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

describe("reviewing means seeing", () => {
  it("puts the queue before the figures and charts, each row with the proof's first words and its thumbnail", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { task_title: "Glimpse task", required_workers: 3, payable_amount: 4 });
    const long = `${"Checked every page of the shop. ".repeat(10)}END-OF-PROOF`;
    await submissionBy(await registerUser("Worker", "Text Only"), task.id, long);
    await submissionBy(
      await registerUser("Worker", "With Image"),
      task.id,
      "Screenshot attached",
      "/images/00000000-0000-0000-0000-0000000000a1.png",
    );
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    const queue = body.indexOf("Tasks To Review");
    expect(queue).toBeGreaterThan(0);
    expect(queue).toBeLessThan(body.indexOf('data-testid="stat-pending"'));
    expect(queue).toBeLessThan(body.indexOf("Coins spent per week"));
    // the row shows the first words (not all of a long text) and the image as a thumbnail, or says there is none
    expect(body).toContain("Checked every page of the shop. Checked every page");
    expect(body).not.toContain("END-OF-PROOF</p>");
    expect(body).toMatch(/<img src="\/images\/00000000-0000-0000-0000-0000000000a1.png" alt="Proof image"/);
    expect(body).toContain("No image");
    // rendered once: one row per submission, no card copy beside a table copy
    expect(body.match(/data-testid="review-row"/g)).toHaveLength(2);
  });

  it("filters the queue by task (?task=), offering the buyer's tasks with something pending", async () => {
    const buyer = await funded("Buyer", 200);
    const a = await taskOf(buyer, { task_title: "Filter task A", required_workers: 3, payable_amount: 2 });
    const b = await taskOf(buyer, { task_title: "Filter task B", required_workers: 3, payable_amount: 2 });
    const quiet = await taskOf(buyer, { task_title: "Filter task quiet", required_workers: 3, payable_amount: 2 });
    await submissionBy(await registerUser("Worker", "Worker On A"), a.id);
    await submissionBy(await registerUser("Worker", "Worker On B"), b.id);
    await submissionBy(await registerUser("Worker", "Second On B"), b.id);
    const all = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(all).toContain(`<option value="${a.id}">Filter task A (1)</option>`);
    expect(all).toContain(`<option value="${b.id}">Filter task B (2)</option>`);
    expect(all).not.toContain(`value="${quiet.id}"`);
    expect(all).toContain("All tasks (3)");
    const onlyB = await htmlOf(await getPage(`${PATH}?task=${b.id}`, buyer.cookie), true);
    const queue = onlyB.slice(onlyB.indexOf('data-testid="review-queue"'), onlyB.indexOf("</table>"));
    expect(queue.match(/data-testid="review-row"/g)).toHaveLength(2);
    expect(queue).toContain("Second On B");
    expect(queue).not.toContain("Worker On A");
    expect(onlyB).toContain("2 pending submissions waiting for your decision.");
    // a task with nothing pending, or another buyer's: the empty queue, with the way back to all
    const other = await funded("Buyer", 100);
    const foreign = await htmlOf(await getPage(`${PATH}?task=${b.id}`, other.cookie), true);
    expect(foreign).toContain("No Tasks To Review");
    expect(foreign).not.toContain('data-testid="review-row"');
    const none = await htmlOf(await getPage(`${PATH}?task=${quiet.id}`, buyer.cookie), true);
    expect(none).toContain("No Tasks To Review");
    expect(none).toContain("Show every task's submissions");
  });

  it("the filter offers at most 50 tasks: those with the most submissions waiting, listed by title", async () => {
    const buyer = await funded("Buyer", 1000);
    const worker = await registerUser("Worker", "Worker On Many");
    const titles = Array.from({ length: 50 }, (_, i) => `Choice ${String(i).padStart(2, "0")}`);
    const tasks = [];
    for (const title of [...titles, "Zeta most waiting"]) {
      const task = await taskOf(buyer, { task_title: title, required_workers: 2, payable_amount: 2 });
      await submissionBy(worker, task.id);
      tasks.push(task);
    }
    await submissionBy(await registerUser("Worker", "Second On Zeta"), tasks.at(-1)!.id);
    const html = await htmlOf(await getPage(PATH, buyer.cookie), true);
    const offered = [...html.matchAll(/<option[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]);
    // the task with two waiting is offered although last by title; of the 50 with one, the last by title is not
    expect(offered).toEqual(["All tasks (52)", ...titles.slice(0, 49).map((t) => `${t} (1)`), "Zeta most waiting (2)"]);
  });

  it("the submission's view without JavaScript has Approve, Reject and Next, and the task's instructions", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, {
      task_title: "View task",
      submission_info: "A link to the posted review.",
      required_workers: 3,
      payable_amount: 2,
    });
    const first = await submissionBy(await registerUser("Worker", "First Viewed"), task.id, "One");
    const second = await submissionBy(await registerUser("Worker", "Second Viewed"), task.id, "Two");
    // newest first: the second submission's view leads on to the first one
    const view = await htmlOf(await getPage(`${PATH}?open=${second.id}`, buyer.cookie), true);
    expect(view).toContain("A link to the posted review.");
    expect(view).toContain(`href="/dashboard/buyerhome?open=${first.id}"`);
    expect(view).toContain(`href="/dashboard/buyerhome?confirm=approve&row=${second.id}"`);
    expect(view).toContain(`href="/dashboard/buyerhome?confirm=reject&row=${second.id}"`);
    // the last one has no Next on a single page
    const last = await htmlOf(await getPage(`${PATH}?open=${first.id}`, buyer.cookie), true);
    // the view comes after the list and its pager (whose own Next is not the view's)
    const panel = last.slice(last.indexOf('id="nojs-view-title"'));
    expect(panel.slice(0, panel.indexOf("<script"))).toContain("What the task asked for");
    expect(panel.slice(0, panel.indexOf("<script"))).not.toContain("Next");
  });

  it("rejecting on the page needs a reason: a quick pick, words of one's own, or both", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { required_workers: 3, payable_amount: 2 });
    const [a, b, c] = [
      await submissionBy(await registerUser("Worker"), task.id),
      await submissionBy(await registerUser("Worker"), task.id),
      await submissionBy(await registerUser("Worker"), task.id),
    ];
    const none = await postForm(PATH, { intent: "reject", id: a.id, reason: " ", [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(none.status).toBe(422);
    expect(await htmlOf(none, true)).toContain(REJECT_REASON_REQUIRED);
    expect((await statusOf(a.id)).status).toBe("pending");
    // the no-JavaScript confirmation offers the picks as radio buttons
    const ask = await htmlOf(await getPage(`${PATH}?confirm=reject&row=${a.id}`, buyer.cookie), true);
    for (const pick of REJECT_REASONS) expect(ask).toContain(`name="reason_pick" value="${pick}"`);
    const picked = await postForm(PATH, { intent: "reject", id: a.id, reason_pick: REJECT_REASONS[1] }, buyer.cookie);
    expect(flashOf(picked)).toMatchObject({ title: "Successfully rejected" });
    expect((await statusOf(a.id)).reject_reason).toBe(REJECT_REASONS[1]);
    await postForm(
      PATH,
      { intent: "reject", id: b.id, reason_pick: REJECT_REASONS[2], reason: "Step 3 is missing." },
      buyer.cookie,
    );
    expect((await statusOf(b.id)).reject_reason).toBe(`${REJECT_REASONS[2]}: Step 3 is missing.`);
    await postForm(PATH, { intent: "reject", id: c.id, reason: "Wrong shop." }, buyer.cookie);
    expect((await statusOf(c.id)).reject_reason).toBe("Wrong shop.");
  });

  it("a decision on proof the worker changed since the page showed it is refused; on the new version it goes", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 6 });
    const worker = await registerUser("Worker");
    const sub = await submissionBy(worker, task.id, "First version");
    // the page showed the version never edited (0); the worker edits meanwhile
    const edited = await editSubmission(env, await sessionUser(worker.id), sub.id, {
      submission_details: "Second version",
      submission_image_url: "",
    });
    const stale = await postForm(
      PATH,
      { intent: "approve", id: sub.id, seen: "0", [ENHANCED_FIELD]: "1" },
      buyer.cookie,
    );
    expect(stale.status).toBe(409);
    expect(await htmlOf(stale, true)).toContain(EDITED_SINCE_SEEN);
    expect((await statusOf(sub.id)).status).toBe("pending");
    expect(await balance(worker.id)).toBe(10);
    const fresh = await postForm(
      PATH,
      { intent: "approve", id: sub.id, seen: String(edited.editedAt), [ENHANCED_FIELD]: "1" },
      buyer.cookie,
    );
    expect(fresh.status).toBe(200);
    expect(await balance(worker.id)).toBe(16);
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
    const bellCount = /data-testid="notification-bell".*?<span class="count">(\d+)<\/span>/s.exec(body)?.[1];
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
