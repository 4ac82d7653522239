// Issue 45, item 1: a start whose time has run out is an open slot for everyone at once, before the Cron Trigger
// returns it (docs/decisions/073-a-lapsed-start-is-open-on-read.md). Issue 40, item 6: the rules hold for work already
// held: a block or a lost qualification ends the hold, and a closed task takes no slot back
// (docs/decisions/074-rules-hold-for-work-already-held.md). Starts "in the past" are the clock: their allowance has
// passed when the test reads, and nothing (no cron, no visit by the holder) has returned them.
import { describe, expect, it } from "vitest";
import { GetHITCommand, CreateHITCommand, UpdateExpirationForHITCommand } from "@aws-sdk/client-mturk";
import {
  appErrorOf,
  balance,
  env,
  expectBooksAgree,
  funded,
  getPage,
  holds,
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
  updateTaskAs,
  type TestUser,
} from "./fixtures";
import { hitInput, requester } from "./fixtures/mturk";
import { giveBackTask, startTask } from "~/server/services/slots.server";
import { blockWorker } from "~/server/services/blocks.server";
import { grantQualification, revokeQualification } from "~/server/services/qualifications.server";
import { categoryCounts } from "~/server/services/landing.server";

const MINUTE = 60_000;
/**
 * A completion day later than any other test's tasks (some are due in 2099), so that counts from it on are this
 * file's alone.
 */
const LATE_DAY = "2199-06-30";

/** The slots the task keeps as open in its column (what the Cron Trigger's returns change). */
const slotColumn = async (taskId: string) =>
  (await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", taskId))!.n;
const holdCount = async (taskId: string) =>
  (await row<{ n: number }>("SELECT COUNT(*) AS n FROM task_holds WHERE task_id = ?", taskId))!.n;
const lastNotice = async (userId: string) =>
  (await row<{ message: string }>(
    "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
    userId,
  ))!.message;

/** A worker starts the task `minutesAgo` minutes ago. */
const startedAgo = async (worker: TestUser, taskId: string, minutesAgo: number) =>
  startTask(env, await sessionUser(worker.id), taskId, Date.now() - minutesAgo * MINUTE);

describe("a start whose time has run out", () => {
  it("is an open slot for everyone at once: Task List, task page, REST and a third worker's start, with no cron run", async () => {
    const buyer = await funded("Buyer", 100);
    const [a, b, third, fourth] = [
      await registerUser("Worker"),
      await registerUser("Worker"),
      await registerUser("Worker"),
      await registerUser("Worker"),
    ];
    const tag = uniqueToken("lapse");
    const task = await taskOf(buyer, {
      task_title: `Sort ${tag} receipts`,
      required_workers: 2,
      payable_amount: 5,
      time_allowance_minutes: 5,
      completion_date: LATE_DAY,
    });
    // two 5-minute starts, made 10 and 6 minutes ago: both have run out, and nothing has returned them
    await startedAgo(a, task.id, 10);
    await startedAgo(b, task.id, 6);
    expect(await slotColumn(task.id)).toBe(0);
    expect(await holdCount(task.id)).toBe(2);

    // the Task List (its search too), the task page and the REST API read both slots as open
    const list = await textOf(await getPage(`/dashboard/tasklist?q=${tag}`, third.cookie));
    expect(list).toContain(`Sort ${tag} receipts`);
    const found = await rest<{ _id: string; required_workers: number }[]>("GET", `/tasks2?q=${tag}`, third.token);
    expect(found.body.map((t) => [t._id, t.required_workers])).toEqual([[task.id, 2]]);
    const one = await rest<{ required_workers: number }>("GET", `/tasks2?id=${task.id}`, third.token);
    expect(one.body.required_workers).toBe(2);
    const page = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, third.cookie));
    expect(page).toContain("2 slots open");
    expect(page).toContain("Start task");
    expect(page).not.toContain("No slots left on this task");
    const public_ = await getPage(`/browse/${task.id}`);
    expect(public_.status).toBe(200);
    await public_.arrayBuffer();
    // the categories' open positions, counted from this task's day on (no other test's task is due so late)
    const positions = async () =>
      (await categoryCounts(env, LATE_DAY)).find((c) => c.category === task.category)!.openPositions;
    expect(await positions()).toBe(2);

    // the third worker starts over REST; the start returns the run-out holds first, so one slot stays open
    const started = await rest("POST", "/task-starts", third.token, { task_id: task.id });
    expect(started.status).toBe(201);
    expect(await holdCount(task.id)).toBe(1);
    expect(await slotColumn(task.id)).toBe(1);
    expect(await positions()).toBe(1);
    const after = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, fourth.cookie));
    expect(after).toContain("1 slot open");
    // the holders were told, and their proof is refused
    expect(await lastNotice(a.id)).toContain("ran out");
    const late = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "late" }, b.cookie);
    expect(late.status).toBe(409);
    await expectBooksAgree([buyer.id, a.id, b.id, third.id]);
  });

  it("is not open while its time lasts, nor when the buyer raised the pay since (its return refunds the buyer)", async () => {
    const buyer = await funded("Buyer", 200);
    const [a, b, other] = [await registerUser("Worker"), await registerUser("Worker"), await registerUser("Worker")];
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 5, time_allowance_minutes: 30 });
    await startedAgo(b, task.id, 1); // still running
    await startedAgo(a, task.id, 40); // run out (started after b's start, whose start would have returned it)
    const page = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, other.cookie));
    expect(page).toContain("1 slot open");
    // a raise with a new slot: the run-out start's return would give its coins back to the buyer and close its slot,
    // so only the new slot is open
    await updateTaskAs(buyer, task.id, { required_workers: 1, payable_amount: 6 });
    const raised = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, other.cookie));
    expect(raised).toContain("1 slot open");
    const before = await balance(buyer.id);
    await startTask(env, await sessionUser(other.id), task.id);
    // the start returned the run-out hold first: its 5 coins went back to the buyer, no slot reopened
    expect(await balance(buyer.id)).toBe(before + 5);
    const none = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, a.cookie));
    expect(none).toContain("0 slots open");
    await expectBooksAgree([buyer.id, a.id, b.id]);
  });

  it("is open to the original client's one-step POST /submission too", async () => {
    const buyer = await funded("Buyer", 100);
    const [holder, sender] = [await registerUser("Worker"), await registerUser("Worker")];
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 3, time_allowance_minutes: 5 });
    await startedAgo(holder, task.id, 30);
    const sent = await rest("POST", "/submission", sender.token, { task_id: task.id, submission_details: "done" });
    expect(sent.status).toBe(201);
    expect(await holdCount(task.id)).toBe(0);
    expect(await slotColumn(task.id)).toBe(0);
    await expectBooksAgree([buyer.id, holder.id, sender.id]);
  });

  it("counts as available in the MTurk API's HIT before the Cron Trigger runs", async () => {
    const { user, mturk } = await requester(200);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const [a, b] = [await registerUser("Worker"), await registerUser("Worker")];
    await startedAgo(a, HIT!.HITId!, 120);
    const held = (await mturk.send(new GetHITCommand({ HITId: HIT!.HITId }))).HIT!;
    expect(held).toMatchObject({ NumberOfAssignmentsAvailable: 2, MaxAssignments: 2, HITStatus: "Assignable" });
    await startTask(env, await sessionUser(b.id), HIT!.HITId!);
    const one = (await mturk.send(new GetHITCommand({ HITId: HIT!.HITId }))).HIT!;
    expect(one).toMatchObject({ NumberOfAssignmentsAvailable: 1, MaxAssignments: 2 });
    expect(await holds([user.id, a.id, b.id])).toBe(true);
  });
});

describe("rules hold for work already held", () => {
  it("a worker blocked while holding a slot can no longer submit: the hold ends, the slot returns, they are told why", async () => {
    const buyer = await funded("Buyer", 100);
    const [worker, other] = [await registerUser("Worker"), await registerUser("Worker")];
    const task = await taskOf(buyer, { task_title: `Tag ${uniqueToken()}`, required_workers: 1, payable_amount: 7 });
    await startTask(env, await sessionUser(worker.id), task.id);
    const before = await balance(buyer.id);
    await blockWorker(env, await sessionUser(buyer.id), { workerId: worker.id, reason: "copied answers" });
    expect(await holdCount(task.id)).toBe(0);
    expect(await slotColumn(task.id)).toBe(1);
    expect(await balance(buyer.id)).toBe(before);
    expect(await lastNotice(worker.id)).toBe(
      `Your start on "${task.taskTitle}" ended and its slot went back to the task. This buyer's tasks are not open to you.`,
    );
    const sent = await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "x" });
    expect(sent.status).toBe(403);
    expect(await row("SELECT 1 FROM submissions WHERE task_id = ?", task.id)).toBeNull();
    await startTask(env, await sessionUser(other.id), task.id);
    await expectBooksAgree([buyer.id, worker.id, other.id]);
  });

  it("a worker who loses the task's qualification (revoked, or a lower score) can no longer submit; the slot returns", async () => {
    const buyer = await funded("Buyer", 100);
    const b = await sessionUser(buyer.id);
    const made = await rest<{ _id: string; name: string }>("POST", "/qualifications", buyer.token, {
      name: `Sorting ${uniqueToken()}`,
      description: "Sorts things.",
      retake_hours: 24,
      questions: [{ prompt: "Pick the verb.", choices: ["blue", "run"], answer: 2 }],
    });
    const q = made.body;
    const [revoked, lowered] = [await registerUser("Worker"), await registerUser("Worker")];
    for (const w of [revoked, lowered])
      await grantQualification(env, b, { qualificationId: q._id, workerId: w.id, score: 90 });
    const task = await taskOf(buyer, {
      task_title: `Sort ${uniqueToken()}`,
      required_workers: 2,
      payable_amount: 4,
      qualification_id: q._id,
      qualification_min_score: 80,
    });
    await startTask(env, await sessionUser(revoked.id), task.id);
    await startTask(env, await sessionUser(lowered.id), task.id);
    expect(await slotColumn(task.id)).toBe(0);

    await revokeQualification(env, b, { qualificationId: q._id, workerId: revoked.id });
    expect(await slotColumn(task.id)).toBe(1);
    expect(await lastNotice(revoked.id)).toBe(
      `Your start on "${task.taskTitle}" ended and its slot went back to the task. This task is for workers who hold the qualification “${q.name}” with a score of at least 80; you do not hold it.`,
    );
    const refused = await rest("POST", "/submission", revoked.token, { task_id: task.id, submission_details: "x" });
    expect(refused.status).toBe(403);

    // a score still high enough keeps the start; a lower one ends it
    await grantQualification(env, b, { qualificationId: q._id, workerId: lowered.id, score: 85 });
    expect(await holdCount(task.id)).toBe(1);
    await grantQualification(env, b, { qualificationId: q._id, workerId: lowered.id, score: 60 });
    expect(await holdCount(task.id)).toBe(0);
    expect(await slotColumn(task.id)).toBe(2);
    expect(await lastNotice(lowered.id)).toContain("your score is 60.");
    await expectBooksAgree([buyer.id, revoked.id, lowered.id]);
  });

  it("a task past its completion day takes no slot back: a give-back and a rejection refund the buyer", async () => {
    const buyer = await funded("Buyer", 100);
    const [holder, sender] = [await registerUser("Worker"), await registerUser("Worker")];
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 6 });
    await startTask(env, await sessionUser(holder.id), task.id);
    const sub = await submissionBy(sender, task.id);
    expect(await slotColumn(task.id)).toBe(0);
    // the task's day passes
    await env.DB.prepare("UPDATE tasks SET completion_date = '2020-01-01' WHERE id = ?").bind(task.id).run();
    const before = await balance(buyer.id);
    await giveBackTask(env, await sessionUser(holder.id), task.id);
    await rejectAs(buyer, sub.id, "not what was asked");
    expect(await slotColumn(task.id)).toBe(0);
    expect(await balance(buyer.id)).toBe(before + 12);
    await expectBooksAgree([buyer.id, holder.id, sender.id]);
  });

  it("an MTurk HIT expired by UpdateExpirationForHIT stays closed: its holds end, and a rejection refunds the requester", async () => {
    const { user, mturk } = await requester(200);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 3 })));
    const id = HIT!.HITId!;
    const [holder, sender] = [await registerUser("Worker"), await registerUser("Worker")];
    await startTask(env, await sessionUser(holder.id), id);
    const sub = await submissionBy(sender, id);
    expect(await balance(user.id)).toBe(170);
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: id, ExpireAt: new Date(0) }));
    // the open slot and the held one come back; the holder is told; the submission waits for review
    expect(await balance(user.id)).toBe(190);
    expect(await holdCount(id)).toBe(0);
    expect(await lastNotice(holder.id)).toContain("was closed before you sent your work");
    expect((await appErrorOf(startTask(env, await sessionUser(holder.id), id))).code).toBe("conflict");
    await rejectAs(user, sub.id, "not a cat");
    expect(await balance(user.id)).toBe(200);
    const closed = (await mturk.send(new GetHITCommand({ HITId: id }))).HIT!;
    expect(closed.NumberOfAssignmentsAvailable).toBe(0);
    expect(closed.HITStatus).not.toBe("Assignable");
    expect(closed.Expiration!.getTime()).toBeLessThan(Date.now());
    await expectBooksAgree([user.id, holder.id, sender.id]);
  });
});
