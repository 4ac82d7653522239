// Time and pay per hour, the minimum hourly pay, and buyers' reputations (docs/product/pay-per-hour.md,
// docs/product/buyer-reputation.md): through the services, the pages and the REST API, on real local D1.
import { describe, expect, it } from "vitest";
import {
  env,
  expectCountersAgree,
  funded,
  getPage,
  htmlOf,
  jsPost,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  taskFields,
  taskInput,
  taskOf,
  timedSubmission,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { approveSubmission, rejectSubmission } from "~/server/services/submissions.server";
import { listOpenTasks, postTask, updateTask } from "~/server/services/tasks.server";
import { decideAppeal, fileAppeal } from "~/server/services/appeals.server";
import { reputationOf, reputationsOf } from "~/server/services/buyer-reputation.server";
import { belowMinimumNotice } from "~/server/services/pay-rate.server";
import { belowMinimumMessage, DEFAULT_MIN_HOURLY_PAY_CENTS } from "~/lib/pay-rate";

const MIN = DEFAULT_MIN_HOURLY_PAY_CENTS; // the test Worker runs with wrangler.toml's default

const taskRow = (id: string) =>
  row<{ measured_minutes: number | null; timed_submissions: number; cents_per_hour: number | null }>(
    "SELECT measured_minutes, timed_submissions, cents_per_hour FROM tasks WHERE id = ?",
    id,
  );
const noticesTo = async (userId: string) =>
  (
    await env.DB.prepare("SELECT message, action_route FROM notifications WHERE user_id = ? ORDER BY created_at, rowid")
      .bind(userId)
      .all<{ message: string; action_route: string }>()
  ).results;
const openTask = async (worker: TestUser, id: string) =>
  (await rest<Record<string, unknown>>("GET", `/tasks2?id=${id}`, worker.token)).body;

describe("time and pay per hour", () => {
  it("shows the estimate until three timed submissions, then their median; a median under the minimum marks the task and tells its buyer once", async () => {
    const buyer = await funded("Buyer", 500, "Rate Buyer");
    const viewer = await registerUser("Worker");
    // 30 coins for an estimated 10 minutes: $1.50 for a sixth of an hour, $9.00 an hour
    const task = await taskOf(buyer, { required_workers: 6, payable_amount: 30, estimate_minutes: 10 });
    expect(await openTask(viewer, task.id)).toMatchObject({
      estimate_minutes: 10,
      measured_minutes: null,
      pay_per_hour_cents: 900,
      below_minimum: false,
    });

    await timedSubmission(task.id, 20);
    await timedSubmission(task.id, 50);
    expect(await taskRow(task.id)).toEqual({ measured_minutes: null, timed_submissions: 2, cents_per_hour: 900 });
    expect((await noticesTo(buyer.id)).map((n) => n.message)).not.toContain(belowMinimumNotice(task.taskTitle, MIN));

    // the third: 20, 30, 50 minutes, median 30: 30 coins per half hour is $3.00 an hour, under the minimum
    await timedSubmission(task.id, 30);
    expect(await taskRow(task.id)).toEqual({ measured_minutes: 30, timed_submissions: 3, cents_per_hour: 300 });
    expect(await openTask(viewer, task.id)).toMatchObject({
      estimate_minutes: 10,
      measured_minutes: 30,
      pay_per_hour_cents: 300,
      below_minimum: true,
    });
    const told = (await noticesTo(buyer.id)).filter((n) => n.message === belowMinimumNotice(task.taskTitle, MIN));
    expect(told).toEqual([{ message: belowMinimumNotice(task.taskTitle, MIN), action_route: "/dashboard/mytasks" }]);

    // the fourth (20, 30, 40, 50: median 35) keeps it under the minimum, and the buyer is not told again
    await timedSubmission(task.id, 40);
    expect((await taskRow(task.id))?.measured_minutes).toBe(35);
    expect(
      (await noticesTo(buyer.id)).filter((n) => n.message === belowMinimumNotice(task.taskTitle, MIN)),
    ).toHaveLength(1);

    // the worker's task page marks it
    const page = await htmlOf(await getPage(`/dashboard/tasklist/${task.id}`, viewer.cookie), true);
    expect(page).toContain("Pays below the minimum");
    expect(page).toContain("measured median 35 minutes");
    await expectCountersAgree();
  });

  it("raising the pay of a task under the minimum charges the difference for its open slots", async () => {
    const buyer = await funded("Buyer", 500, "Raise Buyer");
    const task = await taskOf(buyer, { required_workers: 5, payable_amount: 10, estimate_minutes: 5 });
    for (const minutes of [15, 20, 25]) await timedSubmission(task.id, minutes);
    // median 20 minutes at 10 coins: $1.50 an hour; the least pay for 20 minutes is 40 coins
    expect((await taskRow(task.id))?.cents_per_hour).toBe(150);
    const before = (await row<{ coin: number }>("SELECT coin FROM users WHERE id = ?", buyer.id))!.coin;
    const updatePage = await htmlOf(await getPage(`/dashboard/updatetask/${task.id}`, buyer.cookie), true);
    expect(updatePage).toContain("Pay at least 40 coins per worker to meet it");

    const { charged, task: raised } = await updateTask(env, await sessionUser(buyer.id), task.id, {
      ...taskInput(),
      required_workers: 2,
      payable_amount: 40,
    } as Parameters<typeof updateTask>[3]);
    // 2 open slots x 40 - 2 x 10
    expect(charged).toBe(60);
    expect((await row<{ coin: number }>("SELECT coin FROM users WHERE id = ?", buyer.id))!.coin).toBe(before - 60);
    expect(raised.centsPerHour).toBe(600);
    expect(raised.belowMinimumToldAt).toBeNull();
    await expectCountersAgree();
  });

  it("refuses a task whose pay at its estimate is under the minimum, saying the least pay, on the page and by REST; nothing is charged", async () => {
    const buyer = await funded("Buyer", 200, "Low Buyer");
    const message = belowMinimumMessage(30, MIN);
    expect(message).toBe("The minimum pay is $6.00/hour: a task of 30 minutes must pay at least 60 coins per worker.");
    const title = `Too cheap ${uniqueToken()}`;

    const api = await rest("POST", "/tasks", buyer.token, {
      ...taskInput({ task_title: title }),
      payable_amount: 59,
      estimate_minutes: 30,
    });
    expect(api.status).toBe(422);
    expect(api.body).toEqual({ error: { code: "validation_failed", message, fields: { payable_amount: [message] } } });

    const fields = taskFields({ task_title: title, payable_amount: "59", estimate_minutes: "30" });
    const scripted = await jsPost("/dashboard/addtask", fields, buyer.cookie);
    expect(scripted.text).toContain(message);
    const plain = await postForm("/dashboard/addtask", fields, buyer.cookie);
    expect(plain.status).toBe(422);
    expect(await htmlOf(plain, true)).toContain(message);

    expect(await row("SELECT id FROM tasks WHERE task_title = ?", title)).toBeNull();
    expect((await row<{ coin: number }>("SELECT coin FROM users WHERE id = ?", buyer.id))!.coin).toBe(200);

    // 60 coins meets it; an update that lowers it again is refused the same way
    const posted = await rest<{ _id: string; pay_per_hour_cents: number }>("POST", "/tasks", buyer.token, {
      ...taskInput({ task_title: title, required_workers: 1 }),
      payable_amount: 60,
      estimate_minutes: 30,
    });
    expect(posted.status).toBe(201);
    expect(posted.body.pay_per_hour_cents).toBe(600);
    const lowered = await rest("PUT", `/tasks?id=${posted.body._id}`, buyer.token, {
      ...taskInput({ task_title: title, required_workers: 1 }),
      payable_amount: 40,
      estimate_minutes: 30,
    });
    expect(lowered.status).toBe(422);
    expect(lowered.body).toMatchObject({ error: { message } });
    // an estimate out of range is a field error
    const odd = await rest("POST", "/tasks", buyer.token, { ...taskInput(), estimate_minutes: 0 });
    expect(odd.status).toBe(422);
    expect(JSON.stringify(odd.body)).toContain("The time estimate is 1 to 480 minutes");
  });

  it("sorts and filters the task list by pay per hour, page by page without repeats", async () => {
    const buyer = await funded("Buyer", 600, "Sort Buyer");
    const worker = await registerUser("Worker");
    const category = "Survey & Feedback";
    const word = uniqueToken("rate");
    // per hour: 60 coins / 5 min = $36, 60 / 10 = $18, 60 / 20 = $9, 60 / 30 = $6, and one without an estimate
    const made: Record<string, number | null> = {};
    for (const minutes of [10, 30, 5, 20, null]) {
      const t = await taskOf(buyer, {
        task_title: `${word} ${minutes ?? "none"}`,
        category,
        required_workers: 1,
        payable_amount: 60,
        estimate_minutes: minutes ?? undefined,
      });
      made[t.id] = t.centsPerHour;
    }
    const seen: (number | null)[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await listOpenTasks(env, { q: word, sort: "rate", page, limit: 2, workerId: worker.id });
      expect(p.total).toBe(5);
      seen.push(...p.items.map((t) => t.centsPerHour));
    }
    expect(seen).toEqual([3600, 1800, 900, 600, null]);

    const at10 = await listOpenTasks(env, { q: word, sort: "rate", minCentsPerHour: 1000, workerId: worker.id });
    expect(at10.items.map((t) => t.centsPerHour)).toEqual([3600, 1800]);
    expect(at10.total).toBe(2);
    // by REST, in whole dollars
    const api = await rest<{ pay_per_hour_cents: number }[]>(
      "GET",
      `/tasks2?q=${word}&sort=rate&min_hourly=9`,
      worker.token,
    );
    expect(api.body.map((t) => t.pay_per_hour_cents)).toEqual([3600, 1800, 900]);
    // the page, without JavaScript: the filter is a plain GET form
    const page = await htmlOf(
      await getPage(`/dashboard/tasklist?q=${word}&sort=rate&min_hourly=10`, worker.cookie),
      true,
    );
    expect(page).toContain("$36.00/hour");
    expect(page).toContain("$18.00/hour");
    expect(page).not.toContain("$9.00/hour");
    expect(page).toContain("2 open tasks match your filters");
  });
});

describe("buyer reputation", () => {
  it("a task list page of tasks from seven buyers shows each buyer's record", async () => {
    const word = `Zyx${uniqueToken()
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 8)}`;
    for (let i = 0; i < 7; i++) {
      const buyer = await sessionUser((await registerUser("Buyer", `Buyer ${i} ${uniqueToken()}`)).id);
      await postTask(
        env,
        buyer,
        taskInput({ task_title: `${word} task ${i}`, required_workers: 1, payable_amount: 5 }),
      );
    }
    const worker = await registerUser("Worker");
    const page = await getPage(`/dashboard/tasklist?q=${word}`, worker.cookie);
    expect(page.status).toBe(200);
    // each card carries its buyer's record on one line, in the link to the buyer's page (none of these buyers has
    // decided anything yet)
    expect(
      (await htmlOf(page)).match(
        /<a class="buyer" href="\/buyers\/[^"]+"[^>]*>[^<]+<span class="record" data-testid="buyer-record">No reviews yet<\/span><\/a>/g,
      ),
    ).toHaveLength(7);
  });

  async function reviewedBuyer() {
    const buyer = await funded("Buyer", 400, `Rep ${uniqueToken()}`);
    const task = await taskOf(buyer, { required_workers: 6, payable_amount: 5, estimate_minutes: 2 });
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push(await timedSubmission(task.id, 3));
    return { buyer, task, subs };
  }

  it("counts approvals, rejections and appeals lost as they happen, on the page, the task page and by REST", async () => {
    const { buyer, task, subs } = await reviewedBuyer();
    const b = await sessionUser(buyer.id);
    const fresh = await reputationOf(env, buyer.id);
    expect(fresh).toMatchObject({
      approvalRateRecent: null,
      approvalRateAllTime: null,
      medianReviewMinutes: null,
      appealsLost: 0,
      tasksPosted: 1,
      coinsPaid: 0,
    });

    await approveSubmission(env, b, subs[0]!.sub.id);
    await approveSubmission(env, b, subs[1]!.sub.id);
    await approveSubmission(env, b, subs[2]!.sub.id);
    await rejectSubmission(env, b, subs[3]!.sub.id, "The screenshot is not of this task.");
    await rejectSubmission(env, b, subs[4]!.sub.id, "The screenshot is not of this task.");
    expect(await reputationOf(env, buyer.id)).toMatchObject({
      approvalRateRecent: 60,
      approvalRateAllTime: 60,
      decidedAllTime: 5,
      medianReviewMinutes: 0,
      appealsLost: 0,
      coinsPaid: 15,
    });

    // an admin overturns one rejection: an appeal lost, and 4 of 5 approved
    const admin = await registerUser("Worker", "Rep Admin");
    await env.DB.prepare("UPDATE users SET role = 'Admin' WHERE id = ?").bind(admin.id).run();
    const appeal = await fileAppeal(
      env,
      await sessionUser(subs[3]!.worker.id),
      subs[3]!.sub.id,
      "I did the task as asked, here it is.",
    );
    await decideAppeal(env, await sessionUser(admin.id), appeal.id, "overturn");
    // a rejection decided 200 days ago counts all time only
    await env.DB.prepare("UPDATE submissions SET reviewed_at = ? WHERE id = ?")
      .bind(Date.now() - 200 * 86_400_000, subs[4]!.sub.id)
      .run();
    expect(await reputationOf(env, buyer.id)).toMatchObject({
      approvalRateRecent: 100,
      decidedRecent: 4,
      approvalRateAllTime: 80,
      appealsLost: 1,
      tasksPosted: 1,
      coinsPaid: 20,
    });
    await expectCountersAgree();

    const api = await rest<Record<string, unknown>>("GET", `/buyer-reputation?id=${buyer.id}`);
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({
      _id: buyer.id,
      approval_rate_90_days: 100,
      approval_rate_all_time: 80,
      appeals_lost: 1,
      tasks_posted: 1,
      coins_paid: 20,
    });
    const page = await getPage(`/buyers/${buyer.id}`);
    expect(page.status).toBe(200);
    const html = await htmlOf(page, true);
    expect(html).toContain("Approval (90 days)");
    expect(html).toMatch(/Approval \(all time\)<\/dt><dd[^>]*>80%/);
    const worker = await registerUser("Worker");
    const taskPage = await htmlOf(await getPage(`/dashboard/tasklist/${task.id}`, worker.cookie), true);
    expect(taskPage).toMatch(/Appeals lost<\/dt><dd[^>]*>1</);
    // the Task List's card: the all-time rate and the median time to review (kept figures), in one line
    const list = await htmlOf(
      await getPage(`/dashboard/tasklist?q=${encodeURIComponent(task.taskTitle)}`, worker.cookie),
      true,
    );
    expect(list).toContain("80% approved · reviews in under a minute");
    expect((await getPage(`/buyers/${worker.id}`)).status).toBe(404);
  });

  it("gives each buyer's median time to review, the lower middle of their latest decisions", async () => {
    // minutes from submission to decision: the lower middle is 20 of four, 15 of three
    const buyers: string[] = [];
    for (const waits of [
      [40, 10, 30, 20],
      [5, 50, 15],
    ]) {
      const { buyer, subs } = await reviewedBuyer();
      const b = await sessionUser(buyer.id);
      for (const [i, minutes] of waits.entries()) {
        await approveSubmission(env, b, subs[i]!.sub.id);
        await env.DB.prepare("UPDATE submissions SET reviewed_at = created_at + ? WHERE id = ?")
          .bind(minutes * 60_000, subs[i]!.sub.id)
          .run();
      }
      buyers.push(buyer.id);
    }
    const [first, second] = buyers;
    const reputations = await reputationsOf(env, buyers);
    expect(reputations.get(first!)?.medianReviewMinutes).toBe(20);
    expect(reputations.get(second!)?.medianReviewMinutes).toBe(15);
  });

  it("filters out buyers under a chosen approval rate, page by page", async () => {
    const word = uniqueToken("appr");
    const worker = await registerUser("Worker");
    const good = await funded("Buyer", 500, "Good Buyer");
    const poor = await funded("Buyer", 500, "Poor Buyer");
    for (const [buyer, approve] of [
      [good, true],
      [poor, false],
    ] as const) {
      const t = await taskOf(buyer, { task_title: `${word} decided`, required_workers: 2, payable_amount: 5 });
      const { sub } = await timedSubmission(t.id, 2);
      const b = await sessionUser(buyer.id);
      if (approve) await approveSubmission(env, b, sub.id);
      else await rejectSubmission(env, b, sub.id, "Not what the task asked for.");
      for (let i = 0; i < 2; i++)
        await taskOf(buyer, { task_title: `${word} open ${i}`, required_workers: 1, payable_amount: 5 });
    }
    const fresh = await funded("Buyer", 100, "New Buyer");
    await taskOf(fresh, { task_title: `${word} new`, required_workers: 1, payable_amount: 5 });

    const all = await listOpenTasks(env, { q: word, workerId: worker.id, limit: 100 });
    expect(all.total).toBe(7);
    const ids: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await listOpenTasks(env, { q: word, minApproval: 90, page, limit: 2, workerId: worker.id });
      expect(p.total).toBe(4);
      ids.push(...p.items.map((t) => t.buyerId));
    }
    // the poor buyer's tasks are left out; a buyer with no decision yet stays in
    expect(ids).toHaveLength(4);
    expect(new Set(ids)).toEqual(new Set([good.id, fresh.id]));
    const api = await rest<unknown[]>("GET", `/tasks2?q=${word}&min_approval=90`, worker.token);
    expect(api.body).toHaveLength(4);
  });
});
