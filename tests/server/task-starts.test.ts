// Start before work (docs/decisions/034-a-start-holds-a-slot.md): a start holds a slot for the task's time
// allowance; proof is sent from the held slot (the REST API's POST /submission may start and submit in one step);
// giving back and running out of time return the slot; every counter and the ledger stay right on each path.
import { describe, expect, it } from "vitest";
import {
  appErrorOf,
  balance,
  env,
  expectBooksAgree,
  expectCountersAgree,
  expectError,
  funded,
  getPage,
  holds,
  makeAdmin,
  postForm,
  registerUser,
  rest,
  rejectAs,
  row,
  sessionUser,
  startOnPage,
  submissionBy,
  taskFields,
  taskOf,
  textOf,
  updateTaskAs,
  withFlash,
} from "./fixtures";
import { giveBackTask, releaseExpiredHolds, startTask } from "~/server/services/slots.server";
import { deleteTask } from "~/server/services/tasks.server";

const openSlots = async (taskId: string) =>
  (await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", taskId))!.n;
const holdOf = (taskId: string, workerId: string) =>
  row<{ payable_amount: number; started_at: number; expires_at: number }>(
    "SELECT payable_amount, started_at, expires_at FROM task_holds WHERE task_id = ? AND worker_id = ?",
    taskId,
    workerId,
  );
/** Moves a hold's end into the past, as if its time had run out. */
const runOut = (taskId: string, workerId: string) =>
  env.DB.prepare("UPDATE task_holds SET expires_at = started_at + 1 WHERE task_id = ? AND worker_id = ?")
    .bind(taskId, workerId)
    .run();

describe("starting a task", () => {
  it("holds one slot for the task's time allowance, escrowed at its pay; the ledger and counters agree", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 7, time_allowance_minutes: 30 });
    const before = Date.now();
    const hold = await startTask(env, await sessionUser(worker.id), task.id);
    expect(await openSlots(task.id)).toBe(1);
    expect(hold.heldPay).toBe(7);
    expect(hold.expiresAt - hold.startedAt).toBe(30 * 60_000);
    expect(hold.startedAt).toBeGreaterThanOrEqual(before);
    // starting again answers the same hold and takes no other slot
    const again = await startTask(env, await sessionUser(worker.id), task.id);
    expect(again.startedAt).toBe(hold.startedAt);
    expect(await openSlots(task.id)).toBe(1);
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("two starts of one worker in the same millisecond (a double tap) hold one slot and take one", async () => {
    const buyer = await funded("Buyer", 200);
    const worker = await sessionUser((await registerUser("Worker")).id);
    // ten tasks, each started twice at once with the same clock: a start's batch once took a slot whenever a hold of
    // the worker, task and millisecond existed, so the second took a slot for the first's hold
    const tasks = await Promise.all(
      Array.from({ length: 10 }, () => taskOf(buyer, { required_workers: 3, payable_amount: 5 })),
    );
    const now = Date.now();
    await Promise.all(tasks.flatMap((t) => [startTask(env, worker, t.id, now), startTask(env, worker, t.id, now)]));
    for (const t of tasks) {
      expect(await openSlots(t.id), t.id).toBe(2);
      expect((await holdOf(t.id, worker.id))?.started_at).toBe(now);
    }
    await expectBooksAgree([buyer.id, worker.id]);
    await expectCountersAgree();
  });

  it("is refused without a free slot, on one's own task, and after sending work for it", async () => {
    const buyer = await funded("Buyer", 100);
    const [a, b] = [await registerUser("Worker"), await registerUser("Worker")];
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 5 });
    await startTask(env, await sessionUser(a.id), task.id);
    expect((await appErrorOf(startTask(env, await sessionUser(b.id), task.id))).message).toBe(
      "No slots left on this task.",
    );
    await submissionBy(a, (await taskOf(buyer, { required_workers: 2, payable_amount: 2 })).id);
    const own = await appErrorOf(startTask(env, await sessionUser(buyer.id), task.id));
    expect(own.code).toBe("forbidden");
  });

  it("a page needs a start before the proof; the page's Start task and its flash work without JavaScript", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 4, time_allowance_minutes: 45 });
    const page = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, worker.cookie));
    expect(page).toContain("Start task");
    expect(page).toContain("45 minutes");
    const refused = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "done" }, worker.cookie);
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain("Start the task before you send your work.");
    expect(await openSlots(task.id)).toBe(2);
    const started = await startOnPage(task.id, worker.cookie);
    const landed = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, withFlash(worker.cookie, started)));
    expect(landed).toContain("Task started");
    expect(landed).toMatch(/4\d minutes left/);
    expect(landed).toContain("Give the task back");
    expect(landed).toContain("Submit Task");
    const sent = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "done" }, worker.cookie);
    expect(sent.status).toBe(302);
    const s = await row<{ payable_amount: number; started_at: number | null }>(
      "SELECT payable_amount, started_at FROM submissions WHERE task_id = ? AND worker_id = ?",
      task.id,
      worker.id,
    );
    const hold = await holdOf(task.id, worker.id);
    expect(hold).toBeNull();
    expect(s?.payable_amount).toBe(4);
    expect(s?.started_at).toBeTypeOf("number");
    expect(await openSlots(task.id)).toBe(1);
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("REST: POST /submission without a start starts and submits in one step; /task-starts starts and gives back", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 3 });
    const direct = await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "api" });
    expect(direct.status).toBe(201);
    expect(await openSlots(task.id)).toBe(1);
    const other = await registerUser("Worker");
    const started = await rest("POST", "/task-starts", other.token, { task_id: task.id });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ task_id: task.id, payable_amount: 3 });
    expect(await openSlots(task.id)).toBe(0);
    // the held slot is the other worker's: a third cannot take it
    const third = await registerUser("Worker");
    expectError(await rest("POST", "/submission", third.token, { task_id: task.id, submission_details: "x" }), 409);
    expect((await rest("DELETE", `/task-starts?task_id=${task.id}`, other.token)).status).toBe(200);
    expect(await openSlots(task.id)).toBe(1);
    expectError(await rest("DELETE", `/task-starts?task_id=${task.id}`, other.token), 404);
    expect(await holds([buyer.id, worker.id, other.id])).toBe(true);
  });
});

describe("giving back and running out of time", () => {
  it("a give-back returns the slot and marks nothing; after a raise, the held coins go back to the buyer", async () => {
    const buyer = await funded("Buyer", 200);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 10 });
    const w = await sessionUser(worker.id);
    await startTask(env, w, task.id);
    await giveBackTask(env, w, task.id);
    expect(await openSlots(task.id)).toBe(2);
    expect(await row("SELECT 1 FROM worker_track_records WHERE worker_id = ?", worker.id)).toBeNull();
    await startTask(env, w, task.id); // held at 10
    await updateTaskAs(buyer, task.id, { required_workers: 1, payable_amount: 15 }); // 1 × 15 for 1 × 10: −5
    const before = await balance(buyer.id);
    await giveBackTask(env, w, task.id);
    // the worker's act never charges the buyer: the 10 held coins come back and the slot stays closed
    expect(await balance(buyer.id)).toBe(before + 10);
    expect(await openSlots(task.id)).toBe(1);
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("the cron returns a slot whose time ran out, tells the worker, and the proof is refused after it", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 6, time_allowance_minutes: 5 });
    const hold = await startTask(env, await sessionUser(worker.id), task.id);
    expect(await releaseExpiredHolds(env, hold.expiresAt - 1, task.id)).toBe(0);
    expect(await releaseExpiredHolds(env, hold.expiresAt + 1, task.id)).toBe(1);
    expect(await openSlots(task.id)).toBe(1);
    expect(await holdOf(task.id, worker.id)).toBeNull();
    const note = await row<{ message: string }>(
      "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
      worker.id,
    );
    expect(note?.message).toContain("ran out");
    const late = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "late" }, worker.cookie);
    expect(late.status).toBe(409);
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("on read: the task page returns an expired slot at once and says so; a submission from it is refused", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 6 });
    await startOnPage(task.id, worker.cookie);
    await runOut(task.id, worker.id);
    expect(await openSlots(task.id)).toBe(0);
    const page = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, worker.cookie));
    expect(page).toContain("Your time ran out");
    expect(await openSlots(task.id)).toBe(1);
    // a start and a proof sent after the time ran out: the proof is refused with the reason
    await startOnPage(task.id, worker.cookie);
    await runOut(task.id, worker.id);
    const late = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "late" }, worker.cookie);
    expect(late.status).toBe(409);
    expect(await textOf(late)).toContain("Your time for this task ran out");
    expect(await openSlots(task.id)).toBe(1);
    await expectBooksAgree([buyer.id, worker.id]);
  });

  it("a buyer cannot delete a task a worker is working on; an admin's deletion refunds the held slot", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 9 });
    await startTask(env, await sessionUser(worker.id), task.id);
    const refused = await appErrorOf(deleteTask(env, await sessionUser(buyer.id), task.id));
    expect(refused.message).toContain("A worker has started this task");
    const before = await balance(buyer.id);
    await deleteTask(env, await sessionUser((await makeAdmin()).id), task.id);
    expect(await balance(buyer.id)).toBe(before + 18);
    expect(await holdOf(task.id, worker.id)).toBeNull();
    await expectBooksAgree([buyer.id, worker.id]);
  });
});

describe("the time allowance", () => {
  it("is 60 minutes unless set, 5 minutes to 24 hours, and Update Task keeps it unless changed", async () => {
    const buyer = await funded("Buyer", 100);
    const plain = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    const allowance = (id: string) =>
      row<{ m: number }>("SELECT time_allowance_minutes AS m FROM tasks WHERE id = ?", id).then((r) => r!.m);
    expect(await allowance(plain.id)).toBe(60);
    for (const bad of ["4", "1441", "1.5"]) {
      const res = await postForm("/dashboard/addtask", taskFields({ time_allowance_minutes: bad }), buyer.cookie);
      expect(res.status, bad).toBe(422);
    }
    const res = await postForm("/dashboard/addtask", taskFields({ time_allowance_minutes: "1440" }), buyer.cookie);
    expect(res.status).toBe(302);
    const newest = (await row<{ id: string }>(
      "SELECT id FROM tasks WHERE buyer_id = ? ORDER BY created_at DESC LIMIT 1",
      buyer.id,
    ))!.id;
    expect(await allowance(newest)).toBe(1440);
    await updateTaskAs(buyer, newest, { required_workers: 1, payable_amount: 2 });
    expect(await allowance(newest)).toBe(1440);
  });
});

describe("a rejection after a pay change", () => {
  // The settlement of the reopened slot is the submission's pay minus the task's pay now: a flipped sign there
  // charges the buyer for a cut and refunds them for a raise. The exact figures catch it whichever way it flips.
  it("charges the buyer the raise and refunds the cut when the slot reopens", async () => {
    for (const [raisedTo, change] of [
      [15, -5],
      [4, 6],
    ] as const) {
      const buyer = await funded("Buyer", 200);
      const worker = await registerUser("Worker");
      const task = await taskOf(buyer, { required_workers: 2, payable_amount: 10 });
      const s = await submissionBy(worker, task.id); // escrowed at 10; one slot open
      await updateTaskAs(buyer, task.id, { required_workers: 1, payable_amount: raisedTo });
      const before = await balance(buyer.id);
      await rejectAs(buyer, s.id, "not done");
      // the slot reopens at the new pay: 10 come back out of escrow, the new pay goes in
      expect(await balance(buyer.id)).toBe(before + change);
      expect(await openSlots(task.id)).toBe(2);
      expect(await holds([buyer.id, worker.id])).toBe(true);
    }
    await expectCountersAgree();
  });
});
