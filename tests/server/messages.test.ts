// Messages (docs/decisions/056-message-threads.md): a conversation per submission (its buyer and worker; an admin
// reads it once appealed) and one per worker and task before any work; plain text up to 2,000 characters, rate
// limited; each message notifies the other side and e-mails them at most once an hour per conversation.
import { describe, expect, it } from "vitest";
import {
  env,
  expectError,
  flashOf,
  funded,
  getPage,
  htmlOf,
  makeAdmin,
  mailTo,
  postForm,
  registerUser,
  rest,
  sessionUser,
  submissionBy,
  occurrences,
  taskOf,
  textOf,
  type TestUser,
  uniqueToken,
} from "./fixtures";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
import { MESSAGE_RATE_LIMITED, MESSAGES_PER_MINUTE, NOT_A_PARTY, postMessage } from "~/server/services/messages.server";
import { rejectSubmission } from "~/server/services/submissions.server";
import { decideAppeal, fileAppeal } from "~/server/services/appeals.server";
import { MESSAGE_TOO_LONG } from "~/lib/schemas/revisions";

async function submissionWorld() {
  const buyer = await funded("Buyer", 100);
  const worker = await registerUser("Worker");
  const task = await taskOf(buyer, { required_workers: 2, payable_amount: 4 });
  const sub = await submissionBy(worker, task.id, "proof");
  return { buyer, worker, task, sub };
}
const notices = async (userId: string) =>
  (
    await env.DB.prepare(
      "SELECT message, action_route FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC",
    )
      .bind(userId)
      .all<{ message: string; action_route: string }>()
  ).results;
/** `from` writes `text` in the submission's conversation, at `now`. */
const say = async (from: TestUser, submissionId: string, text: string, now = Date.now()) =>
  postMessage(env, await sessionUser(from.id), { submissionId }, text, "https://coinwork.test", now);
const messageMails = async (email: string) => (await mailTo(email)).filter((m) => m.subject.startsWith("New message"));

describe("a submission's conversation", () => {
  it("carries messages both ways over REST, oldest first, and notifies the other side", async () => {
    const { buyer, worker, sub } = await submissionWorld();
    const first = await rest("POST", "/messages", worker.token, { submission_id: sub.id, body: "Is the crop fine?" });
    expect(first.status).toBe(201);
    const reply = await rest("POST", "/messages", buyer.token, { submission_id: sub.id, body: "Yes.\nThanks." });
    expect(reply.status).toBe(201);
    const read = await rest("GET", `/messages?submission_id=${sub.id}`, buyer.token);
    expect(read.status).toBe(200);
    expect(read.body.messages.map((m: { body: string }) => m.body)).toEqual(["Is the crop fine?", "Yes.\nThanks."]);
    expect(read.body).toMatchObject({ earlier: null, can_write: true });
    const toBuyer = (await notices(buyer.id)).find((n) => n.message.includes("sent you a message"));
    expect(toBuyer?.action_route).toBe(`/dashboard/threads/submission/${sub.id}`);
    expect((await notices(worker.id))[0]!.message).toContain("sent you a message");
  });

  it("refuses a message over 2,000 characters with a clear message, and a blank one; nothing is stored", async () => {
    const { worker, sub } = await submissionWorld();
    const long = await rest("POST", "/messages", worker.token, { submission_id: sub.id, body: "x".repeat(2001) });
    expectError(long, 422);
    expect(long.body.error.message).toBe(MESSAGE_TOO_LONG);
    expectError(await rest("POST", "/messages", worker.token, { submission_id: sub.id, body: "   " }), 422);
    const ok = await rest("POST", "/messages", worker.token, { submission_id: sub.id, body: "y".repeat(2000) });
    expect(ok.status).toBe(201);
    const read = await rest("GET", `/messages?submission_id=${sub.id}`, worker.token);
    expect(read.body.messages).toHaveLength(1);
  });

  it("renders a message as text, never as HTML", async () => {
    const { buyer, worker, sub } = await submissionWorld();
    const evil = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    await say(worker, sub.id, evil);
    const html = await (await getPage(`/dashboard/threads/submission/${sub.id}`, buyer.cookie)).text();
    expect(html).not.toContain("<script>alert(2)</script>");
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("is open to its two sides only: anyone else gets 403, on the page and over REST", async () => {
    const { sub, task } = await submissionWorld();
    const outsider = await registerUser("Worker");
    const otherBuyer = await funded("Buyer", 60);
    const admin = await makeAdmin();
    for (const who of [outsider, otherBuyer, admin]) {
      const read = await rest("GET", `/messages?submission_id=${sub.id}`, who.token);
      expectError(read, 403);
      expect(read.body.error.message).toBe(NOT_A_PARTY);
      expectError(await rest("POST", "/messages", who.token, { submission_id: sub.id, body: "hi" }), 403);
      expect((await getPage(`/dashboard/threads/submission/${sub.id}`, who.cookie)).status).toBe(403);
    }
    // the question thread of another worker too
    expect((await getPage(`/dashboard/threads/task/${task.id}/${outsider.id}`, otherBuyer.cookie)).status).toBe(403);
    expect((await getPage(`/dashboard/threads/submission/nope`, outsider.cookie)).status).toBe(404);
  });

  it("is read (never written) by an admin once the submission is appealed", async () => {
    const { buyer, worker, sub } = await submissionWorld();
    await say(buyer, sub.id, "Wrong page.");
    await rejectSubmission(env, await sessionUser(buyer.id), sub.id, "wrong page");
    const admin = await makeAdmin();
    expectError(await rest("GET", `/messages?submission_id=${sub.id}`, admin.token), 403);
    await fileAppeal(env, await sessionUser(worker.id), sub.id, "It was the right page, see the URL.");
    const read = await rest("GET", `/messages?submission_id=${sub.id}`, admin.token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ can_write: false });
    expect(read.body.messages[0].body).toBe("Wrong page.");
    expectError(await rest("POST", "/messages", admin.token, { submission_id: sub.id, body: "hi" }), 403);
    const page = await (await getPage(`/dashboard/threads/submission/${sub.id}`, admin.cookie)).text();
    expect(page).toContain("Wrong page.");
    expect(page).not.toContain("Send message");
  });

  it("and the appeal links to it, in its row and its dialog; the conversation links back to the appeal", async () => {
    const { buyer, worker, sub } = await submissionWorld();
    await say(worker, sub.id, "Is the crop fine?");
    await rejectSubmission(env, await sessionUser(buyer.id), sub.id, "wrong crop");
    const appeal = await fileAppeal(env, await sessionUser(worker.id), sub.id, "The crop was the one asked for.");
    const admin = await makeAdmin();
    const conversation = `/dashboard/threads/submission/${sub.id}`;
    const link = (href: string, text: string) => new RegExp(`<a [^>]*href="${escape(href)}"[^>]*>${text}</a>`);
    // the row, alone on the page the conversation links back to
    const back = `/dashboard/appeals?appeal=${appeal.id}`;
    const row = await htmlOf(await getPage(back, admin.cookie), true);
    expect(row).toMatch(link(conversation, "Read the conversation"));
    expect(occurrences(row, 'data-testid="appeal-')).toBe(1);
    expect(row).toContain("Showing one appeal.");
    // the dialog's evidence (its no-JavaScript view)
    const dialog = await htmlOf(await getPage(`${back}&confirm=uphold&row=${appeal.id}`, admin.cookie), true);
    const evidence = dialog.slice(dialog.indexOf('data-testid="appeal-evidence"'));
    expect(evidence).toMatch(link(conversation, "Read the messages between Worker Tester and the buyer"));
    // the conversation, read only, goes back to the appeal (in the decided list once it is decided)
    const thread = await htmlOf(await getPage(conversation, admin.cookie), true);
    expect(thread).toMatch(link(back, "Back to the appeal"));
    expect(thread).not.toContain("<textarea");
    await decideAppeal(env, await sessionUser(admin.id), appeal.id, "uphold");
    const decidedBack = `/dashboard/appeals?show=decided&appeal=${appeal.id}`;
    expect(await htmlOf(await getPage(conversation, admin.cookie), true)).toMatch(
      link(decidedBack, "Back to the appeal"),
    );
    expect(await textOf(await getPage(decidedBack, admin.cookie))).toContain("The crop was the one asked for.");
    // the conversation's own sides are not sent to the admin's page
    expect(await htmlOf(await getPage(conversation, worker.cookie), true)).not.toContain("/dashboard/appeals");
  });
});

describe("questions before starting", () => {
  it("are a thread per worker and task, with and without JavaScript, and the buyer answers in it", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 4 });
    const path = `/dashboard/threads/task/${task.id}/${worker.id}`;
    const asked = await postForm(path, { intent: "message", body: "Which browser?" }, worker.cookie);
    expect(asked.status).toBe(302);
    expect(flashOf(asked)).toMatchObject({ type: "success", title: "Message sent" });
    const note = (await notices(buyer.id))[0]!;
    expect(note.action_route).toBe(path);
    const answered = await postForm(path, { intent: "message", body: "Any." }, buyer.cookie);
    expect(answered.status).toBe(302);
    // the worker's REST view of their own questions (worker_id defaults to theirs)
    const read = await rest("GET", `/messages?task_id=${task.id}`, worker.token);
    expect(read.body.messages.map((m: { body: string }) => m.body)).toEqual(["Which browser?", "Any."]);
    // an invalid post answers the page again with the message, nothing stored
    const long = await postForm(path, { intent: "message", body: "z".repeat(2001) }, worker.cookie);
    expect(long.status).toBe(422);
    expect(await long.text()).toContain(MESSAGE_TOO_LONG);
    expect((await rest("GET", `/messages?task_id=${task.id}`, worker.token)).body.messages).toHaveLength(2);
    // a buyer cannot open questions with another buyer, nor a worker about their own account as buyer
    const otherBuyer = await funded("Buyer", 60);
    expectError(
      await rest("POST", "/messages", otherBuyer.token, { task_id: task.id, worker_id: otherBuyer.id, body: "x" }),
      404,
    );
  });
});

describe("a buyer's side of questions", () => {
  it("opens only once the worker asked, or with a worker who sent the buyer work: before, the buyer learns nothing of them", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 4 });
    const quiet = await registerUser("Worker", `Quiet ${uniqueToken()}`);
    const path = `/dashboard/threads/task/${task.id}/${quiet.id}`;
    const page = await getPage(path, buyer.cookie);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Quiet");
    expectError(await rest("GET", `/messages?task_id=${task.id}&worker_id=${quiet.id}`, buyer.token), 404);
    const written = await rest("POST", "/messages", buyer.token, { task_id: task.id, worker_id: quiet.id, body: "Hi" });
    expectError(written, 404);
    expect(await postForm(path, { intent: "message", body: "Hi" }, buyer.cookie)).toHaveProperty("status", 404);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM message_threads WHERE worker_id = ?")
      .bind(quiet.id)
      .first<{ n: number }>();
    expect(stored).toEqual({ n: 0 });
    expect(await notices(quiet.id)).toEqual([]);

    // the worker asks first: then the buyer reads and answers
    expect((await rest("POST", "/messages", quiet.token, { task_id: task.id, body: "Which browser?" })).status).toBe(
      201,
    );
    expect((await getPage(path, buyer.cookie)).status).toBe(200);
    expect(
      (await rest("POST", "/messages", buyer.token, { task_id: task.id, worker_id: quiet.id, body: "Any." })).status,
    ).toBe(201);

    // a worker who sent the buyer work (on another task) may be asked first
    const other = await taskOf(buyer, { required_workers: 2, payable_amount: 4 });
    const worked = await registerUser("Worker");
    await submissionBy(worked, other.id);
    const asked = await rest("POST", "/messages", buyer.token, {
      task_id: task.id,
      worker_id: worked.id,
      body: "Try this?",
    });
    expect(asked.status).toBe(201);
  });
});

describe("the e-mail", () => {
  it("goes to the other side at most once an hour per conversation; the notifications every time", async () => {
    const { buyer, worker, sub } = await submissionWorld();
    const t0 = Date.now();
    await say(worker, sub.id, "Is the crop fine?", t0);
    await say(worker, sub.id, "two", t0 + 1000);
    const mails = await messageMails(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`https://coinwork.test/dashboard/threads/submission/${sub.id}`);
    // never the message itself
    expect(mails[0]!.text).not.toContain("crop");
    expect((await notices(buyer.id)).filter((n) => n.message.includes("sent you a message"))).toHaveLength(2);
    // the other way is its own hour
    await say(buyer, sub.id, "ok", t0 + 2000);
    expect(await messageMails(worker.email)).toHaveLength(1);
    // an hour later, the next one e-mails again
    await say(worker, sub.id, "three", t0 + 60 * 60 * 1000 + 1000);
    expect(await messageMails(buyer.email)).toHaveLength(2);
  });
});

describe("the rate limit", () => {
  it(`refuses more than ${MESSAGES_PER_MINUTE} messages a minute from one sender with a clear 429`, async () => {
    const { worker, sub } = await submissionWorld();
    let accepted = 0;
    let refused: { status: number; body: { error: { message: string } } } | null = null;
    // a fixed window: if a minute begins meanwhile, the count starts again, so at most two windows' worth are sent
    for (let i = 0; i < 2 * MESSAGES_PER_MINUTE + 1 && !refused; i++) {
      const a = await rest("POST", "/messages", worker.token, { submission_id: sub.id, body: `m${i}` });
      if (a.status === 201) accepted++;
      else refused = a;
    }
    expect(refused).not.toBeNull();
    expectError(refused as never, 429, "rate_limited");
    expect(refused!.body.error.message).toBe(MESSAGE_RATE_LIMITED);
    expect(accepted).toBeGreaterThanOrEqual(MESSAGES_PER_MINUTE);
    const read = await rest("GET", `/messages?submission_id=${sub.id}`, worker.token);
    expect(read.body.messages).toHaveLength(accepted);
  });
});
