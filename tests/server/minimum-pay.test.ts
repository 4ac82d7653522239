// The minimum hourly pay on every task, whatever the door (docs/product/pay-per-hour.md, docs/decisions/094 and 095):
// Add and Update Task, a CSV batch and REST require a time estimate; a HIT (MTurk CreateHIT, through the real AWS
// SDK), which has none, is judged by the median time of its first five timed submissions: under the minimum it
// pauses, and the work sent is topped up to the minimum from its buyer's balance in the same batch.
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { CreateHITCommand, GetHITCommand, ListBonusPaymentsCommand } from "@aws-sdk/client-mturk";
import {
  balance,
  call,
  env,
  expectCountersAgree,
  funded,
  getPage,
  htmlOf,
  isoDay,
  jsPost,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  taskFields,
  taskInput,
  taskOf,
  textOf,
  timedSubmission,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { hitInput, requester } from "./fixtures/mturk";
import { startTask } from "~/server/services/slots.server";
import { createSubmission } from "~/server/services/submissions.server";
import { updateTask } from "~/server/services/tasks.server";
import { pausedNotice, topUpReason } from "~/server/services/pay-rate.server";
import { ESTIMATE_REQUIRED } from "~/lib/schemas/task";
import { ESTIMATE_REQUIRED_API } from "~/lib/schemas/api";
import { BATCH_COLUMNS } from "~/lib/task-batch";
import { fieldRuleWords } from "~/lib/task-fields";
import { belowJudgedMessage, DEFAULT_MIN_HOURLY_PAY_CENTS, TASK_PAUSED } from "~/lib/pay-rate";

const MINUTE = 60_000;
const MIN = DEFAULT_MIN_HOURLY_PAY_CENTS; // $6.00 an hour: 2 coins a minute at 20 coins a dollar

const liveTasks = async (buyerId: string) =>
  (await row<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE buyer_id = ? AND deleted_at IS NULL", buyerId))!.n;

/** Task fields without the estimate, as a form or client that does not send one. */
function withoutEstimate<T extends Record<string, unknown>>(fields: T) {
  const rest = { ...fields };
  delete rest.estimate_minutes;
  return rest;
}

describe("a time estimate on every door", () => {
  it("Add Task refuses a task without an estimate, with and without JavaScript, and charges nothing", async () => {
    const buyer = await funded("Buyer", 100);
    const title = `No estimate ${uniqueToken()}`;
    const fields = withoutEstimate(taskFields({ task_title: title }));
    const plain = await postForm("/dashboard/addtask", fields, buyer.cookie);
    expect(plain.status).toBe(422);
    expect(await htmlOf(plain, true)).toContain(ESTIMATE_REQUIRED);
    const scripted = await jsPost("/dashboard/addtask", fields, buyer.cookie);
    expect(scripted.text).toContain(ESTIMATE_REQUIRED);
    expect(await liveTasks(buyer.id)).toBe(0);
    expect(await balance(buyer.id)).toBe(100);
    // with one it posts, and keeps it
    const posted = await postForm("/dashboard/addtask", taskFields({ task_title: title }), buyer.cookie);
    expect(posted.status).toBe(302);
    expect(await row("SELECT estimate_minutes FROM tasks WHERE task_title = ?", title)).toEqual({
      estimate_minutes: 1,
    });
  });

  it("Update Task refuses a change without an estimate and changes nothing", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer);
    const fields = withoutEstimate(taskFields({ payable_amount: "6" }));
    const plain = await postForm(`/dashboard/updatetask/${task.id}`, fields, buyer.cookie);
    expect(plain.status).toBe(422);
    expect(await htmlOf(plain, true)).toContain(ESTIMATE_REQUIRED);
    expect(await row("SELECT payable_amount FROM tasks WHERE id = ?", task.id)).toEqual({ payable_amount: 5 });
  });

  it("REST POST and PUT /tasks refuse a body without estimate_minutes, naming the field", async () => {
    const buyer = await funded("Buyer", 100);
    const title = `No estimate ${uniqueToken()}`;
    const posted = await rest("POST", "/tasks", buyer.token, withoutEstimate(taskInput({ task_title: title })));
    expect(posted.status).toBe(422);
    expect(posted.body).toMatchObject({
      error: { code: "validation_failed", fields: { estimate_minutes: [ESTIMATE_REQUIRED_API] } },
    });
    expect(await liveTasks(buyer.id)).toBe(0);
    expect(await balance(buyer.id)).toBe(100);

    const task = await taskOf(buyer);
    const put = await rest(
      "PUT",
      `/tasks?id=${task.id}`,
      buyer.token,
      withoutEstimate(taskInput({ payable_amount: 6 })),
    );
    expect(put.status).toBe(422);
    expect(put.body).toMatchObject({ error: { fields: { estimate_minutes: [ESTIMATE_REQUIRED_API] } } });
    expect(await row("SELECT payable_amount FROM tasks WHERE id = ?", task.id)).toEqual({ payable_amount: 5 });
  });

  it("a CSV batch has the estimate column: a row without one is an error naming the field, and nothing is posted", async () => {
    const buyer = await funded("Buyer", 500);
    expect(BATCH_COLUMNS).toContain("estimate_minutes");
    const template = await call("/task-batches/template", { headers: { Authorization: `Bearer ${buyer.token}` } });
    expect(template.status).toBe(200);
    expect((await template.text()).split(/\r?\n/)[0]).toContain("estimate_minutes");

    const csv = (estimates: string[]) =>
      Papa.unparse({
        fields: [...BATCH_COLUMNS],
        data: estimates.map((estimate_minutes, i) => ({
          task_title: `Batch ${i + 1} ${uniqueToken()}`,
          task_detail: "Open the page and answer the question.",
          required_workers: "2",
          payable_amount: "10",
          completion_date: isoDay(10),
          submission_info: "The answer",
          category: "Translation",
          estimate_minutes,
        })),
      });
    const send = async (body: string) => {
      const res = await call(`/task-batches?request_key=${crypto.randomUUID()}`, {
        method: "POST",
        headers: { "Content-Type": "text/csv", Authorization: `Bearer ${buyer.token}` },
        body,
      });
      return { status: res.status, body: (await res.json()) as { error?: { fields?: Record<string, string[]> } } };
    };
    const missing = await send(csv(["5", ""]));
    expect(missing.status).toBe(422);
    expect(missing.body.error!.fields).toEqual({ "row 2.estimate_minutes": [fieldRuleWords("estimate_minutes")] });
    expect(await liveTasks(buyer.id)).toBe(0);
    expect(await balance(buyer.id)).toBe(500);

    const posted = await send(csv(["5", "4"]));
    expect(posted.status).toBe(201);
    const kept = await env.DB.prepare(
      "SELECT estimate_minutes FROM tasks WHERE buyer_id = ? AND deleted_at IS NULL ORDER BY estimate_minutes",
    )
      .bind(buyer.id)
      .all<{ estimate_minutes: number }>();
    expect(kept.results.map((r) => r.estimate_minutes)).toEqual([4, 5]);
  });
});

const judgement = (id: string) =>
  row<{ judged_minutes: number | null; paused_at: number | null; estimate_minutes: number | null }>(
    "SELECT judged_minutes, paused_at, estimate_minutes FROM tasks WHERE id = ?",
    id,
  );
const topUpsOf = async (taskId: string) =>
  (
    await env.DB.prepare(
      `SELECT b.worker_id, b.coins, b.reason FROM bonuses b JOIN submissions s ON s.id = b.submission_id
        WHERE s.task_id = ? AND b.top_up = 1 ORDER BY b.worker_id`,
    )
      .bind(taskId)
      .all<{ worker_id: string; coins: number; reason: string }>()
  ).results;
const messagesTo = async (userId: string) =>
  (
    await env.DB.prepare("SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at, rowid")
      .bind(userId)
      .all<{ message: string }>()
  ).results.map((n) => n.message);

/** A HIT by CreateHIT (no estimate): `coins` a worker, `workers` assignments, a two-hour hold. */
async function hitOf(funds: number, coins: number, workers: number) {
  const r = await requester(funds);
  const { HIT } = await r.mturk.send(
    new CreateHITCommand(
      hitInput({
        Reward: (coins / 20).toFixed(2),
        MaxAssignments: workers,
        AssignmentDurationInSeconds: 2 * 3600,
      }),
    ),
  );
  return { ...r, id: HIT!.HITId!, title: HIT!.Title! };
}

describe("a HIT judged by its first five timed submissions", () => {
  it("CreateHIT posts a task without an estimate, shown to workers as being measured", async () => {
    const { id } = await hitOf(500, 10, 6);
    expect(await judgement(id)).toEqual({ judged_minutes: null, paused_at: null, estimate_minutes: null });
    const viewer = await registerUser("Worker");
    const wire = await rest<Record<string, unknown>>("GET", `/tasks2?id=${id}`, viewer.token);
    expect(wire.body).toMatchObject({ estimate_minutes: null, pay_per_hour_cents: null, paused: false });
    // what the page shows (the words of every worker page travel with it in its data: docs/decisions/097)
    const page = await textOf(await getPage(`/dashboard/tasklist/${id}`, viewer.cookie));
    expect(page).toContain("Being measured");
    expect(page).not.toContain("No time estimate");
    // and its card on the Task List
    const { title } = (await row<{ title: string }>("SELECT task_title AS title FROM tasks WHERE id = ?", id))!;
    const list = await htmlOf(await getPage(`/dashboard/tasklist?q=${encodeURIComponent(title)}`, viewer.cookie), true);
    expect(list).toContain(title);
    // a card's rate carries its term only while there is no figure to say it (decision 113)
    expect(list).toMatch(/data-testid="pay-rate"[^>]*>Pay per hour: Being measured</);
    expect(list).not.toContain("No time estimate");
  });

  it("under the minimum at the median, it pauses, and the five are topped up from the buyer's balance in one batch", async () => {
    // 10 coins ($0.50) a worker; the median of 10, 20, 30, 40 and 50 minutes is 30, whose least pay is 60 coins
    const { id, title, user: buyer, mturk } = await hitOf(1_000, 10, 8);
    const sent: { worker: TestUser; start: number }[] = [];
    for (const minutes of [50, 10, 40, 20]) sent.push(await timedSubmission(id, minutes));
    // a worker who starts before the judgement may still send after the pause
    const late = await registerUser("Worker", `Late ${uniqueToken()}`);
    const lateStart = await balance(late.id);
    await startTask(env, await sessionUser(late.id), id, Date.now() - 45 * MINUTE);
    expect(await judgement(id)).toMatchObject({ judged_minutes: null, paused_at: null });
    expect(await topUpsOf(id)).toEqual([]);
    const before = await balance(buyer.id);

    sent.push(await timedSubmission(id, 30));
    const judged = await judgement(id);
    expect(judged?.judged_minutes).toBe(30);
    expect(judged?.paused_at).not.toBeNull();
    // 60 - 10 coins to each of the five, from the buyer's balance
    const reason = topUpReason(title, MIN);
    expect(await topUpsOf(id)).toEqual(
      sent
        .map(({ worker }) => ({ worker_id: worker.id, coins: 50, reason }))
        .sort((a, b) => a.worker_id.localeCompare(b.worker_id)),
    );
    expect(await balance(buyer.id)).toBe(before - 250);
    for (const { worker, start } of sent) {
      // the 10 coins escrowed come on approval; the top-up is paid now
      expect(await balance(worker.id)).toBe(start + 50);
      expect(await messagesTo(worker.id)).toContain(reason);
    }
    expect(await messagesTo(buyer.id)).toContain(pausedNotice(title, MIN));

    // paused: no new start, out of the open list, shown so by REST and MTurk
    const newcomer = await registerUser("Worker");
    await expect(startTask(env, await sessionUser(newcomer.id), id)).rejects.toThrow(TASK_PAUSED);
    expect((await rest<Record<string, unknown>>("GET", `/tasks2?id=${id}`, newcomer.token)).body).toMatchObject({
      paused: true,
    });
    const open = await rest<{ tasks: { _id: string }[] }>("GET", "/tasks2", newcomer.token);
    expect(JSON.stringify(open.body)).not.toContain(id);
    // not Assignable: Unassignable while the late worker holds an assignment
    expect((await mturk.send(new GetHITCommand({ HITId: id }))).HIT?.HITStatus).toBe("Unassignable");
    // the requester's script sees the top-ups as bonuses: 50 coins is $2.50
    const bonuses = await mturk.send(new ListBonusPaymentsCommand({ HITId: id }));
    expect(bonuses.BonusPayments?.map((b) => b.BonusAmount)).toEqual(Array(5).fill("2.50"));
    expect(await htmlOf(await getPage(`/dashboard/mytasks`, buyer.cookie), true)).toContain(
      "It takes no new starts until it pays at least 60 coins per worker.",
    );

    // the worker who held a slot sends their work, topped up too
    await createSubmission(env, await sessionUser(late.id), {
      task_id: id,
      submission_details: "done",
      submission_image_url: "",
    });
    expect(await balance(late.id)).toBe(lateStart + 50);
    expect(await balance(buyer.id)).toBe(before - 300);

    // a pay under the minimum at the judged time is refused; one that meets it reopens the task
    const owner = await sessionUser(buyer.id);
    const asIs = { ...taskInput({ task_title: title, required_workers: 2 }), estimate_minutes: null };
    await expect(
      updateTask(env, owner, id, { ...asIs, payable_amount: 59 } as Parameters<typeof updateTask>[3]),
    ).rejects.toThrow(belowJudgedMessage(30, MIN));
    expect((await judgement(id))?.paused_at).not.toBeNull();
    await updateTask(env, owner, id, { ...asIs, payable_amount: 60 } as Parameters<typeof updateTask>[3]);
    expect((await judgement(id))?.paused_at).toBeNull();
    await startTask(env, await sessionUser(newcomer.id), id);
    // work at the new pay needs no top-up
    await createSubmission(env, await sessionUser(newcomer.id), {
      task_id: id,
      submission_details: "done",
      submission_image_url: "",
    });
    expect((await topUpsOf(id)).map((t) => t.worker_id)).not.toContain(newcomer.id);
    await expectCountersAgree();
  });

  it("what the buyer's balance lacks for the top-ups is advanced and owed", async () => {
    // 5 x 10 coins escrowed leaves 10 in the balance; five top-ups of 50 coins need 250
    const { id, user: buyer } = await hitOf(60, 10, 5);
    expect(await balance(buyer.id)).toBe(10);
    for (const minutes of [30, 30, 30, 30, 30]) await timedSubmission(id, minutes);
    expect((await topUpsOf(id)).map((t) => t.coins)).toEqual([50, 50, 50, 50, 50]);
    expect(await balance(buyer.id)).toBe(0);
    expect(await row("SELECT debt_coins FROM users WHERE id = ?", buyer.id)).toEqual({ debt_coins: 240 });
    await expectCountersAgree();
  });

  it("Update Task keeps a HIT's time measured: the estimate stays empty unless its buyer gives one", async () => {
    // 60 coins ($3.00) for a median of 1 minute: judged, and over the minimum
    const { id, title, user: buyer } = await hitOf(1_000, 60, 8);
    for (const minutes of [1, 1, 1, 1, 1]) await timedSubmission(id, minutes);
    expect(await row("SELECT judged_minutes, estimate_minutes FROM tasks WHERE id = ?", id)).toEqual({
      judged_minutes: 1,
      estimate_minutes: null,
    });
    // the form offers no estimate (not the judged minute as one) and says why the field may stay empty
    const page = await htmlOf(await getPage(`/dashboard/updatetask/${id}`, buyer.cookie), true);
    expect(page).toContain("This task has no time estimate: its time is measured from the work sent on it.");
    expect(page).not.toMatch(/<input[^>]*name="estimate_minutes"[^>]*value=/);
    const fields = { task_title: title, required_workers: "3", payable_amount: "60" };
    const saved = await postForm(`/dashboard/updatetask/${id}`, withoutEstimate(taskFields(fields)), buyer.cookie);
    expect(saved.status).toBe(302);
    expect(await row("SELECT estimate_minutes, payable_amount FROM tasks WHERE id = ?", id)).toEqual({
      estimate_minutes: null,
      payable_amount: 60,
    });
    // a figure makes it an estimated task, held to the minimum at that estimate
    const estimated = await postForm(
      `/dashboard/updatetask/${id}`,
      taskFields({ ...fields, estimate_minutes: "20" }),
      buyer.cookie,
    );
    expect(estimated.status).toBe(302);
    expect(await row("SELECT estimate_minutes FROM tasks WHERE id = ?", id)).toEqual({ estimate_minutes: 20 });
    // a task that has an estimate keeps needing one
    const refused = await postForm(`/dashboard/updatetask/${id}`, withoutEstimate(taskFields(fields)), buyer.cookie);
    expect(refused.status).toBe(422);
    expect(await htmlOf(refused, true)).toContain(ESTIMATE_REQUIRED);
  });

  it("a HIT that pays the minimum at the median stays open, and a task with an estimate is never judged", async () => {
    // 60 coins ($3.00) for a median of 30 minutes meets $6.00 an hour
    const { id, user: buyer } = await hitOf(1_000, 60, 5);
    const before = await balance(buyer.id);
    for (const minutes of [10, 20, 30, 40, 50]) await timedSubmission(id, minutes);
    expect(await judgement(id)).toMatchObject({ judged_minutes: 30, paused_at: null });
    expect(await topUpsOf(id)).toEqual([]);
    expect(await balance(buyer.id)).toBe(before);

    const estimated = await taskOf(await funded("Buyer", 500), {
      required_workers: 5,
      payable_amount: 10,
      estimate_minutes: 5,
    });
    for (const minutes of [30, 30, 30, 30, 30]) await timedSubmission(estimated.id, minutes);
    expect(await judgement(estimated.id)).toMatchObject({ judged_minutes: null, paused_at: null });
    expect(await topUpsOf(estimated.id)).toEqual([]);
  });
});
