// Fairness a visitor can see before signing up (docs/product/screens.md, docs/product/identity.md): a task's public
// page shows its pay per hour and its buyer's record, the buyer's page lists their open tasks a page at a time, the
// landing page and the FAQ state the promises, and a visitor who signs up to do a task comes back to it, through
// registration and the e-mailed confirmation link, and through a qualification test the task sends them to. Real
// local D1 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import {
  BASE,
  call,
  cookieFrom,
  env,
  expectRedirect,
  expectText,
  flashOf,
  funded,
  getPage,
  htmlOf,
  isoDay,
  lastMailTo,
  linkIn,
  pageHtml,
  PASSWORD,
  postForm,
  postFormFrom,
  pressLinkButton,
  q,
  recordingEnv,
  registerUser,
  rest,
  sessionUser,
  submissionBy,
  taskOf,
  uniqueEmail,
  uniqueToken,
  type Recorded,
  type TestUser,
  textOf,
} from "./fixtures";
import { FaultyD1, NO_FAULTS } from "./fixtures/faults";
import { callWith, requestTo } from "./fixtures/stripe";
import { buyerOpenTasks, deleteTask, BUYER_OPEN_TASKS_PAGE } from "~/server/services/tasks.server";
import { DEFAULT_MIN_HOURLY_PAY_CENTS, hourlyWords } from "~/lib/pay-rate";

/** The D1 calls one visitor's GET of `path` makes, and its status (docs/decisions/068: one step of reads). */
async function visitorCalls(path: string) {
  const binding = new FaultyD1(env.DB, NO_FAULTS, () => 1, { before: 0, after: 0, afterCommit: 0, writeBatches: 0 });
  const res = await callWith({ ...env, DB: binding }, requestTo(path));
  await res.arrayBuffer();
  return { status: res.status, calls: binding.calls };
}

/** The task ids a /buyers/:id page lists, in order, and the link to its next page, if any. */
async function listed(path: string) {
  const page = await pageHtml(path);
  expect(page.status, path).toBe(200);
  const ids = [...page.text.matchAll(/href="\/browse\/([^"]+)"/g)].map((m) => m[1]!);
  const older = /href="([^"]*\?after=[^"]+)"[^>]*>Older open tasks</.exec(page.text)?.[1]?.replace(/&amp;/g, "&");
  return { ids, older: older ?? null, text: page.text };
}

/** The task page of a worker, as the sign-up carries it. */
const taskPage = (id: string) => `/dashboard/tasklist/${id}`;

describe("a task's public page", () => {
  it("shows its pay per hour and its buyer's record, and links to the buyer's page", async () => {
    const buyer = await funded("Buyer", 500, "Record Shown Buyer");
    // 30 coins for 10 minutes: $1.50 of withdrawal dollars, $9.00 an hour
    const task = await taskOf(buyer, { payable_amount: 30, estimate_minutes: 10, required_workers: 2 });
    const page = await htmlOf(await getPage(`/browse/${task.id}`), true);
    expectText(page, [
      "Pay per hour",
      "$9.00/hour",
      "estimate 10 minutes",
      "The buyer's record",
      "Approval (90 days)",
      "Tasks posted",
      "Record Shown Buyer's record and open tasks",
    ]);
    expect(page).toContain(`href="/buyers/${buyer.id}"`);
    // its reads are one step (the task, its buyer and the buyer's figures in one statement)
    expect(await visitorCalls(`/browse/${task.id}`)).toEqual({ status: 200, calls: 1 });
  });
});

describe("a buyer's public page", () => {
  it("lists the buyer's open tasks newest first, a page at a time after the last shown, and no closed ones", async () => {
    const buyer = await funded("Buyer", 5_000, "Many Tasks Buyer");
    const worker = await registerUser("Worker");
    const open: string[] = [];
    for (let i = 0; i < BUYER_OPEN_TASKS_PAGE + 2; i++)
      open.push((await taskOf(buyer, { task_title: `Open ${i}`, required_workers: 1, payable_amount: 2 })).id);
    // a batch posts many tasks in the same millisecond: the page order falls back to the id
    const tied = Date.now() - 60_000;
    await env.DB.prepare(
      `UPDATE tasks SET created_at = ? WHERE id IN (${open
        .slice(5, 15)
        .map(() => "?")
        .join(",")})`,
    )
      .bind(tied, ...open.slice(5, 15))
      .run();
    // closed: filled, deleted, past its day
    const filled = await taskOf(buyer, { task_title: "Filled", required_workers: 1, payable_amount: 2 });
    await submissionBy(worker, filled.id);
    const deleted = await taskOf(buyer, { task_title: "Deleted" });
    await deleteTask(env, await sessionUser(buyer.id), deleted.id);
    const past = await taskOf(buyer, { task_title: "Past" });
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), past.id).run();

    const expected = (
      await env.DB.prepare(
        `SELECT id FROM tasks WHERE id IN (${open.map(() => "?").join(",")}) ORDER BY created_at DESC, id DESC`,
      )
        .bind(...open)
        .all<{ id: string }>()
    ).results.map((r) => r.id);
    const first = await listed(`/buyers/${buyer.id}`);
    expect(first.ids).toEqual(expected.slice(0, BUYER_OPEN_TASKS_PAGE));
    expectText(first.text, ["Open tasks", "Pay per hour", "Open slots", "Approval (90 days)"]);
    expect(first.older).not.toBeNull();
    const second = await listed(first.older!);
    expect(second.ids).toEqual(expected.slice(BUYER_OPEN_TASKS_PAGE));
    expect(second.older).toBeNull();
    expect(second.text).toContain("Older open tasks");
    expect(second.text).toContain(`href="/buyers/${buyer.id}"`); // back to the newest
    for (const closed of [filled.id, deleted.id, past.id]) {
      expect(first.ids).not.toContain(closed);
      expect(second.ids).not.toContain(closed);
    }
    // a malformed cursor reads as the first page, never an error
    expect((await listed(`/buyers/${buyer.id}?after=not-a-cursor`)).ids).toEqual(first.ids);
    // a buyer with none says so
    const idle = await registerUser("Buyer", "Idle Buyer");
    expect((await pageHtml(`/buyers/${idle.id}`)).text).toContain("Idle Buyer has no open tasks right now.");
    // the record and the list are one step of reads
    expect(await visitorCalls(first.older!)).toEqual({ status: 200, calls: 1 });
  });

  it("walks only the buyer's open tasks, in the page's order, on their own index", async () => {
    const buyer = await funded("Buyer", 500);
    await taskOf(buyer);
    const recorded = recordingEnv();
    await buyerOpenTasks(recorded.env, buyer.id, { createdAt: Date.now(), id: "z" });
    const [{ sql, params }] = recorded.statements as [Recorded];
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const text = results.map((r) => r.detail).join(" | ");
    expect(text).toMatch(/USING (COVERING )?INDEX tasks_open_buyer_newest_idx \(buyer_id=\?/);
    // no sort of the buyer's tasks: the index gives the order (the page's own rows are sorted, at most 21)
    expect(text).not.toMatch(/SCAN tasks\b(?! USING)/);
  });
});

describe("the landing page and the FAQ", () => {
  const WORKER_PROMISES = [
    `At least ${hourlyWords(DEFAULT_MIN_HOURLY_PAY_CENTS)} on every task`,
    "A revision before a rejection",
    "48 hours",
    "Appeals a person decides",
    "Appeal within 7 days",
    "A payout queue you can see",
    "Bkash, Nagad or Rocket",
    "200 coins ($10)",
  ];
  const REQUESTER_PROMISES = [
    "Your MTurk code works here",
    "Mechanical Turk Requester API",
    "Quality tools built in",
    "Qualification tests",
    "known-answer checks",
  ];

  it("say what Coinwork promises workers and requesters", async () => {
    const landing = await htmlOf(await call("/"), true);
    expectText(landing, ["Fair to both sides, in writing", "To workers", ...WORKER_PROMISES, ...REQUESTER_PROMISES]);
    expect(landing).toContain('href="/docs/mturk"');
    const faq = await htmlOf(await call("/faq"), true);
    expectText(faq, [
      "What does Coinwork promise workers?",
      "What does Coinwork offer requesters coming from MTurk?",
      ...WORKER_PROMISES,
      ...REQUESTER_PROMISES,
    ]);
  });
});

describe("signing up to do a task", () => {
  async function openTask() {
    const buyer = await funded("Buyer", 500);
    return taskOf(buyer, { payable_amount: 30, estimate_minutes: 10 });
  }

  /** Registers through the form from a task's page; the answer and the session cookie it set. */
  async function signUp(taskId: string, role: "Worker" | "Buyer" = "Worker") {
    const email = uniqueEmail("signup");
    const res = await postFormFrom("/register", {
      name: "Task Signer",
      email,
      password: PASSWORD,
      role,
      redirectTo: taskPage(taskId),
    });
    return { email, res, cookie: cookieFrom(res)! };
  }

  it("registers a worker and brings them to the task once the e-mailed link is confirmed", async () => {
    const task = await openTask();
    const form = await pageHtml(`/register?redirectTo=${q(taskPage(task.id))}`);
    // the role is a worker's: no choice offered, said in words, with the way to a buyer's account
    expect(form.text).toContain('<input type="hidden" name="role" value="Worker"/>');
    // (the page's data carries all of its words: what it shows is outside its scripts)
    expect(form.text.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("Select a role");
    expectText(form.text, ["You are signing up as a", "Here to post tasks? Register as a buyer"]);
    // a plain /register still offers both roles
    expect((await pageHtml("/register")).text).toContain("Select a role");

    const { email, res, cookie } = await signUp(task.id);
    expectRedirect(res, taskPage(task.id), { title: "Account Created!" });
    const link = linkIn(await lastMailTo(email), "/verify-email");
    expect(new URL(link).searchParams.get("next")).toBe(taskPage(task.id));
    const confirm = await pageHtml(link.replace(BASE, ""));
    expect(confirm.text).toContain("Then we take you to the task you signed up to do.");
    const confirmed = await pressLinkButton(link, cookie);
    expectRedirect(confirmed, taskPage(task.id), { title: "Email verified!" });
    // the task page takes them: verified, a worker, a Start button
    const there = await pageHtml(taskPage(task.id), cookie);
    expect(there.status).toBe(200);
    expect(there.text).toContain('name="intent" value="start"');
    expect(there.text).not.toContain('data-testid="verify-email-banner"');
  });

  it("confirmed in another browser, the link goes through login to the task", async () => {
    const task = await openTask();
    const { email } = await signUp(task.id);
    const confirmed = await pressLinkButton(linkIn(await lastMailTo(email), "/verify-email"));
    expectRedirect(confirmed, `/login?redirectTo=${q(taskPage(task.id))}`, { title: "Email verified!" });
  });

  it("a buyer registering from a task's page gets a plain link to their home", async () => {
    const task = await openTask();
    const { email, res, cookie } = await signUp(task.id, "Buyer");
    expectRedirect(res, "/dashboard/buyerhome");
    const link = linkIn(await lastMailTo(email), "/verify-email");
    expect(new URL(link).searchParams.has("next")).toBe(false);
    expectRedirect(await pressLinkButton(link, cookie), "/dashboard/buyerhome");
  });

  it("the link leads only to a worker's task page of this site, whatever its address says", async () => {
    const task = await openTask();
    // the button's post follows a task page it is sent with…
    const control = await signUp(task.id);
    const controlToken = new URL(linkIn(await lastMailTo(control.email), "/verify-email")).searchParams.get("token")!;
    expectRedirect(
      await postForm(
        `/verify-email?token=${q(controlToken)}&next=${q(taskPage(task.id))}`,
        { token: controlToken },
        control.cookie,
      ),
      taskPage(task.id),
    );
    // …and nothing else
    for (const next of [
      "https://evil.example/dashboard/tasklist/x",
      "//evil.example/dashboard/tasklist/x",
      "/\\evil.example",
      "/dashboard/adminhome",
      "/dashboard/withdraw",
      `${taskPage(task.id)}?then=https://evil.example`,
      "/dashboard/tasklist/../withdraw",
      "/dashboard/tasklist/a%2F..%2F..%2Fwithdraw",
      "/browse",
    ]) {
      const { email, cookie } = await signUp(task.id);
      const token = new URL(linkIn(await lastMailTo(email), "/verify-email")).searchParams.get("token")!;
      // the page drops what is not a task page from its form
      const page = await pageHtml(`/verify-email?token=${q(token)}&next=${q(next)}`, cookie);
      const confirmForm = page.text.split("<form").find((f) => f.includes('name="token"')) ?? "";
      expect(confirmForm, next).toContain("/verify-email?token=");
      expect(confirmForm, next).not.toContain("&amp;next=");
      // and the button's post, sent with it anyway, goes home
      const posted = await postForm(`/verify-email?token=${q(token)}&next=${q(next)}`, { token }, cookie);
      expectRedirect(posted, "/dashboard/workerhome", { title: "Email verified!" });
    }
  });

  it("'Resend the link' on the task's page sends a link that leads back to it", async () => {
    const task = await openTask();
    const { email, cookie } = await signUp(task.id);
    const first = linkIn(await lastMailTo(email), "/verify-email");
    const resent = await postForm("/dashboard/verify-email", { redirectTo: taskPage(task.id) }, cookie);
    expectRedirect(resent, taskPage(task.id), { title: "Email sent" });
    const link = await waitForAnotherLink(email, first);
    expect(new URL(link).searchParams.get("next")).toBe(taskPage(task.id));
    expectRedirect(await pressLinkButton(link, cookie), taskPage(task.id), { title: "Email verified!" });
    // resent from any other page, the link leads home as before
    const other = await registerUser("Worker", "Other Resender", { verified: false });
    const before = linkIn(await lastMailTo(other.email), "/verify-email");
    await postForm("/dashboard/verify-email", { redirectTo: "/dashboard/withdraw" }, other.cookie);
    expect(new URL(await waitForAnotherLink(other.email, before)).searchParams.has("next")).toBe(false);
  });
});

/** The newest /verify-email link to `email` once it is not `previous` (a resend arrives a moment later). */
async function waitForAnotherLink(email: string, previous: string): Promise<string> {
  let link = previous;
  await expect
    .poll(async () => {
      link = linkIn(await lastMailTo(email), "/verify-email");
      return link;
    })
    .not.toBe(previous);
  return link;
}

describe("a qualification test taken from a task", () => {
  async function taskNeedingTest(buyer: TestUser) {
    const made = await rest<{ _id: string; questions: { _id: string; answer: number }[] }>(
      "POST",
      "/qualifications",
      buyer.token,
      {
        name: `Spelling ${uniqueToken()}`,
        description: "Finds spelling mistakes.",
        retake_hours: 0,
        questions: [{ prompt: "Which is spelled right?", choices: ["recieve", "receive"], answer: 2 }],
      },
    );
    expect(made.status).toBe(201);
    const task = await taskOf(buyer, {
      required_workers: 2,
      payable_amount: 30,
      estimate_minutes: 10,
      qualification_id: made.body._id,
      qualification_min_score: 100,
    });
    return { test: made.body, task };
  }

  it("sends the worker back to the task, which now offers it", async () => {
    const buyer = await funded("Buyer", 500);
    const worker = await registerUser("Worker");
    const { test, task } = await taskNeedingTest(buyer);
    const blocked = await htmlOf(await getPage(taskPage(task.id), worker.cookie));
    const testPage = `/dashboard/tests/${test._id}?task=${task.id}`;
    expect(blocked).toContain(`href="${testPage.replace(/&/g, "&amp;")}"`);
    expect(blocked).not.toContain('name="intent" value="start"');

    const page = await htmlOf(await getPage(testPage, worker.cookie), true);
    expect(page).toContain("Back to the task");
    expect(page).toContain(`href="${taskPage(task.id)}"`);
    expect(page).toContain(`action="${testPage}"`);

    const answers = Object.fromEntries(test.questions.map((x) => [`answer-${x._id}`, String(x.answer)]));
    const graded = await postForm(testPage, answers, worker.cookie);
    expectRedirect(graded, taskPage(task.id), { title: "Your score: 100" });
    expect(flashOf(graded)?.message).toContain("Here is the task you took it for.");
    const offered = await htmlOf(await getPage(taskPage(task.id), worker.cookie));
    expect(offered).toContain('name="intent" value="start"');
  });

  it("without a task, or with anything but a task's id, goes to the tests as before", async () => {
    const buyer = await funded("Buyer", 500);
    const worker = await registerUser("Worker");
    const { test, task: real } = await taskNeedingTest(buyer);
    const answers = Object.fromEntries(test.questions.map((x) => [`answer-${x._id}`, String(x.answer)]));
    // a task's id leads back to it (retakes are allowed at once: retake_hours 0)…
    expectRedirect(
      await postForm(`/dashboard/tests/${test._id}?task=${real.id}`, answers, worker.cookie),
      taskPage(real.id),
    );
    // …anything else to the tests
    for (const task of ["", "../../withdraw", "x/../../../adminhome", "https://evil.example"]) {
      const path = `/dashboard/tests/${test._id}${task ? `?task=${q(task)}` : ""}`;
      // what the page shows (its words for every worker page travel with it, in its data: docs/decisions/097)
      expect(await textOf(await getPage(path, worker.cookie))).not.toContain("Back to the task");
      expectRedirect(await postForm(path, answers, worker.cookie), "/dashboard/tests");
    }
  });
});
