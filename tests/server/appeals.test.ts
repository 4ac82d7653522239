// Appeals (docs/decisions/014-appeals.md): a rejected worker appeals once within 7 days; an admin upholds (nothing
// moves) or overturns (the worker is paid: from the task's open slot, else from the buyer's balance, the shortfall as
// the buyer's debt). Services, REST and the two pages (with and without JavaScript) on real D1; after every path the
// ledger holds for the people involved and the running counters agree with the rows.
import { describe, expect, it } from "vitest";
import {
  appErrorOf,
  balance,
  env,
  expectBooksAgree,
  expectError,
  flashOf,
  funded,
  getPage,
  jsPost,
  makeAdmin,
  postForm,
  registerUser,
  rejectAs,
  rest,
  row,
  sessionUser,
  submissionBy,
  taskOf,
  textOf,
  uniqueToken,
  withFlash,
  type TestUser,
} from "./fixtures";
import {
  ACTIVE_ELSEWHERE,
  ALREADY_APPEALED,
  ALREADY_DECIDED,
  ONLY_REJECTED,
  WINDOW_PASSED,
  decideAppeal,
  fileAppeal,
} from "~/server/services/appeals.server";
import { approveSubmission } from "~/server/services/submissions.server";
import { deleteTask, postTask, updateTask } from "~/server/services/tasks.server";
import { taskInput } from "./fixtures/records";
import { APPEAL_TEXT_MAX } from "~/lib/appeals";

const DAY = 86_400_000;
const newTaskInput = (slots: number, pay: number) =>
  taskInput({ required_workers: slots, payable_amount: pay }) as Parameters<typeof postTask>[2];
const TEXT = "The screenshot shows the review posted under my name.";

interface Case {
  buyer: TestUser;
  worker: TestUser;
  admin: TestUser;
  taskId: string;
  title: string;
  submissionId: string;
}

/** A buyer with `coins` left after posting a task (`slots` x `pay`), and a worker's submission the buyer rejected. */
async function rejected({ coins = 100, slots = 1, pay = 10 } = {}): Promise<Case> {
  const token = uniqueToken();
  const buyer = await funded("Buyer", coins + slots * pay, `Buyer ${token}`);
  const worker = await registerUser("Worker", `Worker ${token}`);
  const title = `Appeal ${token}`;
  const task = await taskOf(buyer, { task_title: title, required_workers: slots, payable_amount: pay });
  const sub = await submissionBy(worker, task.id);
  await rejectAs(buyer, sub.id, "Blurry screenshot");
  return { buyer, worker, admin: await makeAdmin(), taskId: task.id, title, submissionId: sub.id };
}

/** Moves the rejection `days` into the past (the window is measured from it). */
async function rejectedDaysAgo(submissionId: string, days: number) {
  await env.DB.prepare("UPDATE submissions SET reviewed_at = ? WHERE id = ?")
    .bind(Date.now() - days * DAY, submissionId)
    .run();
}

async function appealAs(worker: TestUser, submissionId: string, text = TEXT) {
  return fileAppeal(env, await sessionUser(worker.id), submissionId, text);
}

async function decideAs(admin: TestUser, appealId: string, decision: "uphold" | "overturn") {
  return decideAppeal(env, await sessionUser(admin.id), appealId, decision);
}

const appealCount = async (submissionId: string) =>
  (await row<{ n: number }>("SELECT COUNT(*) AS n FROM appeals WHERE submission_id = ?", submissionId))!.n;
const submissionStatus = async (id: string) =>
  (await row<{ status: string }>("SELECT status FROM submissions WHERE id = ?", id))!.status;
const slotsOf = async (taskId: string) =>
  (await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", taskId))!.n;
const debtOf = async (userId: string) =>
  (await row<{ d: number }>("SELECT debt_coins AS d FROM users WHERE id = ?", userId))!.d;
const ledgerRows = async (userId: string) =>
  (await row<{ n: number }>("SELECT COUNT(*) AS n FROM coin_ledger WHERE user_id = ?", userId))!.n;
const notices = async (userId: string) =>
  (
    await env.DB.prepare("SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at")
      .bind(userId)
      .all<{ message: string }>()
  ).results.map((r) => r.message);
const auditOf = (appealId: string) =>
  row<{ action: string; actor_id: string; detail: string }>(
    "SELECT action, actor_id, detail FROM audit_log WHERE target_type = 'appeal' AND target_id = ?",
    appealId,
  );

/** The ledger balances for the people of the case, and every running counter agrees with its rows. */
async function expectLedgerHolds(c: Case, ...others: TestUser[]) {
  await expectBooksAgree([c.buyer.id, c.worker.id, ...others.map((u) => u.id)]);
}

describe("filing an appeal", () => {
  it("is open 6 days after the rejection and closed after 8 (the window is 7 x 24 hours from the rejection)", async () => {
    const late = await rejected();
    await rejectedDaysAgo(late.submissionId, 8);
    expect(await appErrorOf(appealAs(late.worker, late.submissionId))).toMatchObject({
      status: 409,
      message: WINDOW_PASSED,
    });
    expect(await appealCount(late.submissionId)).toBe(0);

    const inTime = await rejected();
    await rejectedDaysAgo(inTime.submissionId, 6);
    const appeal = await appealAs(inTime.worker, inTime.submissionId);
    expect(appeal).toMatchObject({ status: "pending", appealText: TEXT, workerId: inTime.worker.id });
    expect(appeal.buyerId).toBe(inTime.buyer.id);
    await expectLedgerHolds(inTime);
  });

  it("is once only, also when two appeals race", async () => {
    const c = await rejected();
    const [a, b] = await Promise.allSettled([appealAs(c.worker, c.submissionId), appealAs(c.worker, c.submissionId)]);
    expect([a.status, b.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(await appErrorOf(appealAs(c.worker, c.submissionId))).toMatchObject({
      status: 409,
      message: ALREADY_APPEALED,
    });
    expect(await appealCount(c.submissionId)).toBe(1);
  });

  it("only for the worker's own rejected submission", async () => {
    const c = await rejected();
    const stranger = await registerUser("Worker");
    expect((await appErrorOf(appealAs(stranger, c.submissionId))).status).toBe(403);
    expect((await appErrorOf(fileAppeal(env, await sessionUser(c.buyer.id), c.submissionId, TEXT))).status).toBe(403);

    const task = await taskOf(c.buyer, { required_workers: 2, payable_amount: 5 });
    const pending = await submissionBy(c.worker, task.id);
    expect(await appErrorOf(appealAs(c.worker, pending.id))).toMatchObject({ status: 409, message: ONLY_REJECTED });
    await approveSubmission(env, await sessionUser(c.buyer.id), pending.id);
    expect(await appErrorOf(appealAs(c.worker, pending.id))).toMatchObject({ status: 409, message: ONLY_REJECTED });
    expect((await appErrorOf(appealAs(c.worker, "no-such-submission"))).status).toBe(404);
    expect(await appealCount(c.submissionId)).toBe(0);
  });

  it("REST: text of 10 to 500 characters (trimmed), 401 without a session, 403 for other roles, 201 for the worker", async () => {
    const c = await rejected();
    const post = (token: string | undefined, text: string) =>
      rest("POST", "/appeals", token, { submission_id: c.submissionId, text });
    expectError(await post(c.worker.token, "  too short  "), 422);
    expectError(await post(c.worker.token, "x".repeat(APPEAL_TEXT_MAX + 1)), 422);
    expectError(await post(undefined, TEXT), 401);
    expectError(await post(c.buyer.token, TEXT), 403);
    expectError(await post(c.admin.token, TEXT), 403);
    expect(await appealCount(c.submissionId)).toBe(0);
    const ok = await post(c.worker.token, `  ${"y".repeat(APPEAL_TEXT_MAX)}  `);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      submission_id: c.submissionId,
      task_title: c.title,
      payable_amount: 10,
      reject_reason: "Blurry screenshot",
      appeal_text: "y".repeat(APPEAL_TEXT_MAX),
      status: "pending",
      decided_at: null,
    });
    expectError(await post(c.worker.token, TEXT), 409);
  });

  it("the database refuses a text outside the bounds, whoever writes it", async () => {
    const c = await rejected();
    const insert = (text: string) =>
      env.DB.prepare(
        "INSERT INTO appeals (id, submission_id, worker_id, buyer_id, appeal_text, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
        .bind(uniqueToken(), c.submissionId, c.worker.id, c.buyer.id, text, Date.now())
        .run();
    await expect(insert("short")).rejects.toThrow(/CHECK/);
    await expect(insert("z".repeat(501))).rejects.toThrow(/CHECK/);
  });
});

describe("deciding an appeal", () => {
  it("REST: only admins list and decide (401 anonymous, 403 worker and buyer)", async () => {
    const c = await rejected();
    const appeal = await appealAs(c.worker, c.submissionId);
    for (const who of [undefined, c.worker.token, c.buyer.token]) {
      expectError(await rest("GET", "/appeals", who), who ? 403 : 401);
      expectError(await rest("PATCH", `/appeals?id=${appeal.id}&decision=overturn`, who), who ? 403 : 401);
    }
    expect(await submissionStatus(c.submissionId)).toBe("rejected");
    const list = await rest<{ _id: string }[]>("GET", "/appeals?limit=100", c.admin.token);
    expect(list.status).toBe(200);
    expect(list.body.map((a) => a._id)).toContain(appeal.id);
    expectError(await rest("PATCH", `/appeals?id=${appeal.id}&decision=maybe`, c.admin.token), 422);
    const decided = await rest("PATCH", `/appeals?id=${appeal.id}&decision=uphold`, c.admin.token);
    expect(decided).toMatchObject({ status: 200, body: { modifiedCount: 1, status: "upheld" } });
    const after = await rest<{ _id: string; status: string }[]>("GET", "/appeals?status=decided", c.admin.token);
    expect(after.body.find((a) => a._id === appeal.id)?.status).toBe("upheld");
  });

  it("uphold moves no coins, tells the worker, is audited, and is final", async () => {
    const c = await rejected();
    const appeal = await appealAs(c.worker, c.submissionId);
    const before = {
      buyer: await balance(c.buyer.id),
      worker: await balance(c.worker.id),
      rows: (await ledgerRows(c.buyer.id)) + (await ledgerRows(c.worker.id)),
      slots: await slotsOf(c.taskId),
    };
    expect(await decideAs(c.admin, appeal.id, "uphold")).toMatchObject({ status: "upheld" });
    expect({
      buyer: await balance(c.buyer.id),
      worker: await balance(c.worker.id),
      rows: (await ledgerRows(c.buyer.id)) + (await ledgerRows(c.worker.id)),
      slots: await slotsOf(c.taskId),
    }).toEqual(before);
    expect(await submissionStatus(c.submissionId)).toBe("rejected");
    expect(await row("SELECT status, decided_by FROM appeals WHERE id = ?", appeal.id)).toEqual({
      status: "upheld",
      decided_by: c.admin.id,
    });
    expect((await notices(c.worker.id)).at(-1)).toBe(
      `An admin reviewed your appeal for "${c.title}": the rejection stands.`,
    );
    expect(await auditOf(appeal.id)).toMatchObject({ action: "appeal.uphold", actor_id: c.admin.id });
    expect(await appErrorOf(decideAs(c.admin, appeal.id, "overturn"))).toMatchObject({
      status: 409,
      message: ALREADY_DECIDED,
    });
    await expectLedgerHolds(c);
  });

  it("is decided once when an uphold and an overturn race: the worker is paid at most once", async () => {
    const c = await rejected();
    const appeal = await appealAs(c.worker, c.submissionId);
    const worker = await balance(c.worker.id);
    const results = await Promise.allSettled([
      decideAs(c.admin, appeal.id, "overturn"),
      decideAs(c.admin, appeal.id, "uphold"),
      decideAs(c.admin, appeal.id, "overturn"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const status = (await row<{ status: string }>("SELECT status FROM appeals WHERE id = ?", appeal.id))!.status;
    expect(await balance(c.worker.id)).toBe(worker + (status === "overturned" ? 10 : 0));
    expect((await row<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE target_id = ?", appeal.id))!.n).toBe(1);
    await expectLedgerHolds(c);
  });

  it("overturn with the slot still open: the slot's escrow pays the worker, the slot closes, the buyer's balance is untouched", async () => {
    const c = await rejected({ slots: 1, pay: 10 });
    const appeal = await appealAs(c.worker, c.submissionId);
    expect(await slotsOf(c.taskId)).toBe(1); // the rejection reopened it
    const buyer = await balance(c.buyer.id);
    const worker = await balance(c.worker.id);
    await decideAs(c.admin, appeal.id, "overturn");
    expect(await balance(c.worker.id)).toBe(worker + 10);
    expect(await balance(c.buyer.id)).toBe(buyer);
    expect(await slotsOf(c.taskId)).toBe(0);
    expect(await submissionStatus(c.submissionId)).toBe("approved");
    expect((await notices(c.buyer.id)).at(-1)).toBe(
      `An admin overturned your rejection of Worker ${c.title.slice(7)}'s submission for "${c.title}": they were paid 10 coins from the task's open slot.`,
    );
    expect((await auditOf(appeal.id))?.detail).toBe(
      `"${c.title}": 10 coins to Worker ${c.title.slice(7)} from the task's open slot`,
    );
    await expectLedgerHolds(c);
  });

  it("overturn after the slot went to another worker: the buyer's balance pays, worker and buyer notified, audited", async () => {
    const c = await rejected({ coins: 30, slots: 1, pay: 10 });
    const other = await registerUser("Worker");
    await submissionBy(other, c.taskId); // takes the reopened slot
    const appeal = await appealAs(c.worker, c.submissionId);
    const worker = await balance(c.worker.id);
    await decideAs(c.admin, appeal.id, "overturn");
    expect(await balance(c.worker.id)).toBe(worker + 10);
    expect(await balance(c.buyer.id)).toBe(20);
    expect(await debtOf(c.buyer.id)).toBe(0);
    expect(await slotsOf(c.taskId)).toBe(0);
    expect(await submissionStatus(c.submissionId)).toBe("approved");
    expect((await notices(c.worker.id)).at(-1)).toBe(
      `You earned 10 coins: an admin overturned the rejection of your submission for "${c.title}".`,
    );
    expect((await notices(c.buyer.id)).at(-1)).toMatch(/they were paid 10 coins from your balance\.$/);
    expect(await auditOf(appeal.id)).toMatchObject({ action: "appeal.overturn", actor_id: c.admin.id });
    expect(await row("SELECT status, decided_by FROM appeals WHERE id = ?", appeal.id)).toEqual({
      status: "overturned",
      decided_by: c.admin.id,
    });
    await expectLedgerHolds(c, other);
  });

  it("overturn with a short balance: the buyer pays what they have, owes the rest, and the debt blocks their spending", async () => {
    const c = await rejected({ coins: 3, slots: 1, pay: 10 });
    await deleteTask(env, await sessionUser(c.buyer.id), c.taskId); // refunds the reopened slot: 13 coins
    // spend down to 4 coins
    await postTask(env, await sessionUser(c.buyer.id), newTaskInput(1, 9));
    expect(await balance(c.buyer.id)).toBe(4);
    const appeal = await appealAs(c.worker, c.submissionId);
    const worker = await balance(c.worker.id);
    await decideAs(c.admin, appeal.id, "overturn");
    expect(await balance(c.worker.id)).toBe(worker + 10);
    expect(await balance(c.buyer.id)).toBe(0);
    expect(await debtOf(c.buyer.id)).toBe(6);
    expect((await notices(c.buyer.id)).at(-1)).toMatch(
      /from your balance\. Your balance was short by 6 coins, which you now owe: buy coins to settle the debt before spending coins\.$/,
    );
    await expectLedgerHolds(c);

    // the debt blocks spending (409 coins_owed), and nothing moves
    const spend = await appErrorOf(postTask(env, await sessionUser(c.buyer.id), newTaskInput(1, 2)));
    expect(spend).toMatchObject({
      status: 409,
      message: "You owe 6 coins. Buy coins to settle the debt before spending coins.",
    });
    expect(await balance(c.buyer.id)).toBe(0);
    await expectLedgerHolds(c);
  });

  it("overturn when the task's pay rose since: the slot's larger escrow pays the worker and the rest goes back to the buyer", async () => {
    const c = await rejected({ coins: 50, slots: 1, pay: 10 });
    const buyerUser = await sessionUser(c.buyer.id);
    await updateTask(env, buyerUser, c.taskId, { ...newTaskInput(1, 14), task_title: c.title });
    const buyer = await balance(c.buyer.id); // 50 - 4
    const appeal = await appealAs(c.worker, c.submissionId);
    const worker = await balance(c.worker.id);
    await decideAs(c.admin, appeal.id, "overturn");
    expect(await balance(c.worker.id)).toBe(worker + 10);
    expect(await balance(c.buyer.id)).toBe(buyer + 4);
    expect(await slotsOf(c.taskId)).toBe(0);
    await expectLedgerHolds(c);
  });

  it("overturn is refused while the worker has another live submission for the task; uphold is still possible", async () => {
    const c = await rejected({ slots: 2, pay: 5 });
    await submissionBy(c.worker, c.taskId); // submitted again after the rejection
    const appeal = await appealAs(c.worker, c.submissionId);
    expect(await appErrorOf(decideAs(c.admin, appeal.id, "overturn"))).toMatchObject({
      status: 409,
      message: ACTIVE_ELSEWHERE,
    });
    expect(await submissionStatus(c.submissionId)).toBe("rejected");
    await decideAs(c.admin, appeal.id, "uphold");
    await expectLedgerHolds(c);
  });
});

describe("the pages", () => {
  it("My Submissions without JavaScript: Appeal opens a labelled form with its bounds; the post redirects with a flash", async () => {
    const c = await rejected();
    const list = await (await getPage("/dashboard/mysubmissions", c.worker.cookie)).text();
    expect(list).toContain(`aria-label="Appeal the rejection of ${c.title}"`);
    expect(list).toContain(`href="/dashboard/mysubmissions?confirm=appeal&amp;row=${c.submissionId}"`);
    const form = await (
      await getPage(`/dashboard/mysubmissions?confirm=appeal&row=${c.submissionId}`, c.worker.cookie)
    ).text();
    expect(form).toContain("Appeal this rejection?");
    expect(form).toMatch(/<label[^>]*for="nojs-confirm-reason"[^>]*>Why the rejection was wrong/);
    expect(form).toMatch(/<textarea[^>]*minLength="10"[^>]*maxLength="500"/i);
    expect(form).toContain("10 to 500 characters");

    const refused = await postForm(
      "/dashboard/mysubmissions",
      { intent: "appeal", id: c.submissionId, reason: "short" },
      c.worker.cookie,
    );
    expect(refused.status).toBe(302);
    expect(flashOf(refused)).toMatchObject({ type: "error", title: "Appeal not sent" });
    expect(await appealCount(c.submissionId)).toBe(0);

    const sent = await postForm(
      "/dashboard/mysubmissions",
      { intent: "appeal", id: c.submissionId, reason: TEXT },
      c.worker.cookie,
    );
    expect(sent.status).toBe(302);
    expect(flashOf(sent)).toMatchObject({ type: "success", title: "Appeal sent" });
    const after = await textOf(await getPage("/dashboard/mysubmissions", withFlash(c.worker.cookie, sent)));
    expect(after).toContain("Appeal sent");
    expect(after).toContain("Appeal pending");
    expect(after).not.toMatch(/Appeal until/);
  });

  it("My Submissions with JavaScript answers the outcome as data; the page size form still works", async () => {
    const c = await rejected();
    const other = await registerUser("Worker");
    const foreign = await jsPost(
      "/dashboard/mysubmissions",
      { intent: "appeal", id: c.submissionId, reason: TEXT },
      other.cookie,
    );
    expect(foreign.status).toBe(403);
    const ok = await jsPost(
      "/dashboard/mysubmissions",
      { intent: "appeal", id: c.submissionId, reason: TEXT },
      c.worker.cookie,
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toContain("Appeal sent");
    const again = await jsPost(
      "/dashboard/mysubmissions",
      { intent: "appeal", id: c.submissionId, reason: TEXT },
      c.worker.cookie,
    );
    expect(again.status).toBe(409);
    expect(again.text).toContain(ALREADY_APPEALED);
    const size = await postForm("/dashboard/mysubmissions", { intent: "per-page", itemsPerPage: "5" }, c.worker.cookie);
    expect(size.status).toBe(302);
    expect(
      (await row<{ n: number }>("SELECT items_per_page AS n FROM user_preferences WHERE user_id = ?", c.worker.id))!.n,
    ).toBe(5);
  });

  it("a rejection past its window shows no Appeal button, and its confirmation view is not offered", async () => {
    const c = await rejected();
    await rejectedDaysAgo(c.submissionId, 8);
    const html = await (
      await getPage(`/dashboard/mysubmissions?confirm=appeal&row=${c.submissionId}`, c.worker.cookie)
    ).text();
    // the dialog's words travel with every worker page in its data (docs/decisions/097): it is not shown
    expect(html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("Appeal this rejection?");
    expect(html).not.toContain(`Appeal the rejection of ${c.title}`);
  });

  it("Appeals (admin): the queue lists task, worker, buyer, amount, reason, text; overturn without JavaScript, uphold with it", async () => {
    const c = await rejected({ coins: 40 });
    const other = await registerUser("Worker");
    await submissionBy(other, c.taskId); // the slot is taken: an overturn pays from the balance
    const appeal = await appealAs(c.worker, c.submissionId);
    const page = await textOf(await getPage("/dashboard/appeals?page=1000", c.admin.cookie));
    for (const s of [
      c.title,
      `Worker ${c.title.slice(7)}`,
      `Buyer ${c.title.slice(7)}`,
      "10 coins",
      "Blurry screenshot",
      TEXT,
    ])
      expect(page).toContain(s);
    const confirm = await textOf(
      await getPage(`/dashboard/appeals?page=1000&confirm=overturn&row=${appeal.id}`, c.admin.cookie),
    );
    expect(confirm).toContain(`Worker ${c.title.slice(7)} is paid 10 coins from Buyer ${c.title.slice(7)}'s balance.`);
    // decided on evidence: the task's instructions, the worker's proof, the rejection's reason and the appeal together
    const evidence = confirm.slice(confirm.indexOf("What the task asked for"));
    for (const part of [
      taskInput().submission_info as string,
      `Worker ${c.title.slice(7)}'s proof`,
      "done",
      "Why the buyer rejected it",
      "Blurry screenshot",
      "The worker's appeal",
      TEXT,
    ])
      expect(evidence).toContain(part);
    expect((await getPage("/dashboard/appeals", c.worker.cookie)).status).not.toBe(200);

    const forbidden = await jsPost("/dashboard/appeals", { intent: "overturn", id: appeal.id }, c.buyer.cookie);
    expect(forbidden.status).not.toBe(200);
    const done = await postForm("/dashboard/appeals", { intent: "overturn", id: appeal.id }, c.admin.cookie);
    expect(done.status).toBe(302);
    expect(flashOf(done)).toMatchObject({ type: "success", title: "Rejection overturned" });
    expect(await balance(c.buyer.id)).toBe(30);
    const decided = await textOf(await getPage("/dashboard/appeals?show=decided", c.admin.cookie));
    expect(decided).toContain("Rejection overturned");
    const worker = await textOf(await getPage("/dashboard/mysubmissions", c.worker.cookie));
    expect(worker).toContain("Rejection overturned");
    await expectLedgerHolds(c, other);

    const next = await rejected();
    const second = await appealAs(next.worker, next.submissionId);
    const upheld = await jsPost("/dashboard/appeals", { intent: "uphold", id: second.id }, next.admin.cookie);
    expect(upheld.status).toBe(200);
    expect(upheld.text).toContain("Rejection upheld");
    const twice = await jsPost("/dashboard/appeals", { intent: "overturn", id: second.id }, next.admin.cookie);
    expect(twice.status).toBe(409);
    expect(twice.text).toContain(ALREADY_DECIDED);
    await expectLedgerHolds(next);
  });
});
