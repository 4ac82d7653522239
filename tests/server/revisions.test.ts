// Revision instead of rejection (docs/decisions/055-a-revision-keeps-the-submission-pending.md): a buyer asks once
// for a revision of a pending submission; it stays pending with its escrow; the worker's edit within 48 hours is the
// resubmission (a fresh review window), else the revision lapses and the original proof waits for review again.
// Meanwhile nobody decides and the review window does not end; nothing counts as a rejection.
import { describe, expect, it } from "vitest";
import {
  appErrorOf,
  env,
  expectBooksAgree,
  expectCountersAgree,
  expectError,
  flashOf,
  funded,
  getPage,
  htmlOf,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  submissionBy,
  taskOf,
  type TestUser,
} from "./fixtures";
import {
  lapseDueRevisions,
  ONE_REVISION,
  REVISION_OUTSTANDING,
  requestRevision,
} from "~/server/services/revisions.server";
import {
  approveSubmission,
  autoApproveDue,
  editSubmission,
  rejectSubmission,
} from "~/server/services/submissions.server";
import { runScheduledJobs, EVERY_QUARTER_HOUR } from "~/server/jobs/scheduled.server";
import { REVISION_NOTE_REQUIRED } from "~/lib/schemas/revisions";
import { ENHANCED_FIELD } from "~/lib/enhanced";

const HOUR = 60 * 60 * 1000;

/** A buyer's task (2 slots x 6 coins) with one pending submission by a worker. */
async function pending() {
  const buyer = await funded("Buyer", 100);
  const worker = await registerUser("Worker");
  const task = await taskOf(buyer, { required_workers: 2, payable_amount: 6 });
  const sub = await submissionBy(worker, task.id, "first proof");
  return { buyer, worker, task, sub };
}

const state = (id: string) =>
  row<{
    status: string;
    revision_note: string | null;
    revision_requested_at: number | null;
    revision_due_at: number | null;
    edited_at: number | null;
    submission_details: string;
  }>(
    "SELECT status, revision_note, revision_requested_at, revision_due_at, edited_at, submission_details FROM submissions WHERE id = ?",
    id,
  );
const notices = async (userId: string) =>
  (
    await env.DB.prepare("SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC")
      .bind(userId)
      .all<{ message: string }>()
  ).results.map((n) => n.message);
const noticesWithLinks = async (userId: string) =>
  (
    await env.DB.prepare(
      "SELECT message, action_route FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC",
    )
      .bind(userId)
      .all<{ message: string; action_route: string }>()
  ).results;
const MONTHS = "January February March April May June July August September October November December".split(" ");
const trackRecord = (workerId: string) =>
  row<{ approved: number; rejected: number }>(
    "SELECT approved, rejected FROM worker_track_records WHERE worker_id = ?",
    workerId,
  );
/** Moves an outstanding revision's due time into the past, as if its 48 hours had ended. */
const runOut = (id: string) =>
  env.DB.prepare("UPDATE submissions SET revision_due_at = ? WHERE id = ?")
    .bind(Date.now() - 1000, id)
    .run();
const ask = async (buyer: TestUser, id: string, note = "Show the whole page in the screenshot.") =>
  requestRevision(env, await sessionUser(buyer.id), id, note);

describe("asking for a revision", () => {
  it("keeps the submission pending with its escrow, gives the worker 48 hours and tells them the note", async () => {
    const { buyer, worker, sub, task } = await pending();
    const before = Date.now();
    const done = await ask(buyer, sub.id);
    const s = (await state(sub.id))!;
    expect(s.status).toBe("pending");
    expect(s.revision_note).toBe("Show the whole page in the screenshot.");
    expect(s.revision_due_at! - s.revision_requested_at!).toBe(48 * HOUR);
    expect(done.revisionDueAt).toBeGreaterThanOrEqual(before + 48 * HOUR);
    // "Revision asked, due …": the due time in UTC, named (a stored notice is read in any zone)
    const due = new Date(s.revision_due_at!);
    const hour = due.getUTCHours();
    const dueWords = `${MONTHS[due.getUTCMonth()]} ${due.getUTCDate()}, ${due.getUTCFullYear()} at ${hour % 12 || 12}:${String(due.getUTCMinutes()).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"} UTC`;
    const [notice] = await noticesWithLinks(worker.id);
    expect(notice).toEqual({
      message: `Revision asked on "${task.taskTitle}", due ${dueWords}: Show the whole page in the screenshot.`,
      // it opens that submission, whose page shows the note and the due time in the reader's zone
      action_route: `/dashboard/mysubmissions/${sub.id}`,
    });
    const page = await htmlOf(await getPage(notice!.action_route, worker.cookie), true);
    expect(page).toContain("The buyer asks for a revision");
    expect(page).toContain(`dateTime="${due.toISOString()}"`);
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("blocks approval, rejection and auto-approval while it is outstanding", async () => {
    const { buyer, sub } = await pending();
    await ask(buyer, sub.id);
    const me = await sessionUser(buyer.id);
    expect((await appErrorOf(approveSubmission(env, me, sub.id))).message).toBe(REVISION_OUTSTANDING);
    expect((await appErrorOf(rejectSubmission(env, me, sub.id, "bad"))).message).toBe(REVISION_OUTSTANDING);
    // even with a review window long over, the cron leaves it alone
    await env.DB.prepare("UPDATE submissions SET created_at = created_at - ? WHERE id = ?")
      .bind(30 * 24 * HOUR, sub.id)
      .run();
    await autoApproveDue(env);
    expect((await state(sub.id))!.status).toBe("pending");
    const api = await rest("PATCH", `/submission1?id=${sub.id}&status=approve`, buyer.token, {});
    expectError(api, 409);
    expect((api.body as { error: { message: string } }).error.message).toBe(REVISION_OUTSTANDING);
  });

  it("is asked once only, by the task's buyer only, with a note", async () => {
    const { buyer, worker, sub } = await pending();
    const other = await funded("Buyer", 60);
    const byOther = await rest("POST", "/submission-revisions", other.token, { submission_id: sub.id, note: "x" });
    expectError(byOther, 403);
    const byWorker = await rest("POST", "/submission-revisions", worker.token, { submission_id: sub.id, note: "x" });
    expectError(byWorker, 403);
    const noNote = await rest("POST", "/submission-revisions", buyer.token, { submission_id: sub.id, note: "  " });
    expectError(noNote, 422);
    expect((noNote.body as { error: { message: string } }).error.message).toBe(REVISION_NOTE_REQUIRED);
    expect((await state(sub.id))!.revision_requested_at).toBeNull();
    const first = await rest("POST", "/submission-revisions", buyer.token, {
      submission_id: sub.id,
      note: "Crop less.",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ submission_id: sub.id, revision_note: "Crop less." });
    // the worker resubmits; a second request is refused all the same
    await editSubmission(env, await sessionUser(worker.id), sub.id, {
      submission_details: "v2",
      submission_image_url: "",
    });
    const again = await rest("POST", "/submission-revisions", buyer.token, { submission_id: sub.id, note: "More." });
    expectError(again, 409);
    expect((again.body as { error: { message: string } }).error.message).toBe(ONE_REVISION);
  });

  it("is asked from Buyer Home's review view, with and without JavaScript; nowhere else on the pages", async () => {
    const { buyer, worker, sub } = await pending();
    const home = "/dashboard/buyerhome";
    // the view without JavaScript offers it, and its confirmation asks what should change
    const view = await htmlOf(await getPage(`${home}?open=${sub.id}`, buyer.cookie), true);
    expect(view).toContain(`href="${home}?confirm=revision&row=${sub.id}"`);
    const confirm = await htmlOf(await getPage(`${home}?confirm=revision&row=${sub.id}`, buyer.cookie), true);
    expect(confirm).toContain("Ask for a revision?");
    expect(confirm).toContain("What should change?");
    // a blank note is refused with the rule's words, and nothing changes
    const blank = await postForm(
      home,
      { intent: "revision", id: sub.id, reason: " ", [ENHANCED_FIELD]: "1" },
      buyer.cookie,
    );
    expect(blank.status).toBe(422);
    expect(await htmlOf(blank, true)).toContain(REVISION_NOTE_REQUIRED);
    expect((await state(sub.id))!.revision_requested_at).toBeNull();
    // a plain post asks it and comes back with the flash
    const res = await postForm(home, { intent: "revision", id: sub.id, reason: "Add the link." }, buyer.cookie);
    expect(res.status).toBe(302);
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Revision asked" });
    expect((await state(sub.id))!.revision_note).toBe("Add the link.");
    // the view shows when it is due, and no second revision
    const after = await htmlOf(await getPage(`${home}?open=${sub.id}`, buyer.cookie), true);
    expect(after).toContain('data-testid="revision-due"');
    expect(after).not.toContain("confirm=revision");
    // the worker's own page shows it
    const page = await (await getPage(`/dashboard/mysubmissions/${sub.id}`, worker.cookie)).text();
    expect(page).toContain("The buyer asks for a revision");
    expect(page).toContain("Add the link.");

    // with JavaScript: the answer is data; a second request is refused with the rule's words
    const second = await pending();
    const asked = await postForm(
      home,
      { intent: "revision", id: second.sub.id, reason: "Crop less.", [ENHANCED_FIELD]: "1" },
      second.buyer.cookie,
    );
    expect(asked.status).toBe(200);
    expect(await htmlOf(asked, true)).toContain("Revision asked");
    const again = await postForm(
      home,
      { intent: "revision", id: second.sub.id, reason: "More.", [ENHANCED_FIELD]: "1" },
      second.buyer.cookie,
    );
    expect(again.status).toBe(409);
    expect(await htmlOf(again, true)).toContain(ONE_REVISION);

    // the worker cannot reach Buyer Home; the conversation page no longer takes a revision
    const third = await pending();
    const byWorker = await postForm(home, { intent: "revision", id: third.sub.id, reason: "x" }, third.worker.cookie);
    expect(byWorker.headers.get("Location")).toBe("/unauthorized");
    await postForm(
      `/dashboard/threads/submission/${third.sub.id}`,
      { intent: "revision", note: "Add the link." },
      third.buyer.cookie,
    );
    expect((await state(third.sub.id))!.revision_requested_at).toBeNull();
    const thread = await htmlOf(
      await getPage(`/dashboard/threads/submission/${third.sub.id}`, third.buyer.cookie),
      true,
    );
    expect(thread).not.toContain("What should change?");
    expect(thread).toContain(`href="${home}?task=${third.task.id}&open=${third.sub.id}"`);
  });
});

describe("the resubmission", () => {
  it("is the worker's edit: it ends the revision, restarts the review window and tells the buyer", async () => {
    const { buyer, worker, sub } = await pending();
    await ask(buyer, sub.id);
    const before = Date.now();
    await editSubmission(env, await sessionUser(worker.id), sub.id, {
      submission_details: "second proof",
      submission_image_url: "",
    });
    const s = (await state(sub.id))!;
    expect(s).toMatchObject({ status: "pending", revision_due_at: null, submission_details: "second proof" });
    expect(s.edited_at).toBeGreaterThanOrEqual(before);
    expect(s.revision_requested_at).not.toBeNull();
    expect((await notices(buyer.id))[0]).toContain("sent the revision you asked for");
    // the buyer decides now
    await approveSubmission(env, await sessionUser(buyer.id), sub.id);
    expect((await state(sub.id))!.status).toBe("approved");
    expect(await trackRecord(worker.id)).toMatchObject({ approved: 1, rejected: 0 });
    await expectBooksAgree([buyer.id, worker.id]);
  });
});

describe("a revision that lapses", () => {
  it("returns the original proof to pending with a fresh window (by the cron), and both sides are told", async () => {
    const { buyer, worker, sub } = await pending();
    await ask(buyer, sub.id);
    await runOut(sub.id);
    const due = (await state(sub.id))!.revision_due_at!;
    await runScheduledJobs(env, EVERY_QUARTER_HOUR);
    const s = (await state(sub.id))!;
    expect(s).toMatchObject({ status: "pending", revision_due_at: null, submission_details: "first proof" });
    // the review window runs from the lapse: the auto-approval does not take it at once
    expect(s.edited_at).toBe(due);
    expect(await autoApproveDue(env)).toBeGreaterThanOrEqual(0);
    expect((await state(sub.id))!.status).toBe("pending");
    expect((await notices(worker.id))[0]).toContain("ran out. Your original proof waits for the buyer's review.");
    expect((await noticesWithLinks(worker.id))[0]!.action_route).toBe(`/dashboard/mysubmissions/${sub.id}`);
    expect((await notices(buyer.id))[0]).toContain("The original proof waits for your review again.");
    // a lapsed revision is still the one revision
    expect((await appErrorOf(ask(buyer, sub.id))).message).toBe(ONE_REVISION);
    await expectCountersAgree();
  });

  it("is found on read: a decision after the 48 hours goes through without the cron; never a rejection", async () => {
    const { buyer, worker, sub } = await pending();
    await ask(buyer, sub.id);
    await runOut(sub.id);
    const me = await sessionUser(buyer.id);
    await rejectSubmission(env, me, sub.id, "still wrong");
    expect((await state(sub.id))!.status).toBe("rejected");
    // the rejection counts once (the buyer's own decision); the revision request counted nothing
    expect(await trackRecord(worker.id)).toMatchObject({ approved: 0, rejected: 1 });
    expect(await lapseDueRevisions(env)).toBeGreaterThanOrEqual(0);
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("counts nowhere as a rejection: the worker's track record and figures are untouched", async () => {
    const { buyer, worker, sub } = await pending();
    await ask(buyer, sub.id);
    await runOut(sub.id);
    await lapseDueRevisions(env, Date.now(), sub.id);
    expect((await trackRecord(worker.id)) ?? { approved: 0, rejected: 0 }).toMatchObject({ approved: 0, rejected: 0 });
    const figures = await row<{ pending: number }>("SELECT pending FROM worker_figures WHERE worker_id = ?", worker.id);
    expect(figures?.pending).toBe(1);
  });
});
