// A buyer's blocks (docs/product/quality.md): the blocked worker neither sees nor starts that buyer's tasks, on the
// pages and through REST; pending work is reviewed as before; the buyer lists and lifts blocks in Settings; admins
// see how many buyers block each worker. Real local D1 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import {
  approveAs,
  env,
  expectCountersAgree,
  expectError,
  expectRedirect,
  funded,
  getPage,
  htmlOf,
  jsPost,
  makeAdmin,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  submissionBy,
  taskOf,
  textOf,
  uniqueToken,
} from "./fixtures";
import { blockWorker, liftBlock, BLOCKED_WORKER } from "~/server/services/blocks.server";
import { listOpenTasks } from "~/server/services/tasks.server";
import { ListWorkerBlocksCommand } from "@aws-sdk/client-mturk";
import { requester } from "./fixtures/mturk";

async function blockAs(buyerId: string, workerId: string, reason = "Copied proof") {
  return blockWorker(env, await sessionUser(buyerId), { workerId, reason });
}

/** A buyer with an open task, another buyer with one, and a worker the first buyer blocks. */
async function blockedWorld() {
  const word = uniqueToken("blk");
  const buyer = await funded("Buyer", 200);
  const other = await funded("Buyer", 200);
  const worker = await registerUser("Worker");
  const blockedTask = await taskOf(buyer, { task_title: `Blocked ${word}`, required_workers: 3, payable_amount: 2 });
  const openTask = await taskOf(other, { task_title: `Open ${word}`, required_workers: 3, payable_amount: 2 });
  return { word, buyer, other, worker, blockedTask, openTask };
}

describe("blocks", () => {
  it("hide the buyer's tasks from the worker's list, search and count, and from no one else", async () => {
    const w = await blockedWorld();
    const someoneElse = await registerUser("Worker");
    const before = await listOpenTasks(env, { workerId: w.worker.id, q: w.word });
    expect(before.items.map((t) => t.id).sort()).toEqual([w.blockedTask.id, w.openTask.id].sort());
    const all = await listOpenTasks(env, { workerId: w.worker.id });

    await blockAs(w.buyer.id, w.worker.id);
    const searched = await listOpenTasks(env, { workerId: w.worker.id, q: w.word });
    expect(searched.items.map((t) => t.id)).toEqual([w.openTask.id]);
    expect(searched.total).toBe(1);
    for (const sort of ["newest", "pay", "deadline"] as const) {
      const list = await listOpenTasks(env, { workerId: w.worker.id, sort, limit: 100 });
      expect(list.items.map((t) => t.id)).not.toContain(w.blockedTask.id);
    }
    // the count leaves out exactly the blocked buyer's open tasks (one here)
    expect((await listOpenTasks(env, { workerId: w.worker.id })).total).toBe(all.total - 1);
    const category = await listOpenTasks(env, { workerId: w.worker.id, category: w.blockedTask.category });
    const categoryAll = await listOpenTasks(env, { category: w.blockedTask.category });
    expect(category.total).toBe(categoryAll.total - 1);

    // another worker still sees both
    const theirs = await listOpenTasks(env, { workerId: someoneElse.id, q: w.word });
    expect(theirs.items).toHaveLength(2);

    // the page and REST say the same
    const page = await htmlOf(await getPage(`/dashboard/tasklist?q=${w.word}`, w.worker.cookie));
    expect(page).toContain(`Open ${w.word}`);
    expect(page).not.toContain(`Blocked ${w.word}`);
    const api = await rest<{ _id: string }[]>("GET", `/tasks2?q=${w.word}`, w.worker.token);
    expect(api.body.map((t) => t._id)).toEqual([w.openTask.id]);
    expect(api.headers.get("X-Total-Count")).toBe("1");
    // a buyer's view of the list is unchanged
    const asBuyer = await rest<{ _id: string }[]>("GET", `/tasks2?q=${w.word}`, w.other.token);
    expect(asBuyer.body).toHaveLength(2);
  });

  it("keep the worker off the task's page and refuse the submission, changing nothing", async () => {
    const w = await blockedWorld();
    await blockAs(w.buyer.id, w.worker.id);
    expect((await getPage(`/dashboard/tasklist/${w.blockedTask.id}`, w.worker.cookie)).status).toBe(404);
    expect((await getPage(`/dashboard/tasklist/${w.openTask.id}`, w.worker.cookie)).status).toBe(200);
    expectError(await rest("GET", `/tasks2?id=${w.blockedTask.id}`, w.worker.token), 404);

    const posted = await postForm(
      `/dashboard/tasklist/${w.blockedTask.id}`,
      { submission_details: "my proof" },
      w.worker.cookie,
    );
    expect(posted.status).toBe(404);
    const api = await rest("POST", "/submission", w.worker.token, {
      task_id: w.blockedTask.id,
      submission_details: "my proof",
    });
    expectError(api, 403, "forbidden");
    expect((api.body as { error: { message: string } }).error.message).toBe(BLOCKED_WORKER);
    const slots = await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", w.blockedTask.id);
    expect(slots!.n).toBe(3);
    const sent = await row<{ n: number }>("SELECT COUNT(*) AS n FROM submissions WHERE worker_id = ?", w.worker.id);
    expect(sent!.n).toBe(0);
  });

  it("leave pending work to be reviewed and paid as before, and lifting one opens the tasks again", async () => {
    const w = await blockedWorld();
    const pending = await submissionBy(w.worker, w.blockedTask.id);
    await blockAs(w.buyer.id, w.worker.id);
    expect((await getPage(`/dashboard/mysubmissions/${pending.id}`, w.worker.cookie)).status).toBe(200);
    await approveAs(w.buyer, pending.id);
    const paid = await row<{ status: string }>("SELECT status FROM submissions WHERE id = ?", pending.id);
    expect(paid!.status).toBe("approved");

    await liftBlock(env, await sessionUser(w.buyer.id), w.worker.id);
    const after = await listOpenTasks(env, { workerId: w.worker.id, q: w.word });
    expect(after.items.map((t) => t.id)).toContain(w.blockedTask.id);
  });

  it("are made from the review queue, listed with their private reason and lifted in Settings, with and without JavaScript", async () => {
    const w = await blockedWorld();
    const pending = await submissionBy(w.worker, w.blockedTask.id);
    const reason = `Private ${uniqueToken()}`;
    // no reason: refused with the field's message, nothing stored
    const noReason = await jsPost(
      "/dashboard/buyerhome",
      { intent: "block", id: pending.id, worker: w.worker.id, reason: " " },
      w.buyer.cookie,
    );
    expect(noReason.text).toContain("Say why you block this worker");
    expect(await row("SELECT 1 FROM worker_blocks WHERE worker_id = ?", w.worker.id)).toBeNull();

    const plain = await postForm(
      "/dashboard/buyerhome",
      { intent: "block", id: pending.id, worker: w.worker.id, reason },
      w.buyer.cookie,
    );
    expectRedirect(plain, "/dashboard/buyerhome", { title: "Worker blocked" });
    const settings = await htmlOf(await getPage("/dashboard/settings", w.buyer.cookie));
    expect(settings).toContain("Blocked workers");
    expect(settings).toContain(reason);
    // the worker's own pages never carry the reason
    const mine = await htmlOf(await getPage(`/dashboard/mysubmissions/${pending.id}`, w.worker.cookie));
    expect(mine).not.toContain(reason);
    // another buyer cannot lift it (theirs has none) and the settings of a worker show no block list
    const foreign = await jsPost("/dashboard/settings?form=unblock", { worker: w.worker.id }, w.other.cookie);
    expect(foreign.text).toContain("No such block");
    // (what the page shows: its data carries the words of every dashboard page)
    expect(await textOf(await getPage("/dashboard/settings", w.worker.cookie))).not.toContain("Blocked workers");

    const lifted = await postForm("/dashboard/settings?form=unblock", { worker: w.worker.id }, w.buyer.cookie);
    expectRedirect(lifted, "/dashboard/settings", { title: "Block lifted" });
    expect(await row("SELECT 1 FROM worker_blocks WHERE worker_id = ?", w.worker.id)).toBeNull();
  });

  it("through REST: block, list, replace the reason, lift; only buyers, only workers can be blocked", async () => {
    const w = await blockedWorld();
    const made = await rest("POST", "/worker-blocks", w.buyer.token, { worker_id: w.worker.id, reason: "Slow" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ worker_id: w.worker.id, reason: "Slow" });
    const again = await rest("POST", "/worker-blocks", w.buyer.token, { worker_id: w.worker.id, reason: "Sloppy" });
    expect(again.status).toBe(201);
    const listed = await rest<{ worker_id: string; reason: string }[]>("GET", "/worker-blocks", w.buyer.token);
    expect(listed.body).toEqual([expect.objectContaining({ worker_id: w.worker.id, reason: "Sloppy" })]);
    expect(listed.headers.get("X-Total-Count")).toBe("1");

    expectError(await rest("POST", "/worker-blocks", w.buyer.token, { worker_id: w.other.id, reason: "x" }), 403);
    expectError(await rest("POST", "/worker-blocks", w.buyer.token, { worker_id: "nobody", reason: "x" }), 404);
    expectError(await rest("POST", "/worker-blocks", w.buyer.token, { worker_id: w.worker.id }), 422);
    expectError(await rest("POST", "/worker-blocks", w.worker.token, { worker_id: w.worker.id, reason: "x" }), 403);

    expect((await rest("DELETE", `/worker-blocks?worker_id=${w.worker.id}`, w.buyer.token)).body).toEqual({
      deletedCount: 1,
    });
    expectError(await rest("DELETE", `/worker-blocks?worker_id=${w.worker.id}`, w.buyer.token), 404);
  });

  it("show a worker's e-mail only to a buyer the worker sent work to: Settings and REST; the MTurk API answers ids", async () => {
    const { user: buyer, mturk } = await requester(200);
    const task = await taskOf(buyer, { required_workers: 3, payable_amount: 2 });
    const worked = await registerUser("Worker", `Worked ${uniqueToken()}`);
    await submissionBy(worked, task.id);
    const stranger = await registerUser("Worker", `Stranger ${uniqueToken()}`);
    const made = await rest("POST", "/worker-blocks", buyer.token, { worker_id: stranger.id, reason: "Spam" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ worker_id: stranger.id, worker_email: null });
    await rest("POST", "/worker-blocks", buyer.token, { worker_id: worked.id, reason: "Sloppy" });

    const listed = await rest<{ worker_id: string; worker_name: string; worker_email: string | null }[]>(
      "GET",
      "/worker-blocks",
      buyer.token,
    );
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ worker_id: worked.id, worker_email: worked.email }),
        expect.objectContaining({
          worker_id: stranger.id,
          worker_name: expect.stringMatching(/^Stranger /),
          worker_email: null,
        }),
      ]),
    );
    const settings = await htmlOf(await getPage("/dashboard/settings", buyer.cookie));
    expect(settings).toContain(worked.email);
    expect(settings).toContain(stranger.id);
    expect(settings).not.toContain(stranger.email);

    const { WorkerBlocks } = await mturk.send(new ListWorkerBlocksCommand({}));
    expect(WorkerBlocks).toEqual(expect.arrayContaining([{ WorkerId: stranger.id, Reason: "Spam" }]));
    expect(JSON.stringify(WorkerBlocks)).not.toContain(stranger.email);
  });

  it("are counted per worker for admins, by a counter the triggers keep", async () => {
    const w = await blockedWorld();
    const admin = await makeAdmin();
    await blockAs(w.buyer.id, w.worker.id);
    await blockAs(w.other.id, w.worker.id);
    await blockAs(w.other.id, w.worker.id, "again: counted once");
    const users = await htmlOf(await getPage(`/dashboard/manageusers?q=${w.worker.email}`, admin.cookie));
    expect(users).toContain("Blocked by 2 buyers");
    await liftBlock(env, await sessionUser(w.other.id), w.worker.id);
    const count = await row<{ n: number }>(
      "SELECT buyers AS n FROM worker_block_counts WHERE worker_id = ?",
      w.worker.id,
    );
    expect(count!.n).toBe(1);
    await expectCountersAgree();
  });
});
