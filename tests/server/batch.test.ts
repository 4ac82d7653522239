// The batch builder on real local D1: results are read by step label, so adding or moving a step cannot change
// what another step's result means; labels are checked; a failed guard or a broken constraint writes nothing; a call
// whose answer was lost, before or after D1 ran it, ends with what the steps did, done once.
// And the services built on it: a request whose read went stale before its batch ran changes nothing.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { balance, env, makeAdmin, registerUser, sendWork, sessionUser, taskInput } from "./fixtures";
import { FaultyD1, type FaultCount } from "./fixtures/faults";
import { newBatch, type Batch } from "~/server/db/batch.server";
import { newId } from "~/server/db/client.server";
import { CHANGED_MEANWHILE, notification, posting } from "~/server/services/ledger.server";
import { postTask, updateTask } from "~/server/services/tasks.server";
import { rejectSubmission } from "~/server/services/submissions.server";
import { removeUser } from "~/server/services/users.server";

const now = () => Date.now();

async function count(query: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

/** Three steps whose deciding statements change 3, 1 and 0 rows (the last one's follow-up changes 1). */
function steps(userId: string): Record<string, (batch: Batch) => Batch> {
  return {
    notices: (b) =>
      b.step(
        "notices",
        sql`INSERT INTO notifications (id, user_id, message, created_at)
          SELECT lower(hex(randomblob(16))), ${userId}, 'batch test', ${now()}
          FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3)`,
      ),
    payout: (b) =>
      b.step("payout", ...posting({ id: newId(), userId, delta: 5, kind: "admin_adjustment", now: now() })),
    nothing: (b) =>
      b.step(
        "nothing",
        sql`UPDATE users SET name = name WHERE id = 'no such user'`,
        sql`UPDATE users SET name = name WHERE id = ${userId}`,
      ),
  };
}

describe("batch builder", () => {
  it("reports each step's deciding statement, whatever the order and whatever is added before it", async () => {
    const user = await registerUser("Worker");
    const other = await registerUser("Worker");
    const s = steps(user.id);
    const start = await balance(user.id);

    const inOrder = await [s.notices, s.payout, s.nothing].reduce((b, add) => add(b), newBatch(env)).run();

    const reordered = newBatch(env).step(
      "first",
      sql`UPDATE users SET name = name WHERE id IN (${user.id}, ${other.id})`,
    );
    const moved = await [s.nothing, s.payout, s.notices].reduce((b, add) => add(b), reordered).run();

    for (const done of [inOrder, moved]) {
      expect(done.changes("notices")).toBe(3);
      // a posting step's changes are the ledger rows inserted, not the balance update that follows
      expect(done.changes("payout")).toBe(1);
      // the deciding statement matched nothing; its follow-up's change does not count
      expect(done.changes("nothing")).toBe(0);
    }
    expect(moved.changes("first")).toBe(2);
    expect(await balance(user.id)).toBe(start + 10);
    expect(
      await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND message = 'batch test'", user.id),
    ).toBe(6);
  });

  it("a call whose answer was lost is sent again: its steps' results are the same, and the work is done once", async () => {
    for (const lost of ["before", "after"] as const) {
      const user = await registerUser("Worker");
      const s = steps(user.id);
      const start = await balance(user.id);
      // the first call fails (before D1 runs it, or after it committed), the next ones go through
      const draws = [0, lost === "before" ? 0.1 : 0.9];
      const faults: FaultCount = { before: 0, after: 0, afterCommit: 0, writeBatches: 0 };
      const db = new FaultyD1(env.DB, { batches: 0.5, reads: 0 }, () => draws.shift() ?? 0.99, faults);
      const done = await [s.notices, s.payout, s.nothing].reduce((b, add) => add(b), newBatch({ DB: db })).run();
      expect(faults, lost).toMatchObject({ [lost]: 1, writeBatches: 2 });
      expect([done.changes("notices"), done.changes("payout"), done.changes("nothing")], lost).toEqual([3, 1, 0]);
      expect(await balance(user.id), lost).toBe(start + 5);
      expect(
        await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND message = 'batch test'", user.id),
      ).toBe(3);
    }
  });

  it("refuses a label used twice and throws on reading one never added", async () => {
    const user = await registerUser("Worker");
    const batch = newBatch(env).step("touch", sql`UPDATE users SET name = name WHERE id = ${user.id}`);
    expect(() => batch.step("touch", sql`UPDATE users SET name = name WHERE id = ${user.id}`)).toThrow(
      'Batch step "touch" was added twice',
    );
    const done = await batch.run();
    expect(done.changes("touch")).toBe(1);
    expect(() => done.changes("touched")).toThrow('No batch step "touched"');
  });

  it("changes nothing when the guard found a different state", async () => {
    const user = await registerUser("Worker");
    const start = await balance(user.id);
    const when = sql`EXISTS (SELECT 1 FROM users WHERE id = ${user.id} AND coin = ${start + 1})`;
    const done = await newBatch(env)
      .step("notify", notification({ id: newId(), userId: user.id, message: () => "guarded", now: now(), when }))
      .step("pay", ...posting({ id: newId(), userId: user.id, delta: 7, kind: "admin_adjustment", now: now(), when }))
      .step("rename", sql`UPDATE users SET name = 'guarded' WHERE id = ${user.id} AND ${when}`)
      .run();
    expect([done.changes("notify"), done.changes("pay"), done.changes("rename")]).toEqual([0, 0, 0]);
    expect(await balance(user.id)).toBe(start);
    expect(await count("SELECT COUNT(*) AS n FROM coin_ledger WHERE user_id = ? AND delta = 7", user.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?", user.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE id = ? AND name = 'guarded'", user.id)).toBe(0);
  });

  it("turns a broken constraint into the caller's refusal, having written nothing; other errors pass", async () => {
    const user = await registerUser("Worker");
    const start = await balance(user.id);
    const overdraw = () =>
      newBatch(env)
        .step("notify", notification({ id: newId(), userId: user.id, message: () => "overdrawn", now: now() }))
        .step(
          "charge",
          ...posting({ id: newId(), userId: user.id, delta: -(start + 1), kind: "admin_adjustment", now: now() }),
        );

    await expect(overdraw().run({ refusal: () => new Error("refused: not enough coins") })).rejects.toThrow(
      "refused: not enough coins",
    );
    // a constraint other than the one named passes as it is, and so does any error without `onConstraint`
    await expect(overdraw().run({ refusal: () => new Error("refused"), constraint: "users.email" })).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await expect(overdraw().run()).rejects.toThrow(/CHECK constraint failed/);
    await expect(
      newBatch(env)
        .step("broken", sql`UPDATE no_such_table SET x = 1`)
        .run({ refusal: () => new Error("refused") }),
    ).rejects.toThrow(/no such table/);

    expect(await balance(user.id)).toBe(start);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?", user.id)).toBe(0);
  });
});

/** The environment of a request that read before `meanwhile` ran: the other request lands just before its batch. */
function racedBy(meanwhile: () => Promise<unknown>): Env {
  let landed = false;
  const DB = {
    prepare: (query: string) => env.DB.prepare(query),
    batch: async (statements: D1PreparedStatement[]) => {
      if (!landed) {
        landed = true;
        await meanwhile();
      }
      return env.DB.batch(statements);
    },
  } as unknown as D1Database;
  return { ...env, DB };
}

describe("a request whose read went stale changes nothing", () => {
  it("a submission to a task renamed meanwhile: the buyer's notice would name the old title", async () => {
    const buyer = await sessionUser((await registerUser("Buyer")).id);
    const worker = await sessionUser((await registerUser("Worker")).id);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2 }));
    const raced = racedBy(() =>
      env.DB.prepare("UPDATE tasks SET task_title = 'Renamed meanwhile' WHERE id = ?").bind(task.id).run(),
    );
    await expect(sendWork(worker, task.id, "done", raced)).rejects.toThrow(CHANGED_MEANWHILE);
    expect(await count("SELECT COUNT(*) AS n FROM submissions WHERE task_id = ?", task.id)).toBe(0);
    expect(await count("SELECT required_workers AS n FROM tasks WHERE id = ?", task.id)).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?", buyer.id)).toBe(0);
  });

  it("a rejection after the task's pay changed meanwhile: the settlement read is no longer the difference", async () => {
    const buyer = await sessionUser((await registerUser("Buyer")).id);
    const worker = await sessionUser((await registerUser("Worker")).id);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 5 }));
    const sub = await sendWork(worker, task.id);
    const raced = racedBy(() =>
      updateTask(env, buyer, task.id, { ...taskInput(), required_workers: 1, payable_amount: 8 }),
    );
    await expect(rejectSubmission(raced, buyer, sub.id, "blurry")).rejects.toThrow(CHANGED_MEANWHILE);
    const after = await balance(buyer.id);
    expect(await count("SELECT COUNT(*) AS n FROM coin_ledger WHERE submission_id = ?", sub.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM submissions WHERE id = ? AND status = 'pending'", sub.id)).toBe(1);
    expect(await count("SELECT required_workers AS n FROM tasks WHERE id = ?", task.id)).toBe(1);
    // read again, the rejection settles the new difference (5 - 8)
    await rejectSubmission(env, buyer, sub.id, "blurry");
    expect(await balance(buyer.id)).toBe(after - 3);
  });

  it("a removal while its user posted a task: the audit would miscount, the new task stay open", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const buyer = await sessionUser((await registerUser("Buyer")).id);
    await postTask(env, buyer, taskInput({ required_workers: 1 }));
    const raced = racedBy(() => postTask(env, buyer, taskInput({ required_workers: 1 })));
    await expect(removeUser(raced, admin, buyer.id, "spam")).rejects.toThrow(CHANGED_MEANWHILE);
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE id = ? AND disabled_at IS NULL", buyer.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM tasks WHERE buyer_id = ? AND deleted_at IS NULL", buyer.id)).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE target_id = ?", buyer.id)).toBe(0);
  });
});
