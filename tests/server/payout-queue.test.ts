// When will I be paid (docs/decisions/035-the-payout-queue-and-its-median.md): a pending withdrawal's place in the
// admins' queue (oldest first) on the worker's page and through the REST API, the admins' median wait over the last
// 30 days (worked out by the Cron Trigger), and Admin Home's list oldest first with each request's age.
import { describe, expect, it } from "vitest";
import { adminWorld, env, getPage, newWithdrawal, pendingWithdrawal, rest, shape, textOf } from "./fixtures";
import { approveWithdrawal, rejectWithdrawal } from "~/server/services/withdrawals.server";
import { payoutQueue, refreshWithdrawalWaitMedian } from "~/server/services/payout-queue.server";
import { withdrawalQueueWireSchema } from "~/lib/schemas/api";

const HOUR = 3_600_000;

describe("the payout queue", () => {
  it("a pending request's place counts the requests before it, and moves up as admins decide them", async () => {
    const w = await adminWorld();
    const a = await pendingWithdrawal(w);
    const b = await pendingWithdrawal(w);
    const c = await pendingWithdrawal(w);
    const placeOf = async (x: typeof a) => (await payoutQueue(env, x.worker.id)).places[x.request.id];
    // others' requests may be ahead in the shared queue: the three are in a row, in the order they were made
    const pa = (await placeOf(a))!;
    expect(await placeOf(b)).toBe(pa + 1);
    expect(await placeOf(c)).toBe(pa + 2);
    await approveWithdrawal(env, w.adminUser, a.request.id);
    await rejectWithdrawal(env, w.adminUser, b.request.id, "wrong number");
    expect(await placeOf(a)).toBeUndefined();
    expect(await placeOf(c)).toBe(pa);
    // the worker's page says it, and so does the REST API
    const page = await textOf(await getPage("/dashboard/withdraw", c.worker.cookie));
    expect(page).toContain(pa === 1 ? "Next in the queue." : `Number ${pa} in the queue.`);
    const api = await rest("GET", "/withdraw/queue", c.worker.token);
    expect(api.status).toBe(200);
    expect(shape(withdrawalQueueWireSchema, api.body).pending).toEqual([{ _id: c.request.id, queue_place: pa }]);
  });

  it("lists a worker's own pending requests oldest first, each with its place, and no one else's", async () => {
    const w = await adminWorld();
    const first = await pendingWithdrawal(w, 200, 260);
    const second = await newWithdrawal(first.worker, 200, first.account);
    const other = await pendingWithdrawal(w);
    const queue = await payoutQueue(env, first.worker.id);
    // oldest first (the two may share a millisecond: then the id decides, as it does in the queue)
    const places = Object.values(queue.places);
    expect(Object.keys(queue.places).sort()).toEqual([first.request.id, second.id].sort());
    expect(places[1]).toBe(places[0]! + 1);
    expect((await payoutQueue(env, other.worker.id)).places[other.request.id]).toBe(places[1]! + 1);
    const api = await rest("GET", "/withdraw/queue", first.worker.token);
    expect(shape(withdrawalQueueWireSchema, api.body).pending).toEqual(
      Object.entries(queue.places).map(([id, place]) => ({ _id: id, queue_place: place })),
    );
  });

  it("the median wait is of the decisions of the last 30 days (approved and rejected), in hours on the page", async () => {
    const w = await adminWorld();
    // a moment far ahead, so that the window holds only this test's decisions
    const at = Date.now() + 400 * 24 * HOUR;
    const waits = [2, 30, 5, 9] as const; // hours; the lower middle of 2, 5, 9, 30 is 5
    const ids: string[] = [];
    for (const [i, hours] of waits.entries()) {
      const { request } = await pendingWithdrawal(w);
      await (i % 2
        ? rejectWithdrawal(env, w.adminUser, request.id, "no")
        : approveWithdrawal(env, w.adminUser, request.id));
      await env.DB.prepare("UPDATE withdrawals SET created_at = ?, decided_at = ? WHERE id = ?")
        .bind(at - 24 * HOUR - hours * HOUR, at - 24 * HOUR, request.id)
        .run();
      ids.push(request.id);
    }
    // one decided 31 days before: outside the window
    const { request: old } = await pendingWithdrawal(w);
    await approveWithdrawal(env, w.adminUser, old.id);
    await env.DB.prepare("UPDATE withdrawals SET created_at = ?, decided_at = ? WHERE id = ?")
      .bind(at - 31 * 24 * HOUR - 1000 * HOUR, at - 31 * 24 * HOUR, old.id)
      .run();
    expect(await refreshWithdrawalWaitMedian(env, at)).toBe(5 * HOUR);
    const { worker } = await pendingWithdrawal(w);
    expect((await payoutQueue(env, worker.id)).medianWaitHours).toBe(5);
    const page = await textOf(await getPage("/dashboard/withdraw", worker.cookie));
    expect(page).toContain("Admins took about 5 hours (median) over the last 30 days.");
    // a window with nothing decided has no figure
    expect(await refreshWithdrawalWaitMedian(env, at + 400 * 24 * HOUR)).toBeNull();
    expect((await payoutQueue(env, worker.id)).medianWaitHours).toBeNull();
    await refreshWithdrawalWaitMedian(env);
  });

  it("Admin Home lists the pending requests oldest first, each with how long it has waited", async () => {
    const w = await adminWorld();
    const oldest = await pendingWithdrawal(w);
    await pendingWithdrawal(w);
    // made long before every other request of the run: it heads the queue
    await env.DB.prepare("UPDATE withdrawals SET created_at = created_at - ? WHERE id = ?")
      .bind(1000 * 24 * HOUR, oldest.request.id)
      .run();
    const html = await (await getPage("/dashboard/adminhome", w.admin.cookie)).text();
    const first = /data-testid="withdrawal-([0-9a-f-]{36})"/.exec(html)?.[1];
    expect(first).toBe(oldest.request.id);
    expect(await textOf(new Response(html))).toContain("waiting about 1000 days");
  });
});
