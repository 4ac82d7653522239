// A worker's own submission (/dashboard/mysubmissions/:id): what they sent, its review deadline and the reason when
// rejected; while pending, editing it (reviewed first; the buyer's review window starts again) and withdrawing it
// (deleted, the slot back to the task, nothing marked against them), with and without JavaScript. The coins and
// every counter the triggers keep stay right after each path.
import { describe, expect, it } from "vitest";
import {
  balance,
  env,
  expectBooksAgree,
  expectCountersAgree,
  expectRedirect,
  flashOf,
  funded,
  getPage,
  htmlOf,
  jsPost,
  pngFile,
  postForm,
  registerUser,
  rejectAs,
  row,
  sessionUser,
  submissionBy,
  taskOf,
  textOf,
  updateTaskAs,
} from "./fixtures";
import { autoApproveDue, NOT_PENDING, withdrawSubmission } from "~/server/services/submissions.server";
import { autoApprovesAt, reviewWindowDays } from "~/lib/review";
import { formatDateTime } from "~/lib/format";

const LIST = "/dashboard/mysubmissions";
const pageOf = (id: string) => `${LIST}/${id}`;

const slotsOf = async (taskId: string) =>
  (await row<{ required_workers: number }>("SELECT required_workers FROM tasks WHERE id = ?", taskId))!
    .required_workers;
const submissionRow = (id: string) =>
  row<{ status: string; submission_details: string; submission_image_url: string | null; edited_at: number | null }>(
    "SELECT status, submission_details, submission_image_url, edited_at FROM submissions WHERE id = ?",
    id,
  );
const figuresOf = (workerId: string) =>
  row<{ submitted: number; pending: number }>(
    "SELECT submitted, pending FROM worker_figures WHERE worker_id = ?",
    workerId,
  );
const trackRecordOf = (workerId: string) =>
  row<{ approved: number; rejected: number }>(
    "SELECT approved, rejected FROM worker_track_records WHERE worker_id = ?",
    workerId,
  );
const lastNoticeTo = async (userId: string) =>
  (await row<{ message: string }>(
    "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
    userId,
  ))!.message;

async function pendingSubmission(text = "My careful proof") {
  const buyer = await funded("Buyer", 300, "Proof Buyer");
  const worker = await registerUser("Worker", "Proof Worker");
  const task = await taskOf(buyer, {
    task_title: `Proof task ${crypto.randomUUID().slice(0, 6)}`,
    submission_info: "A screenshot of the posted comment.",
    required_workers: 3,
    payable_amount: 8,
  });
  const sub = await submissionBy(worker, task.id, text, "/images/00000000-0000-0000-0000-0000000000b2.png");
  return { buyer, worker, task, sub };
}

describe("My Submissions opens each submission", () => {
  it("the list links each row to its page: text, image, what the task asked, the review deadline", async () => {
    const { worker, task, sub } = await pendingSubmission();
    const list = await htmlOf(await getPage(LIST, worker.cookie), true);
    expect(list).toContain(`href="${pageOf(sub.id)}"`);
    const page = await htmlOf(await getPage(pageOf(sub.id), worker.cookie), true);
    expect(page).toContain(task.taskTitle);
    expect(page).toMatch(/data-testid="submission-text"[^>]*>My careful proof</);
    expect(page).toContain('src="/images/00000000-0000-0000-0000-0000000000b2.png"');
    expect(page).toContain("A screenshot of the posted comment.");
    const due = autoApprovesAt(sub.createdAt, reviewWindowDays(env.REVIEW_WINDOW_DAYS));
    expect(page).toContain(`dateTime="${new Date(due).toISOString()}"`);
    expect(page).toContain(formatDateTime(due, "UTC"));
    expect(page).toContain("Withdraw submission");
    expect(page).toContain("Change your submission");
  });

  it("a rejected one shows the buyer's reason and no way to change it; another worker's is not found", async () => {
    const { buyer, worker, sub } = await pendingSubmission();
    await rejectAs(buyer, sub.id, "The screenshot is of another post.");
    // what the page shows (its words for every worker page travel with it, in its data: docs/decisions/097)
    const page = await textOf(await getPage(pageOf(sub.id), worker.cookie));
    expect(page).toContain("The screenshot is of another post.");
    expect(page).toContain("Rejected");
    expect(page).not.toContain("Withdraw submission");
    expect(page).not.toContain("Change your submission");
    const stranger = await registerUser("Worker");
    expect((await getPage(pageOf(sub.id), stranger.cookie)).status).toBe(404);
    expect((await getPage(pageOf("no-such-submission"), worker.cookie)).status).toBe(404);
    // buyers and visitors never reach a worker's page
    expect((await getPage(pageOf(sub.id), buyer.cookie)).headers.get("Location")).toBe("/unauthorized");
  });
});

describe("editing a pending submission", () => {
  it("is reviewed first, then saved: the buyer is told and the review window starts again", async () => {
    const { buyer, worker, sub } = await pendingSubmission();
    const sentAt = Date.now() - 2 * 86_400_000;
    await env.DB.prepare("UPDATE submissions SET created_at = ? WHERE id = ?").bind(sentAt, sub.id).run();
    const review = await postForm(
      pageOf(sub.id),
      { intent: "edit", submission_details: "Better proof", image: pngFile(), step: "review" },
      worker.cookie,
    );
    expect(review.status).toBe(200);
    const html = await htmlOf(review, true);
    expect(html).toContain("Check your submission before sending");
    expect(html).toMatch(/data-testid="submission-text"[^>]*>Better proof</);
    const image = /name="image_url" value="(\/images\/[0-9a-f-]{36}\.png)"/.exec(html)?.[1];
    expect(image).toBeTruthy();
    expect((await submissionRow(sub.id))?.submission_details).toBe("My careful proof");

    const saved = await postForm(
      pageOf(sub.id),
      { intent: "edit", submission_details: "Better proof", image_url: image!, keep_image: "on", step: "send" },
      worker.cookie,
    );
    expectRedirect(saved, pageOf(sub.id), { type: "success", title: "Submission changed" });
    const after = await submissionRow(sub.id);
    expect(after).toMatchObject({ status: "pending", submission_details: "Better proof", submission_image_url: image });
    expect(after!.edited_at).toBeGreaterThan(sentAt);
    expect(await lastNoticeTo(buyer.id)).toContain("changed their submission");
    // the window runs from the edit: the job does not approve it at the first sending's deadline
    await autoApproveDue(env, autoApprovesAt(sentAt, reviewWindowDays(env.REVIEW_WINDOW_DAYS)) + 60_000);
    expect((await submissionRow(sub.id))?.status).toBe("pending");
    await autoApproveDue(env, autoApprovesAt(after!.edited_at!, reviewWindowDays(env.REVIEW_WINDOW_DAYS)) + 60_000);
    expect((await submissionRow(sub.id))?.status).toBe("approved");
    await expectCountersAgree();
  });

  it("needs text, can drop the image, and is refused once the submission is reviewed", async () => {
    const { buyer, worker, sub } = await pendingSubmission();
    const empty = await postForm(pageOf(sub.id), { intent: "edit", submission_details: " " }, worker.cookie);
    expect(empty.status).toBe(422);
    expect(await htmlOf(empty, true)).toContain("Submission text is required");
    // the kept image's box left unticked drops it
    const dropped = await postForm(
      pageOf(sub.id),
      {
        intent: "edit",
        submission_details: "Text only now",
        image_url: "/images/00000000-0000-0000-0000-0000000000b2.png",
      },
      worker.cookie,
    );
    expect(dropped.status).toBe(302);
    expect(await submissionRow(sub.id)).toMatchObject({
      submission_details: "Text only now",
      submission_image_url: null,
    });
    await rejectAs(buyer, sub.id, "No.");
    const late = await postForm(pageOf(sub.id), { intent: "edit", submission_details: "Too late" }, worker.cookie);
    expect(late.status).toBe(409);
    expect(await htmlOf(late, true)).toContain(NOT_PENDING);
    expect((await submissionRow(sub.id))?.submission_details).toBe("Text only now");
  });
});

describe("withdrawing a pending submission", () => {
  it("without JavaScript: asks first, then the slot returns, the row is gone and nothing is marked against them", async () => {
    const { buyer, worker, task, sub } = await pendingSubmission();
    const before = { slots: await slotsOf(task.id), buyer: await balance(buyer.id), worker: await balance(worker.id) };
    const figures = await figuresOf(worker.id);
    const ask = await htmlOf(await getPage(`${pageOf(sub.id)}?confirm=withdraw&row=${sub.id}`, worker.cookie), true);
    expect(ask).toContain("Withdraw this submission?");
    expect(ask).toContain("it does not count as a rejection");
    const res = await postForm(
      `${pageOf(sub.id)}?confirm=withdraw&row=${sub.id}`,
      { intent: "withdraw", id: sub.id },
      worker.cookie,
    );
    expectRedirect(res, LIST, { type: "success", title: "Submission withdrawn" });
    expect(await submissionRow(sub.id)).toBeNull();
    expect(await slotsOf(task.id)).toBe(before.slots + 1);
    expect(await balance(buyer.id)).toBe(before.buyer);
    expect(await balance(worker.id)).toBe(before.worker);
    expect(await figuresOf(worker.id)).toEqual({ submitted: figures!.submitted - 1, pending: figures!.pending - 1 });
    expect(await trackRecordOf(worker.id)).toBeNull();
    expect(await lastNoticeTo(buyer.id)).toContain("withdrew their submission");
    await expectBooksAgree([buyer.id, worker.id]);
    // the worker may submit again while the task has a slot
    await submissionBy(worker, task.id, "Second try");
  });

  it("with JavaScript: the outcome as data; a second withdrawal or another worker's is refused", async () => {
    const { worker, sub } = await pendingSubmission();
    const stranger = await registerUser("Worker");
    const theirs = await jsPost(pageOf(sub.id), { intent: "withdraw", id: sub.id }, stranger.cookie);
    expect(theirs.status).toBe(404);
    const done = await jsPost(pageOf(sub.id), { intent: "withdraw", id: sub.id }, worker.cookie);
    expect(done.status).toBe(200);
    expect(done.text).toContain("Submission withdrawn");
    const again = await jsPost(`${LIST}/${sub.id}`, { intent: "withdraw", id: sub.id }, worker.cookie);
    expect(again.status).toBe(404);
  });

  it("a reviewed submission cannot be withdrawn", async () => {
    const { buyer, worker, sub } = await pendingSubmission();
    await rejectAs(buyer, sub.id, "No.");
    await expect(withdrawSubmission(env, await sessionUser(worker.id), sub.id)).rejects.toMatchObject({
      message: NOT_PENDING,
    });
    expect((await submissionRow(sub.id))?.status).toBe("rejected");
    expect(await trackRecordOf(worker.id)).toEqual({ approved: 0, rejected: 1 });
  });

  it("after the buyer lowered the pay, the slot reopens at the new pay and the difference goes back to the buyer", async () => {
    const { buyer, worker, task, sub } = await pendingSubmission();
    await updateTaskAs(buyer, task.id, { required_workers: 2, payable_amount: 5 });
    const coins = await balance(buyer.id);
    await withdrawSubmission(env, await sessionUser(worker.id), sub.id);
    expect(await slotsOf(task.id)).toBe(3);
    expect(await balance(buyer.id)).toBe(coins + (8 - 5));
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("after the buyer raised the pay, the buyer is never charged: the submission's coins go back and no slot opens", async () => {
    const { buyer, worker, task, sub } = await pendingSubmission();
    await updateTaskAs(buyer, task.id, { required_workers: 2, payable_amount: 12 });
    const coins = await balance(buyer.id);
    await withdrawSubmission(env, await sessionUser(worker.id), sub.id);
    expect(await slotsOf(task.id)).toBe(2);
    expect(await balance(buyer.id)).toBe(coins + 8);
    expect(await lastNoticeTo(buyer.id)).toContain("8 coins went back to your balance");
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("racing the buyer's approval: exactly one of them happens", async () => {
    const { buyer, worker, sub } = await pendingSubmission();
    const [withdrawn, approved] = await Promise.allSettled([
      withdrawSubmission(env, await sessionUser(worker.id), sub.id),
      postForm("/dashboard/buyerhome", { intent: "approve", id: sub.id }, buyer.cookie).then((r) => {
        if (flashOf(r)?.type !== "success") throw new Error("not approved");
      }),
    ]);
    expect([withdrawn.status, approved.status].filter((s) => s === "fulfilled")).toHaveLength(1);
    const left = await submissionRow(sub.id);
    if (withdrawn.status === "fulfilled") expect(left).toBeNull();
    else expect(left?.status).toBe("approved");
    await expectBooksAgree([buyer.id, worker.id]);
  });
});
