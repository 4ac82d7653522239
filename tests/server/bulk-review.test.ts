// Reviewing that workers can trust: each pending submission's auto-approval countdown (the job's own window), bulk
// approval on Buyer Home (with and without JavaScript) and through POST /submissions/approve, and each worker's
// track record from the counters of migrations/0009.
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import {
  approveAs,
  balance,
  call,
  env,
  expectCountersAgree,
  flashOf,
  funded,
  getPage,
  holds,
  htmlOf,
  registerUser,
  rejectAs,
  rest,
  row,
  shape,
  submissionBy,
  taskOf,
  type TestUser,
} from "./fixtures";
import { ENHANCED_FIELD } from "~/lib/enhanced";
import {
  APPROVE_SELECTED,
  autoApproveCountdown,
  autoApprovesAt,
  BULK_APPROVE_LIMIT,
  DEFAULT_REVIEW_WINDOW_DAYS,
  LOOK_FIRST,
  LOOKED_FIELD,
  reviewWindowDays,
  TOO_MANY_TO_APPROVE,
  trackRecordText,
} from "~/lib/review";
import { autoApproveDue } from "~/server/services/submissions.server";
import { reviewQueue } from "~/server/services/reviews.server";
import { bulkApprovalWire } from "~/lib/schemas/api";
import { endpoints } from "~/routes/api/catalogue.server";

const PATH = "/dashboard/buyerhome";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const statusOf = async (id: string) =>
  (await row<{ status: string }>("SELECT status FROM submissions WHERE id = ?", id))!.status;

/**
 * The page's "Approve selected" post: one `ids` field per submission, and the box saying each proof was looked at
 * ticked (unless `looked` is false); with JavaScript as the page's fetcher sends it (single-fetch `.data`, with the
 * marker), without as a plain form post.
 */
function postSelection(ids: string[], cookie: string, js: boolean, path = PATH, looked = true) {
  const form = new FormData();
  form.append("intent", APPROVE_SELECTED);
  for (const id of ids) form.append("ids", id);
  if (looked) form.append(LOOKED_FIELD, "on");
  if (js) form.append(ENHANCED_FIELD, "1");
  const url = new URL(path, "https://coinwork.test");
  if (js) url.pathname += ".data";
  return call(url.pathname + url.search, { method: "POST", body: form, headers: { Cookie: cookie } });
}

/** A buyer with a task and `n` pending submissions by new workers (pay 6 coins each). */
async function queueOf(n: number, buyer?: TestUser) {
  const owner = buyer ?? (await funded("Buyer", 200));
  const task = await taskOf(owner, {
    task_title: `Bulk ${crypto.randomUUID().slice(0, 6)}`,
    required_workers: n + 1,
    payable_amount: 6,
  });
  const workers: (TestUser & { name: string })[] = [];
  const subs: { id: string }[] = [];
  for (let i = 0; i < n; i += 1) {
    const name = `Bulk Worker ${i + 1} ${crypto.randomUUID().slice(0, 4)}`;
    const worker = { ...(await registerUser("Worker", name)), name };
    workers.push(worker);
    subs.push(await submissionBy(worker, task.id));
  }
  return { buyer: owner, task, workers, subs };
}

/** Three pending on the buyer's task, one of them already approved; and a pending one on another buyer's task. */
async function mixedSelection() {
  const mine = await queueOf(3);
  await approveAs(mine.buyer, mine.subs[2]!.id);
  const theirs = await queueOf(1);
  const before = {
    workers: await Promise.all(mine.workers.map((w) => balance(w.id))),
    foreignWorker: await balance(theirs.workers[0]!.id),
    buyer: await balance(mine.buyer.id),
    otherBuyer: await balance(theirs.buyer.id),
  };
  const ids = [...mine.subs.map((s) => s.id), theirs.subs[0]!.id];
  const everyone = [mine.buyer, theirs.buyer, ...mine.workers, ...theirs.workers].map((u) => u.id);
  return { mine, theirs, before, ids, everyone };
}

/** The two pending ones approved and paid, the reviewed one and the foreign one unchanged, the ledger whole. */
async function expectMixedApplied(m: Awaited<ReturnType<typeof mixedSelection>>) {
  expect(await statusOf(m.mine.subs[0]!.id)).toBe("approved");
  expect(await statusOf(m.mine.subs[1]!.id)).toBe("approved");
  expect(await balance(m.mine.workers[0]!.id)).toBe(m.before.workers[0]! + 6);
  expect(await balance(m.mine.workers[1]!.id)).toBe(m.before.workers[1]! + 6);
  // the one approved before is paid once only
  expect(await balance(m.mine.workers[2]!.id)).toBe(m.before.workers[2]);
  expect(await statusOf(m.theirs.subs[0]!.id)).toBe("pending");
  expect(await balance(m.theirs.workers[0]!.id)).toBe(m.before.foreignWorker);
  // approval pays from escrow: neither buyer's balance moves
  expect(await balance(m.mine.buyer.id)).toBe(m.before.buyer);
  expect(await balance(m.theirs.buyer.id)).toBe(m.before.otherBuyer);
  const payouts = await row<{ n: number }>(
    "SELECT COUNT(*) AS n FROM coin_ledger WHERE kind = 'submission_payout' AND submission_id IN (?, ?, ?, ?)",
    ...m.ids,
  );
  expect(payouts?.n).toBe(3);
  expect(await holds(m.everyone)).toBe(true);
}

describe("the auto-approval countdown", () => {
  it("words the time left as days, hours, within the hour, or shortly once due", () => {
    const now = Date.UTC(2026, 10, 20, 12);
    expect(autoApproveCountdown(now + 3 * DAY - 1000, now)).toBe("auto-approves in 3 days");
    expect(autoApproveCountdown(now + 2 * DAY + 2 * HOUR, now)).toBe("auto-approves in 2 days");
    expect(autoApproveCountdown(now + 30 * HOUR, now)).toBe("auto-approves in 1 day");
    expect(autoApproveCountdown(now + 5 * HOUR + 10 * 60_000, now)).toBe("auto-approves in 5 hours");
    expect(autoApproveCountdown(now + HOUR, now)).toBe("auto-approves in 1 hour");
    expect(autoApproveCountdown(now + 20 * 60_000, now)).toBe("auto-approves within the hour");
    expect(autoApproveCountdown(now, now)).toBe("auto-approves shortly");
    expect(autoApproveCountdown(now - HOUR, now)).toBe("auto-approves shortly");
    // the window's setting, read as the job reads it
    expect(reviewWindowDays(undefined)).toBe(DEFAULT_REVIEW_WINDOW_DAYS);
    expect(reviewWindowDays("0")).toBe(3);
    expect(reviewWindowDays("soon")).toBe(3);
    expect(reviewWindowDays("5")).toBe(5);
  });

  it("Buyer Home shows each pending submission's countdown and explains the rule with the same window", async () => {
    const { buyer, subs } = await queueOf(2);
    const sentAt = Date.now() - DAY - HOUR;
    await env.DB.prepare("UPDATE submissions SET created_at = ? WHERE id = ?").bind(sentAt, subs[0]!.id).run();
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(body).toContain("auto-approves in 2 days");
    expect(body).toContain("auto-approves in 3 days");
    expect(body).toContain(`dateTime="${new Date(autoApprovesAt(sentAt, 3)).toISOString()}"`);
    expect(body).toContain(
      "A submission you have not reviewed within 3 days of its arrival is approved automatically and its worker paid",
    );
  });

  it("the job approves a submission exactly when its countdown ends", async () => {
    const { buyer, workers, subs } = await queueOf(1);
    const sentAt = Date.now() - 3 * DAY - 5 * 60_000;
    await env.DB.prepare("UPDATE submissions SET created_at = ? WHERE id = ?").bind(sentAt, subs[0]!.id).run();
    const dueAt = autoApprovesAt(sentAt, reviewWindowDays(env.REVIEW_WINDOW_DAYS));
    await autoApproveDue(env, dueAt - 1);
    expect(await statusOf(subs[0]!.id)).toBe("pending");
    expect(await htmlOf(await getPage(PATH, buyer.cookie), true)).toContain("auto-approves shortly");
    await autoApproveDue(env, dueAt + 1);
    expect(await statusOf(subs[0]!.id)).toBe("approved");
    expect(await balance(workers[0]!.id)).toBe(10 + 6);
  });
});

describe("approving several submissions on Buyer Home", () => {
  it("with JavaScript: approves the pending ones, reports the reviewed and the foreign one, per row", async () => {
    const m = await mixedSelection();
    const res = await postSelection(m.ids, m.mine.buyer.cookie, true);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("2 approved, 1 already reviewed, 1 not yours");
    expect(text).toContain(m.mine.workers[0]!.name);
    expect(text).toContain("This submission has already been reviewed.");
    expect(text).toContain("Only the task's buyer can review this submission");
    await expectMixedApplied(m);
  });

  it("without JavaScript: the selection asks first, then Post/Redirect/Get with a flash naming each outcome", async () => {
    const m = await mixedSelection();
    const [a, b] = m.mine.subs;
    const ask = await htmlOf(
      await getPage(`${PATH}?confirm=${APPROVE_SELECTED}&row=${a!.id}&row=${b!.id}`, m.mine.buyer.cookie),
      true,
    );
    expect(ask).toContain("Approve 2 submissions?");
    expect(ask).toContain("12 coins in all will be paid");
    expect(ask.match(/name="ids"/g)).toHaveLength(2);
    expect(await statusOf(a!.id)).toBe("pending");

    const res = await postSelection(
      m.ids,
      m.mine.buyer.cookie,
      false,
      `${PATH}?confirm=${APPROVE_SELECTED}&row=${a!.id}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(PATH);
    const flash = flashOf(res);
    expect(flash).toMatchObject({ type: "success", title: "2 approved, 1 already reviewed, 1 not yours" });
    expect(flash?.message).toContain(`Approved: ${m.mine.workers[0]!.name}`);
    expect(flash?.message).toContain(`Already reviewed: ${m.mine.workers[2]!.name}`);
    expect(flash?.message).toContain("Not yours: a submission not on your tasks.");
    await expectMixedApplied(m);
  });

  it("all approved reads 'Successfully approved'; none approved reads 'Approve unsuccessful'", async () => {
    const { buyer, subs, workers } = await queueOf(2);
    const approveBoth = async () =>
      flashOf(
        await postSelection(
          subs.map((s) => s.id),
          buyer.cookie,
          false,
        ),
      );
    const done = await approveBoth();
    expect(done).toMatchObject({ type: "success", title: "Successfully approved" });
    expect(done?.message).toContain("2 approved.");
    for (const w of workers) expect(await balance(w.id)).toBe(16);
    const again = await approveBoth();
    expect(again).toMatchObject({ type: "error", title: "Approve unsuccessful" });
    expect(again?.message).toContain("0 approved, 2 already reviewed.");
    for (const w of workers) expect(await balance(w.id)).toBe(16);
  });

  it(`refuses more than ${BULK_APPROVE_LIMIT} at once and changes nothing`, async () => {
    const { buyer, subs, workers } = await queueOf(1);
    const ids = [subs[0]!.id, ...Array.from({ length: BULK_APPROVE_LIMIT }, () => crypto.randomUUID())];
    const res = await postSelection(ids, buyer.cookie, true);
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text).toContain("Approve unsuccessful");
    expect(text).toContain(TOO_MANY_TO_APPROVE);
    const plain = await postSelection(ids, buyer.cookie, false);
    expect(flashOf(plain)).toMatchObject({
      type: "error",
      title: "Approve unsuccessful",
      message: TOO_MANY_TO_APPROVE,
    });
    expect(await statusOf(subs[0]!.id)).toBe("pending");
    expect(await balance(workers[0]!.id)).toBe(10);
  });

  it("asks the buyer to confirm they looked at each selected proof: untick it and nothing is approved", async () => {
    const { buyer, subs, workers } = await queueOf(2);
    const ids = subs.map((s) => s.id);
    const js = await postSelection(ids, buyer.cookie, true, PATH, false);
    expect(js.status).toBe(422);
    expect(await js.text()).toContain(LOOK_FIRST);
    const plain = await postSelection(ids, buyer.cookie, false, PATH, false);
    expect(flashOf(plain)).toMatchObject({ type: "error", title: "Approve unsuccessful", message: LOOK_FIRST });
    for (const s of subs) expect(await statusOf(s.id)).toBe("pending");
    for (const w of workers) expect(await balance(w.id)).toBe(10);
    // the no-JavaScript confirmation shows each selected one's proof and the box to tick
    const ask = await htmlOf(
      await getPage(`${PATH}?confirm=${APPROVE_SELECTED}&row=${ids[0]}&row=${ids[1]}`, buyer.cookie),
      true,
    );
    expect(ask).toContain("Look at each one's proof below before you approve.");
    expect(ask.match(/class="glimpse"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(ask).toContain(`name="${LOOKED_FIELD}"`);
    expect(ask).toContain("I have looked at the proof of all 2");
  });

  it("a worker cannot post the selection", async () => {
    const { subs, workers } = await queueOf(1);
    const res = await postSelection([subs[0]!.id], workers[0]!.cookie, false);
    expect(res.headers.get("Location")).toBe("/unauthorized");
    expect(await statusOf(subs[0]!.id)).toBe("pending");
  });
});

describe("POST /submissions/approve", () => {
  it("answers each submission's outcome, pays the pending ones and leaves the rest unchanged", async () => {
    const m = await mixedSelection();
    const a = await rest("POST", "/submissions/approve", m.mine.buyer.token, { ids: [...m.ids, m.ids[0]] });
    expect(a.status).toBe(200);
    const body = shape(bulkApprovalWire, a.body);
    expect(body).toMatchObject({ approved: 2, refused: 2, summary: "2 approved, 1 already reviewed, 1 not yours" });
    expect(body.results.map((r) => [r._id, r.outcome])).toEqual([
      [m.ids[0], "approved"],
      [m.ids[1], "approved"],
      [m.ids[2], "already reviewed"],
      [m.ids[3], "not yours"],
    ]);
    expect(body.results[2]).toMatchObject({ code: "conflict", worker_name: m.mine.workers[2]!.name });
    // another buyer's submission is not described to this buyer
    expect(body.results[3]).toEqual({
      _id: m.ids[3],
      approved: false,
      outcome: "not yours",
      code: "forbidden",
      message: "Only the task's buyer can review this submission",
    });
    await expectMixedApplied(m);
  });

  it("refuses an empty or oversized list (422) and callers who are not buyers", async () => {
    const { buyer, subs, workers } = await queueOf(1);
    const tooMany = await rest("POST", "/submissions/approve", buyer.token, {
      ids: [subs[0]!.id, ...Array.from({ length: BULK_APPROVE_LIMIT }, () => crypto.randomUUID())],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ error: { code: "validation_failed", message: TOO_MANY_TO_APPROVE } });
    expect((await rest("POST", "/submissions/approve", buyer.token, { ids: [] })).status).toBe(422);
    expect((await rest("POST", "/submissions/approve", workers[0]!.token, { ids: [subs[0]!.id] })).status).toBe(403);
    expect((await rest("POST", "/submissions/approve", undefined, { ids: [subs[0]!.id] })).status).toBe(401);
    expect(await statusOf(subs[0]!.id)).toBe("pending");
  });
});

describe("workers' track records", () => {
  it("shows approved, rejected and the approval rate of each worker on the page", async () => {
    const buyer = await funded("Buyer", 300);
    const worker = await registerUser("Worker", `Track Worker ${crypto.randomUUID().slice(0, 4)}`);
    const newcomer = await registerUser("Worker", `New Worker ${crypto.randomUUID().slice(0, 4)}`);
    for (const decision of ["approve", "approve", "reject"] as const) {
      const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
      const sub = await submissionBy(worker, task.id);
      if (decision === "approve") await approveAs(buyer, sub.id);
      else await rejectAs(buyer, sub.id, "Not this time");
    }
    const open = await taskOf(buyer, { required_workers: 2, payable_amount: 2 });
    await submissionBy(worker, open.id);
    await submissionBy(newcomer, open.id);

    expect(trackRecordText({ approved: 2, rejected: 1 })).toBe("2 approved · 1 rejected · 67%");
    expect(trackRecordText({ approved: 12, rejected: 1 })).toBe("12 approved · 1 rejected · 92%");
    // each row's record is a column of the queue's own statement
    const queue = await reviewQueue(env, buyer.id, { taskId: open.id });
    const recordOf = (id: string) => queue.items.find((s) => s.workerId === id)?.trackRecord;
    expect(recordOf(worker.id)).toEqual({ approved: 2, rejected: 1 });
    expect(recordOf(newcomer.id)).toEqual({ approved: 0, rejected: 0 });
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(body).toContain("2 approved · 1 rejected · 67%");
    expect(body).toContain("No reviewed work yet");
    await expectCountersAgree();
  });

  it("reads one primary-key row per worker, whatever their history", async () => {
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT (SELECT r.approved FROM worker_track_records r WHERE r.worker_id = s.worker_id) FROM submissions s WHERE s.id = ?",
    )
      .bind("a")
      .all<{ detail: string }>();
    const steps = plan.results.map((r) => r.detail).join(" | ");
    expect(steps).toMatch(/SEARCH r USING PRIMARY KEY \(worker_id=\?\)/);
    expect(steps).not.toMatch(/SCAN/);
  });
});

// the wire schema accepts what the catalogue's example shows
it("the documented answer of POST /submissions/approve matches its schema", () => {
  const doc = endpoints.find((e) => e.path === "/submissions/approve")!;
  expect(v.safeParse(bulkApprovalWire, doc.responses[0]!.example).success).toBe(true);
});
