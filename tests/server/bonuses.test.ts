// Bonuses (docs/product/quality.md): one batch moves coins from the buyer's balance to the worker's under the ledger
// kind 'bonus', once per request key, with the worker notified; the Bonuses page (with and without JavaScript), the
// worker's submission page and REST /bonuses. Real local D1 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import {
  approveAs,
  balance,
  env,
  expectError,
  expectRedirect,
  funded,
  getPage,
  holds,
  htmlOf,
  makeAdmin,
  jsPost,
  postForm,
  registerUser,
  rejectAs,
  rest,
  row,
  sessionUser,
  submissionBy,
  taskOf,
  uniqueToken,
} from "./fixtures";
import { KEY_REUSED, NOT_SENT, payBonus } from "~/server/services/bonuses.server";
import { deleteTask } from "~/server/services/tasks.server";
import { conservation } from "~/server/services/ledger.server";
import { getDb } from "~/server/db/client.server";

/** A buyer (100 coins after posting a 2 x 5 task), a worker and their approved submission. */
async function reviewed() {
  const buyer = await funded("Buyer", 110);
  const worker = await registerUser("Worker");
  const task = await taskOf(buyer, { task_title: `Bonus ${uniqueToken()}`, required_workers: 2, payable_amount: 5 });
  const sub = await submissionBy(worker, task.id);
  await approveAs(buyer, sub.id);
  return { buyer, worker, task, sub };
}

const ledgerOf = (bonusId: string) =>
  env.DB.prepare("SELECT user_id AS user, delta, kind, submission_id AS sub FROM coin_ledger WHERE bonus_id = ?")
    .bind(bonusId)
    .all<{ user: string; delta: number; kind: string; sub: string }>()
    .then((r) => r.results);

describe("bonuses", () => {
  it("move coins from the buyer's balance to the worker's in one batch of their own kind, and notify the worker", async () => {
    const w = await reviewed();
    const [buyerBefore, workerBefore] = [await balance(w.buyer.id), await balance(w.worker.id)];
    const paid = await payBonus(env, await sessionUser(w.buyer.id), {
      submissionId: w.sub.id,
      coins: 7,
      reason: "Extra careful work",
      requestKey: uniqueToken(),
    });
    expect(paid.created).toBe(true);
    expect(await balance(w.buyer.id)).toBe(buyerBefore - 7);
    expect(await balance(w.worker.id)).toBe(workerBefore + 7);
    expect((await ledgerOf(paid.bonus.id)).sort((a, b) => a.delta - b.delta)).toEqual([
      { user: w.buyer.id, delta: -7, kind: "bonus", sub: w.sub.id },
      { user: w.worker.id, delta: 7, kind: "bonus", sub: w.sub.id },
    ]);
    const note = await row<{ message: string }>(
      "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
      w.worker.id,
    );
    expect(note!.message).toContain('sent you a bonus of 7 coins for "');
    expect(note!.message).toContain("Extra careful work");
    const c = await conservation(getDb(env), [w.buyer.id, w.worker.id]);
    expect(c).toMatchObject({ holds: true, bonusNet: 0 });
    await holds([w.buyer.id, w.worker.id]);
  });

  it("are paid once per request key, even when the same request races itself; another request under the key is refused", async () => {
    const w = await reviewed();
    const buyer = await sessionUser(w.buyer.id);
    const before = await balance(w.buyer.id);
    const request = { submissionId: w.sub.id, coins: 4, reason: "Thanks", requestKey: uniqueToken() };
    const answers = await Promise.all([payBonus(env, buyer, request), payBonus(env, buyer, request)]);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(answers[0].bonus.id).toBe(answers[1].bonus.id);
    expect(await payBonus(env, buyer, request)).toMatchObject({ created: false });
    expect(await balance(w.buyer.id)).toBe(before - 4);
    await expect(payBonus(env, buyer, { ...request, coins: 5 })).rejects.toThrow(KEY_REUSED);
    expect(await balance(w.buyer.id)).toBe(before - 4);
  });

  it("are paid on work not yet reviewed (tools pay the bonus, then approve), and refused on a cancelled submission", async () => {
    const w = await reviewed();
    const worker = await registerUser("Worker");
    const pending = await submissionBy(worker, w.task.id);
    const buyer = await sessionUser(w.buyer.id);
    const before = [await balance(w.buyer.id), await balance(worker.id)];
    const paid = await payBonus(env, buyer, {
      submissionId: pending.id,
      coins: 2,
      reason: "early",
      requestKey: uniqueToken(),
    });
    expect(paid.created).toBe(true);
    expect([await balance(w.buyer.id), await balance(worker.id)]).toEqual([before[0] - 2, before[1] + 2]);
    // an admin removes the task: the pending submission is cancelled, and takes no bonus
    await deleteTask(env, await sessionUser((await makeAdmin()).id), w.task.id);
    await expect(
      payBonus(env, buyer, { submissionId: pending.id, coins: 1, reason: "late", requestKey: uniqueToken() }),
    ).rejects.toThrow(NOT_SENT);
    expect(await balance(worker.id)).toBe(before[1] + 2);
    expect(await holds([w.buyer.id, w.worker.id, worker.id])).toBe(true);
  });

  it("are refused on another buyer's submission, beyond the balance, and to workers, changing nothing", async () => {
    const w = await reviewed();
    const key = () => uniqueToken();
    const stranger = await funded("Buyer", 100);
    await expect(
      payBonus(env, await sessionUser(stranger.id), {
        submissionId: w.sub.id,
        coins: 1,
        reason: "x",
        requestKey: key(),
      }),
    ).rejects.toMatchObject({ status: 403 });
    const have = await balance(w.buyer.id);
    const short = await rest("POST", "/bonuses", w.buyer.token, {
      submission_id: w.sub.id,
      coins: have + 3,
      reason: "too much",
      request_key: key(),
    });
    expectError(short, 409, "insufficient_coins");
    expect(await balance(w.buyer.id)).toBe(have);
    expectError(
      await rest("POST", "/bonuses", w.worker.token, {
        submission_id: w.sub.id,
        coins: 1,
        reason: "x",
        request_key: key(),
      }),
      403,
    );
    expectError(
      await rest("POST", "/bonuses", w.buyer.token, {
        submission_id: w.sub.id,
        coins: 0,
        reason: "",
        request_key: "a b",
      }),
      422,
    );
    expect(await row("SELECT 1 FROM bonuses WHERE submission_id = ?", w.sub.id)).toBeNull();
    await holds([w.buyer.id, w.worker.id, stranger.id]);
  });

  it("through REST: 201 then 200 for the same key, listed for the buyer and the worker alike", async () => {
    const w = await reviewed();
    const rejected = await submissionBy(await registerUser("Worker"), w.task.id);
    await rejectAs(w.buyer, rejected.id, "not this time");
    const body = { submission_id: w.sub.id, coins: 3, reason: "Great", request_key: uniqueToken() };
    const first = await rest<{ _id: string }>("POST", "/bonuses", w.buyer.token, body);
    expect(first.status).toBe(201);
    const again = await rest<{ _id: string }>("POST", "/bonuses", w.buyer.token, body);
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
    // a rejected submission may be rewarded too
    const onRejected = await rest("POST", "/bonuses", w.buyer.token, {
      ...body,
      submission_id: rejected.id,
      request_key: uniqueToken(),
    });
    expect(onRejected.status).toBe(201);
    const buyerList = await rest<{ _id: string }[]>("GET", "/bonuses", w.buyer.token);
    expect(buyerList.body.map((b) => b._id)).toContain(first.body._id);
    expect(buyerList.headers.get("X-Total-Count")).toBe("2");
    const workerList = await rest<{ _id: string; reason: string }[]>("GET", "/bonuses", w.worker.token);
    expect(workerList.body).toEqual([expect.objectContaining({ _id: first.body._id, reason: "Great" })]);
  });

  it("on the Bonuses page: with JavaScript as data, without as a redirect, and shown on the worker's submission", async () => {
    const w = await reviewed();
    // the confirmation as a page without JavaScript carries the row's request key
    const page = await htmlOf(await getPage(`/dashboard/bonuses?confirm=bonus&row=${w.sub.id}`, w.buyer.cookie));
    expect(page).toContain(w.task.taskTitle);
    expect(page).toContain("Bonus in coins");
    const key = /name="key" value="([\w-]+)"/.exec(page);
    expect(key).not.toBeNull();
    const fields = { intent: "bonus", id: w.sub.id, addcoin: "6", reason: "Lovely work", key: key![1]! };
    const missing = await jsPost("/dashboard/bonuses", { ...fields, addcoin: "" }, w.buyer.cookie);
    expect(missing.text).toContain("Enter the bonus in coins");
    const js = await jsPost("/dashboard/bonuses", fields, w.buyer.cookie);
    expect(js.text).toContain("Bonus paid");
    // the same form sent again (a double click, a resent page) pays nothing more
    const plain = await postForm("/dashboard/bonuses", fields, w.buyer.cookie);
    expectRedirect(plain, "/dashboard/bonuses", { title: "Bonus paid" });
    const count = await row<{ n: number }>("SELECT COUNT(*) AS n FROM bonuses WHERE submission_id = ?", w.sub.id);
    expect(count!.n).toBe(1);
    expect(await htmlOf(await getPage("/dashboard/bonuses", w.buyer.cookie))).toContain("Lovely work");
    const mine = await htmlOf(await getPage(`/dashboard/mysubmissions/${w.sub.id}`, w.worker.cookie));
    expect(mine).toContain("Bonus: 6 coins");
    expect(mine).toContain("Lovely work");
  });
});
