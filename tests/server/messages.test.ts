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
  recordingEnv,
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
import {
  INBOX_PAGE,
  listInbox,
  MESSAGE_RATE_LIMITED,
  MESSAGES_PER_MINUTE,
  NOT_A_PARTY,
  postMessage,
} from "~/server/services/messages.server";
import { deleteTask } from "~/server/services/tasks.server";
import { rejectSubmission } from "~/server/services/submissions.server";
import { decideAppeal, fileAppeal } from "~/server/services/appeals.server";
import { MESSAGE_TOO_LONG } from "~/lib/schemas/revisions";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
    // what the page shows (its data carries the words of every dashboard page, the message form's too)
    const page = await textOf(await getPage(`/dashboard/threads/submission/${sub.id}`, admin.cookie));
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

describe("the Messages page (docs/decisions/092-an-inbox-read-from-its-own-index.md)", () => {
  const unreadOf = (threadPath: string) => {
    const [, kind, id, workerId] = threadPath.split("/").slice(2);
    return env.DB.prepare(
      kind === "submission"
        ? "SELECT worker_unread, buyer_unread, last_message_at FROM message_threads WHERE submission_id = ?1"
        : "SELECT worker_unread, buyer_unread, last_message_at FROM message_threads WHERE submission_id IS NULL AND task_id = ?1 AND worker_id = ?2",
    )
      .bind(id, ...(workerId ? [workerId] : []))
      .first<{ worker_unread: number; buyer_unread: number; last_message_at: number }>();
  };

  it("lists each side's conversations by their newest message, with what that side has not read; opening one reads it", async () => {
    const { buyer, worker, task, sub } = await submissionWorld();
    const other = await taskOf(buyer, { required_workers: 2, payable_amount: 4, task_title: `Asked ${uniqueToken()}` });
    const question = { taskId: other.id, workerId: worker.id };
    const t0 = Date.now();
    await say(worker, sub.id, "Is the crop fine?", t0);
    await postMessage(
      env,
      await sessionUser(worker.id),
      question,
      "Which browser?",
      "https://coinwork.test",
      t0 + 1000,
    );
    await say(buyer, sub.id, "Crop less.", t0 + 2000);
    await say(buyer, sub.id, "And add the link.", t0 + 3000);

    const subPath = `/dashboard/threads/submission/${sub.id}`;
    const questionPath = `/dashboard/threads/task/${other.id}/${worker.id}`;
    // the worker: the submission's conversation first (its newest message is newer), two unread there
    const mine = await listInbox(env, await sessionUser(worker.id));
    expect(mine.items.map((t) => [t.path, t.unread, t.fromYou, t.excerpt])).toEqual([
      [subPath, 2, false, "And add the link."],
      [questionPath, 0, true, "Which browser?"],
    ]);
    expect(mine.items[0]).toMatchObject({
      taskTitle: task.taskTitle,
      withName: (await sessionUser(buyer.id)).name,
      aboutSubmission: true,
      lastAt: t0 + 3000,
      links: { task: `/dashboard/tasklist/${task.id}`, submission: `/dashboard/mysubmissions/${sub.id}` },
    });
    expect(mine.items[1]!.links).toEqual({ task: `/dashboard/tasklist/${other.id}`, submission: null });
    // the buyer: the same two, their own counts; a pending submission opens in Buyer Home's review view
    const theirs = await listInbox(env, await sessionUser(buyer.id));
    expect(theirs.items.map((t) => [t.path, t.unread, t.fromYou])).toEqual([
      [subPath, 1, true],
      [questionPath, 1, false],
    ]);
    expect(theirs.items[0]!.links).toEqual({
      task: `/dashboard/updatetask/${task.id}`,
      submission: `/dashboard/buyerhome?task=${task.id}&open=${sub.id}`,
    });
    expect(theirs.items[0]!.withName).toBe((await sessionUser(worker.id)).name);
    expect(theirs.next).toBeNull();

    // the page, as each side reads it
    const page = await (await getPage("/dashboard/inbox", worker.cookie)).text();
    expect(page).toContain("2 unread");
    expect(page.indexOf(task.taskTitle)).toBeLessThan(page.indexOf(other.taskTitle));
    expect(page).toContain(`href="/dashboard/mysubmissions/${sub.id}"`);
    expect(page).toContain(`href="${subPath}"`);

    // the worker opens the submission's conversation: their count goes to 0, the buyer's stays
    const opened = await (await getPage(subPath, worker.cookie)).text();
    expect(opened).toContain('href="/dashboard/inbox"');
    expect(opened).toContain(`href="/dashboard/mysubmissions/${sub.id}"`);
    expect(opened).toContain(`href="/dashboard/tasklist/${task.id}"`);
    expect(await unreadOf(subPath)).toMatchObject({ worker_unread: 0, buyer_unread: 1 });
    // an older page of it reads nothing new: a message meanwhile stays unread
    await say(buyer, sub.id, "Thanks.", t0 + 4000);
    await getPage(`${subPath}?before=${t0 + 4000}.zzz`, worker.cookie);
    expect(await unreadOf(subPath)).toMatchObject({ worker_unread: 1, last_message_at: t0 + 4000 });
    // over REST the latest page reads it too
    await rest("GET", `/messages?submission_id=${sub.id}`, worker.token);
    expect(await unreadOf(subPath)).toMatchObject({ worker_unread: 0, buyer_unread: 1 });
    // the buyer's thread page links to the review view of the submission, and back to Messages
    const buyerView = await (await getPage(subPath, buyer.cookie)).text();
    expect(buyerView).toContain(`href="/dashboard/buyerhome?task=${task.id}&amp;open=${sub.id}"`);
    expect(buyerView).toContain('href="/dashboard/inbox"');
    expect(await unreadOf(subPath)).toMatchObject({ worker_unread: 0, buyer_unread: 0 });

    // a newer message puts its conversation first
    await postMessage(env, await sessionUser(buyer.id), question, "Any browser.", "https://coinwork.test", t0 + 5000);
    expect((await listInbox(env, await sessionUser(worker.id))).items.map((t) => [t.path, t.unread])).toEqual([
      [questionPath, 1],
      [subPath, 0],
    ]);
    // once reviewed, the buyer's submission has no review view to open
    await rejectSubmission(env, await sessionUser(buyer.id), sub.id, "wrong page");
    const after = (await listInbox(env, await sessionUser(buyer.id))).items.find((t) => t.path === subPath);
    expect(after!.links).toEqual({ task: `/dashboard/updatetask/${task.id}`, submission: null });
    // questions about a task that is gone are not listed; its submissions' conversations stay
    await deleteTask(env, await sessionUser(buyer.id), other.id);
    expect((await listInbox(env, await sessionUser(worker.id))).items.map((t) => t.path)).toEqual([subPath]);
  });

  it("is for workers and buyers: an admin's Messages are the contact form's", async () => {
    const admin = await makeAdmin();
    await expect(listInbox(env, await sessionUser(admin.id))).rejects.toMatchObject({ code: "forbidden" });
    const res = await getPage("/dashboard/inbox", admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/unauthorized");
    // an empty inbox says so
    const worker = await registerUser("Worker");
    expect(await (await getPage("/dashboard/inbox", worker.cookie)).text()).toContain("No messages yet.");
  });

  it(`pages by a cursor, ${INBOX_PAGE} at a time, newest first, none twice`, async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { required_workers: 30, payable_amount: 2 });
    const workers = await Promise.all(Array.from({ length: INBOX_PAGE + 2 }, () => registerUser("Worker")));
    const t0 = Date.now();
    for (const [i, w] of workers.entries())
      await postMessage(
        env,
        await sessionUser(w.id),
        { taskId: task.id, workerId: w.id },
        `Question ${i}`,
        "https://coinwork.test",
        t0 + i,
      );
    const me = await sessionUser(buyer.id);
    const first = await listInbox(env, me);
    expect(first.items).toHaveLength(INBOX_PAGE);
    expect(first.items[0]!.excerpt).toBe(`Question ${INBOX_PAGE + 1}`);
    expect(first.next).not.toBeNull();
    const second = await listInbox(env, me, first.next!);
    expect(second.items.map((t) => t.excerpt)).toEqual(["Question 1", "Question 0"]);
    expect(second.next).toBeNull();
    // the page's "Older conversations" link carries the cursor; a malformed one reads as the first page
    const html = await (await getPage("/dashboard/inbox", buyer.cookie)).text();
    expect(html).toContain(`?after=${encodeURIComponent(first.next!)}`);
    const older = await (
      await getPage(`/dashboard/inbox?after=${encodeURIComponent(first.next!)}`, buyer.cookie)
    ).text();
    expect(older).toContain("Question 0");
    expect(older).toContain("Newest conversations");
    expect((await getPage("/dashboard/inbox?after=nonsense", buyer.cookie)).status).toBe(200);
  });

  it("reads a range of each side's index: no scan of the conversations, no sort, whatever the tables hold", async () => {
    const { buyer, worker, sub } = await submissionWorld();
    await say(worker, sub.id, "Plan?");
    for (const [who, index] of [
      [worker, "message_threads_worker_inbox_idx"],
      [buyer, "message_threads_buyer_inbox_idx"],
    ] as const) {
      for (const after of [undefined, `${Date.now()}.zzz`]) {
        const r = recordingEnv();
        await listInbox(r.env, await sessionUser(who.id), after);
        expect(r.statements).toHaveLength(1);
        const { sql, params } = r.statements[0]!;
        const plan = (
          await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .bind(...params)
            .all<{ detail: string }>()
        ).results.map((l) => l.detail);
        const text = plan.join(" | ");
        expect(plan[0], text).toMatch(new RegExp(`^SEARCH message_threads USING INDEX ${index} \\(\\w+_id=\\?`));
        expect(text).not.toMatch(/USE TEMP B-TREE/);
        expect(
          plan.filter((l) => /^SCAN /.test(l)),
          text,
        ).toEqual([]);
      }
    }
  });

  it("counts in the message's own statement: a trigger keeps the newest message and each side's unread count", async () => {
    const trigger = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'messages_inbox'",
    ).first<{ sql: string }>();
    expect(trigger?.sql).toContain("AFTER INSERT ON messages");
    const { buyer, worker, sub } = await submissionWorld();
    const t0 = Date.now();
    await say(worker, sub.id, "one", t0);
    await say(worker, sub.id, "two", t0 + 10);
    // a message stamped before the newest (as a test can write) counts, and leaves the newest as it was
    await say(buyer, sub.id, "earlier", t0 + 5);
    const row = await env.DB.prepare(
      "SELECT t.worker_unread, t.buyer_unread, t.last_message_at, m.body FROM message_threads t JOIN messages m ON m.id = t.last_message_id WHERE t.submission_id = ?",
    )
      .bind(sub.id)
      .first();
    expect(row).toEqual({ worker_unread: 1, buyer_unread: 2, last_message_at: t0 + 10, body: "two" });
  });
});
