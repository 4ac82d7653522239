// Random sequences of coin operations across several users, with pairs fired concurrently (appeals of rejections and
// their decisions, buyers reversing their own rejections, workers starting tasks, giving them back and running out of time, sending proof from a start or
// in one step, buyers' bonuses with repeated request keys, editing and withdrawing their pending submissions, buyers
// changing the pay of tasks with work pending, workers cancelling their pending withdrawals included). After every step: no negative balance or slot count, conservation holds, each payment
// credited once, each submission reviewed once and paid at most once, each withdrawal released at most once, and
// every counter the triggers keep equals the rows it counts. The same sequences run again with D1 failing a few
// percent of batches and reads, before or after they run (tests/server/fixtures/faults.ts): then each operation's
// answer must also be true, a refusal having changed nothing and a success having happened.
import { describe, expect, it } from "vitest";
import { env, expectCountersAgree, makeAdmin, registerUser, sendWork, sessionUser, taskInput } from "./fixtures";
import { expectAnswerTrue, FAULT_RATES, FaultInjector, expectFaultsMet, type FaultCount } from "./fixtures/faults";
import fc from "fast-check";
import { AppError } from "~/server/errors";
import { getDb } from "~/server/db/client.server";
import { conservation } from "~/server/services/ledger.server";
import { deleteTask, expireTask, postTask, updateTask } from "~/server/services/tasks.server";
import {
  approveSubmission,
  editSubmission,
  rejectSubmission,
  reverseRejection,
  withdrawSubmission,
} from "~/server/services/submissions.server";
import {
  approveWithdrawal,
  cancelWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
} from "~/server/services/withdrawals.server";
import { confirmPurchase, createPaymentIntent } from "~/server/services/purchases.server";
import { confirmTestCard } from "~/server/payments/provider.server";
import { adjustCoins } from "~/server/services/users.server";
import { decideAppeal, fileAppeal } from "~/server/services/appeals.server";
import { giveBackTask, releaseExpiredHolds, startTask } from "~/server/services/slots.server";
import { blockWorker } from "~/server/services/blocks.server";
import { payBonus } from "~/server/services/bonuses.server";
import { lapseDueRevisions, requestRevision } from "~/server/services/revisions.server";
import type { SessionUser } from "~/server/auth/session.server";

type Op =
  | { kind: "post"; buyer: number; workers: number; pay: number }
  | { kind: "update"; task: number; workers: number; pay: number }
  | { kind: "delete"; buyer: number; task: number; admin: boolean }
  | { kind: "submit"; worker: number; task: number; oneStep: boolean }
  | { kind: "start"; worker: number; task: number }
  | { kind: "giveback"; worker: number; task: number }
  | { kind: "expire"; task: number }
  | { kind: "block"; buyer: number; worker: number }
  | { kind: "close"; task: number }
  | { kind: "approve"; sub: number }
  | { kind: "reject"; sub: number }
  | { kind: "withdraw"; worker: number; coins: number }
  | { kind: "decide"; withdrawal: number; approve: boolean }
  | { kind: "buy"; buyer: number; coins: 10 | 150 }
  | { kind: "adjust"; worker: number; coins: number }
  | { kind: "bonus"; sub: number; coins: number; key: number }
  | { kind: "appeal"; sub: number }
  | { kind: "judge"; appeal: number; overturn: boolean }
  | { kind: "override"; sub: number }
  | { kind: "edit"; sub: number }
  | { kind: "unsubmit"; sub: number }
  | { kind: "revision"; sub: number; step: "ask" | "resubmit" | "lapse" }
  | { kind: "cancel"; withdrawal: number };

const idx = fc.nat({ max: 50 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("post" as const),
    buyer: idx,
    workers: fc.integer({ min: 1, max: 4 }),
    pay: fc.integer({ min: 1, max: 30 }),
  }),
  fc.record({
    kind: fc.constant("update" as const),
    task: idx,
    workers: fc.integer({ min: 1, max: 5 }),
    pay: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), buyer: idx, task: idx, admin: fc.boolean() }),
  fc.record({ kind: fc.constant("submit" as const), worker: idx, task: idx, oneStep: fc.boolean() }),
  fc.record({ kind: fc.constant("start" as const), worker: idx, task: idx }),
  fc.record({ kind: fc.constant("giveback" as const), worker: idx, task: idx }),
  fc.record({ kind: fc.constant("expire" as const), task: idx }),
  // a buyer blocks a worker, ending the worker's starts on their tasks; a requester closes a task (an expired HIT),
  // after which every slot coming back refunds the buyer (decision 074)
  fc.record({ kind: fc.constant("block" as const), buyer: idx, worker: idx }),
  fc.record({ kind: fc.constant("close" as const), task: idx }),
  fc.record({ kind: fc.constant("approve" as const), sub: idx }),
  fc.record({ kind: fc.constant("reject" as const), sub: idx }),
  fc.record({ kind: fc.constant("withdraw" as const), worker: idx, coins: fc.integer({ min: 150, max: 400 }) }),
  fc.record({ kind: fc.constant("decide" as const), withdrawal: idx, approve: fc.boolean() }),
  fc.record({ kind: fc.constant("buy" as const), buyer: idx, coins: fc.constantFrom(10 as const, 150 as const) }),
  fc.record({ kind: fc.constant("adjust" as const), worker: idx, coins: fc.integer({ min: 50, max: 300 }) }),
  // a buyer's bonus on a submission; two of the keys per submission, so repeats and racing repeats happen
  fc.record({ kind: fc.constant("bonus" as const), sub: idx, coins: fc.integer({ min: 1, max: 40 }), key: fc.nat(1) }),
  fc.record({ kind: fc.constant("appeal" as const), sub: idx }),
  fc.record({ kind: fc.constant("judge" as const), appeal: idx, overturn: fc.boolean() }),
  fc.record({ kind: fc.constant("override" as const), sub: idx }),
  fc.record({ kind: fc.constant("edit" as const), sub: idx }),
  fc.record({ kind: fc.constant("unsubmit" as const), sub: idx }),
  fc.record({
    kind: fc.constant("revision" as const),
    sub: idx,
    step: fc.constantFrom("ask" as const, "resubmit" as const, "lapse" as const),
  }),
  fc.record({ kind: fc.constant("cancel" as const), withdrawal: idx }),
);

interface State {
  admin: SessionUser;
  buyers: SessionUser[];
  workers: SessionUser[];
  tasks: string[];
  subs: string[];
  withdrawals: string[];
  payments: string[];
  appeals: string[];
}

/** What an operation's answer said: done, refused (a business refusal), or that D1 left it unknown; idle: no target. */
type Answer = "done" | "refused" | "unknown" | "idle";

/**
 * Runs one operation against `env` (the test Worker's, or a request's database over a faulty binding); business
 * refusals (AppError) are expected outcomes, anything else fails the test. The harness's own look-ups read `env`.
 */
async function run(o: Op, s: State, e: Env = env): Promise<Answer> {
  const pick = <T>(xs: T[], i: number) => (xs.length ? xs[i % xs.length] : undefined);
  try {
    switch (o.kind) {
      case "post": {
        const t = await postTask(
          e,
          pick(s.buyers, o.buyer)!,
          taskInput({ required_workers: o.workers, payable_amount: o.pay }),
        );
        s.tasks.push(t.id);
        break;
      }
      case "update": {
        // the task's own buyer changes its slots and pay, often while submissions and starts are pending on it
        const task = pick(s.tasks, o.task);
        if (!task) return "idle";
        await updateTask(e, await buyerOf(s, task), task, {
          ...taskInput(),
          required_workers: o.workers,
          payable_amount: o.pay,
        });
        break;
      }
      case "delete": {
        const task = pick(s.tasks, o.task);
        if (!task) return "idle";
        await deleteTask(e, o.admin ? s.admin : pick(s.buyers, o.buyer)!, task);
        break;
      }
      case "submit": {
        const task = pick(s.tasks, o.task);
        if (!task) return "idle";
        s.subs.push((await sendWork(pick(s.workers, o.worker)!, task, "p", e)).id);
        break;
      }
      case "start":
      case "giveback": {
        const task = pick(s.tasks, o.task);
        if (!task) return "idle";
        const worker = pick(s.workers, o.worker)!;
        // a start of a task already started answers the same hold and writes nothing: no operation
        const held = await env.DB.prepare("SELECT 1 FROM task_holds WHERE task_id = ? AND worker_id = ?")
          .bind(task, worker.id)
          .first();
        if (o.kind === "start" && held) return "idle";
        await (o.kind === "start" ? startTask(e, worker, task) : giveBackTask(e, worker, task));
        break;
      }
      case "expire": {
        // the task's starts, a day later: each one's time has run out (the cron's and the page's return)
        const task = pick(s.tasks, o.task);
        if (!task) return "idle";
        // none to return: no operation
        if ((await releaseExpiredHolds(e, Date.now() + 25 * 3_600_000, task)) === 0) return "idle";
        break;
      }
      case "block": {
        const buyer = pick(s.buyers, o.buyer)!;
        const worker = pick(s.workers, o.worker)!;
        // only a block that ends a start moves coins: none held, no operation
        const held = await env.DB.prepare("SELECT 1 FROM task_holds WHERE buyer_id = ? AND worker_id = ?")
          .bind(buyer.id, worker.id)
          .first();
        if (!held) return "idle";
        await blockWorker(e, buyer, { workerId: worker.id, reason: "property" });
        break;
      }
      case "close": {
        const task = pick(s.tasks, o.task);
        if (!task) return "idle";
        await expireTask(e, await buyerOf(s, task), task);
        break;
      }
      case "approve":
      case "reject": {
        const sub = pick(s.subs, o.sub);
        if (!sub) return "idle";
        const buyer = (await partiesOf(s, sub)).buyer!;
        if (o.kind === "approve") await approveSubmission(e, buyer, sub);
        else await rejectSubmission(e, buyer, sub, "not good");
        break;
      }
      case "withdraw":
        s.withdrawals.push(
          (
            await requestWithdrawal(e, pick(s.workers, o.worker)!, {
              withdrawal_coin: o.coins,
              payment_system: "Bank",
              account_number: "1234567890",
              bank_name: "Dutch-Bangla Bank",
              bank_branch: "Gulshan branch",
            })
          ).id,
        );
        break;
      case "cancel": {
        // the request's own worker takes it back (refused once decided or cancelled already)
        const w = pick(s.withdrawals, o.withdrawal);
        if (!w) return "idle";
        const row = await env.DB.prepare("SELECT worker_id FROM withdrawals WHERE id = ?")
          .bind(w)
          .first<{ worker_id: string }>();
        await cancelWithdrawal(
          e,
          s.workers.find((x) => x.id === row?.worker_id)!,
          w,
        );
        break;
      }
      case "decide": {
        const w = pick(s.withdrawals, o.withdrawal);
        if (!w) return "idle";
        await (o.approve ? approveWithdrawal(e, s.admin, w) : rejectWithdrawal(e, s.admin, w, "no"));
        break;
      }
      case "buy": {
        const buyer = pick(s.buyers, o.buyer)!;
        const intent = await createPaymentIntent(e, buyer, o.coins);
        await confirmTestCard(
          e,
          intent.clientSecret,
          { number: "4242424242424242", exp: "12/34", cvc: "123" },
          buyer.id,
        );
        // the client report and a retry race; one credit (the invariants count the orders)
        const reports = await Promise.allSettled([
          confirmPurchase(e, buyer, intent.paymentId),
          confirmPurchase(e, buyer, intent.paymentId),
        ]);
        const refused = reports.find((r) => r.status === "rejected");
        if (reports.every((r) => r.status === "rejected")) throw (refused as PromiseRejectedResult).reason;
        s.payments.push(intent.paymentId);
        break;
      }
      case "adjust":
        await adjustCoins(e, s.admin, pick(s.workers, o.worker)!.id, o.coins, "property test");
        break;
      case "bonus": {
        // the submission's buyer pays it (refused unless reviewed, or beyond the balance); a repeated key pays nothing
        const sub = pick(s.subs, o.sub);
        if (!sub) return "idle";
        const { buyer } = await partiesOf(s, sub);
        if (!buyer) return "idle";
        const paid = await payBonus(e, buyer, {
          submissionId: sub,
          coins: o.coins,
          reason: "well done",
          requestKey: `${sub}-${o.key}`,
        });
        // the same key answered again: nothing changed, as after a refusal
        if (!paid.created) return "refused";
        break;
      }
      case "appeal": {
        // the submission's own worker appeals (refused unless it is rejected and not appealed yet)
        const sub = pick(s.subs, o.sub);
        if (!sub) return "idle";
        // a withdrawn submission is gone: its worker is still one of them (the appeal is refused, not found)
        const worker = (await partiesOf(s, sub)).worker ?? s.workers[o.sub % s.workers.length];
        s.appeals.push((await fileAppeal(e, worker, sub, "It was done as the task asked.")).id);
        break;
      }
      case "edit":
      case "unsubmit": {
        // the submission's own worker changes it or withdraws it (refused unless it is still pending)
        const sub = pick(s.subs, o.sub);
        if (!sub) return "idle";
        // a withdrawn submission is gone: its worker is still the one who sent it
        const worker = (await partiesOf(s, sub)).worker ?? s.workers[o.sub % s.workers.length];
        if (o.kind === "edit")
          await editSubmission(e, worker, sub, { submission_details: "changed", submission_image_url: "" });
        else await withdrawSubmission(e, worker, sub);
        break;
      }
      case "revision": {
        // the buyer asks for the one revision of a pending submission; its worker resubmits (an edit); or its 48
        // hours end (the cron's and the read's lapse, two days on). No coin moves on any of them.
        const sub = pick(s.subs, o.sub);
        if (!sub) return "idle";
        const { worker, buyer } = await partiesOf(s, sub);
        // a withdrawn submission is gone
        if (!worker || !buyer) return "idle";
        if (o.step === "ask") await requestRevision(e, buyer, sub, "Please fix the screenshot.");
        else if (o.step === "resubmit")
          await editSubmission(e, worker, sub, { submission_details: "revised", submission_image_url: "" });
        else if ((await lapseDueRevisions(e, Date.now() + 49 * 3_600_000, sub)) === 0) return "idle";
        break;
      }
      case "override": {
        // the buyer reverses their own rejection (the MTurk API's OverrideRejection), paying from their balance
        const sub = pick(s.subs, o.sub);
        if (!sub) return "idle";
        const { buyer } = await partiesOf(s, sub);
        if (!buyer) return "idle";
        await reverseRejection(e, buyer, sub);
        break;
      }
      case "judge": {
        // an overturn pays from the open slot or the buyer's balance, a short balance becoming debt
        const appeal = pick(s.appeals, o.appeal);
        if (!appeal) return "idle";
        await decideAppeal(e, s.admin, appeal, o.overturn ? "overturn" : "uphold");
        break;
      }
    }
    return "done";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.code === "database_unavailable" ? "unknown" : "refused";
  }
}

/** The buyer who posted the task. */
async function buyerOf(s: State, taskId: string): Promise<SessionUser> {
  const row = await env.DB.prepare("SELECT buyer_id FROM tasks WHERE id = ?")
    .bind(taskId)
    .first<{ buyer_id: string }>();
  return s.buyers.find((b) => b.id === row?.buyer_id)!;
}

/** A submission's worker and buyer (neither once the submission is withdrawn: its row is gone). */
async function partiesOf(s: State, submissionId: string) {
  const row = await env.DB.prepare("SELECT worker_id, buyer_id FROM submissions WHERE id = ?")
    .bind(submissionId)
    .first<{ worker_id: string; buyer_id: string }>();
  return {
    worker: s.workers.find((w) => w.id === row?.worker_id),
    buyer: s.buyers.find((b) => b.id === row?.buyer_id),
  };
}

async function invariants(ids: string[], payments: string[]) {
  const c = await conservation(getDb(env), ids);
  expect(c, JSON.stringify(c)).toMatchObject({ holds: true, mismatchedUsers: 0 });
  const list = ids.map(() => "?").join(",");
  const neg = await env.DB.prepare(`SELECT COUNT(*) AS n FROM users WHERE id IN (${list}) AND coin < 0`)
    .bind(...ids)
    .first<{ n: number }>();
  expect(neg?.n).toBe(0);
  const slots = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM tasks WHERE buyer_id IN (${list}) AND required_workers < 0`,
  )
    .bind(...ids)
    .first<{ n: number }>();
  expect(slots?.n).toBe(0);
  // each submission paid at most once, and only if approved
  const payouts = await env.DB.prepare(
    `SELECT s.id, s.status, (SELECT COUNT(*) FROM coin_ledger l WHERE l.submission_id = s.id AND l.kind = 'submission_payout') AS paid
     FROM submissions s WHERE s.buyer_id IN (${list})`,
  )
    .bind(...ids)
    .all<{ status: string; paid: number }>();
  for (const p of payouts.results) expect(p.paid).toBe(p.status === "approved" ? 1 : 0);
  // each withdrawal is held once and released at most once: exactly when it was rejected or cancelled
  const releases = await env.DB.prepare(
    `SELECT w.status, (SELECT COUNT(*) FROM coin_ledger l WHERE l.withdrawal_id = w.id AND l.kind = 'withdrawal_hold') AS held,
       (SELECT COUNT(*) FROM coin_ledger l WHERE l.withdrawal_id = w.id AND l.kind = 'withdrawal_release') AS released
     FROM withdrawals w WHERE w.worker_id IN (${list})`,
  )
    .bind(...ids)
    .all<{ status: string; held: number; released: number }>();
  for (const r of releases.results) {
    expect(r.held).toBe(1);
    expect(r.released).toBe(r.status === "rejected" || r.status === "cancelled" ? 1 : 0);
  }
  // each bonus is charged once and paid once: two rows that net to nothing, one bonus per buyer and key
  const bonusRows = await env.DB.prepare(
    `SELECT b.coins, (SELECT COUNT(*) FROM coin_ledger l WHERE l.bonus_id = b.id) AS n,
       (SELECT SUM(delta) FROM coin_ledger l WHERE l.bonus_id = b.id) AS net,
       (SELECT delta FROM coin_ledger l WHERE l.bonus_id = b.id AND l.user_id = b.worker_id) AS paid
     FROM bonuses b WHERE b.buyer_id IN (${list})`,
  )
    .bind(...ids)
    .all<{ coins: number; n: number; net: number; paid: number }>();
  for (const b of bonusRows.results) expect(b).toEqual({ coins: b.coins, n: 2, net: 0, paid: b.coins });
  for (const pid of payments) {
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE payment_id = ?")
      .bind(pid)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  }
  // the running totals and open-slot counters (migrations/0006) still equal the sums and COUNTs they stand for
  await expectCountersAgree();
}

/** An admin, two buyers and three workers of their own, and the state the operations build. */
async function world(): Promise<{ state: State; ids: string[] }> {
  const admin = await sessionUser((await makeAdmin()).id);
  const buyers = [
    await sessionUser((await registerUser("Buyer")).id),
    await sessionUser((await registerUser("Buyer")).id),
  ];
  const workers = [];
  for (let i = 0; i < 3; i++) workers.push(await sessionUser((await registerUser("Worker")).id));
  const state: State = { admin, buyers, workers, tasks: [], subs: [], withdrawals: [], payments: [], appeals: [] };
  return { state, ids: [admin.id, ...buyers.map((b) => b.id), ...workers.map((w) => w.id)] };
}

const steps = fc.array(fc.tuple(op, fc.option(op, { nil: undefined })), { minLength: 5, maxLength: 14 });

describe("ledger properties", () => {
  it("random concurrent operations never create, lose or double-spend a coin", async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const { state, ids } = await world();
        for (const [a, b] of sequence) {
          // a pair runs concurrently, like two requests arriving together
          const answers = await Promise.all([run(a, state), b ? run(b, state) : Promise.resolve("idle" as const)]);
          // a card that succeeded is credited, whichever of its two reports does it
          [a, b].forEach((o, i) => o?.kind === "buy" && expect(answers[i], "a paid card").toBe("done"));
          await invariants(ids, state.payments);
        }
      }),
      // a failing run is reported as found (with its seed): shrinking whole sequences would outlast the timeout
      { numRuns: 12, endOnFailure: true },
    );
    // Each run checks the whole system's identity, which grows with what earlier files stored (one database for
    // the run): more than the default 30 s on a busy 2-core machine.
  }, 180_000);

  it("with D1 failing some batches and reads, before or after they run: each answer says what happened", async () => {
    const counts: FaultCount[] = [];
    await fc.assert(
      fc.asyncProperty(steps, fc.integer(), async (sequence, seed) => {
        const faults = new FaultInjector(FAULT_RATES, seed);
        counts.push(faults.count);
        const { state, ids } = await world();
        for (const [a, b] of sequence) {
          // each operation is a request of its own: its database is a D1 session over a binding that fails
          await Promise.all(
            [a, b].map(async (o) => {
              if (!o) return;
              const request = faults.request();
              const answer = await run(o, state, request.env);
              if (answer !== "idle")
                await expectAnswerTrue(`${o.kind} ${JSON.stringify(o)}`, answer, request.binding, { changes: true });
            }),
          );
          await invariants(ids, state.payments);
        }
      }),
      // a failing run is reported as found: shrinking it would re-run whole sequences for minutes
      { numRuns: 14, endOnFailure: true },
    );
    expectFaultsMet(counts);
  }, 300_000);

  it("an overturn racing the buyer's own spending: the balance never goes negative, the shortfall is owed", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const buyer = await sessionUser((await registerUser("Buyer")).id); // 50 coins
    const worker = await sessionUser((await registerUser("Worker")).id);
    const other = await sessionUser((await registerUser("Worker")).id);
    const task = await postTask(env, buyer, taskInput({ required_workers: 1, payable_amount: 30 }));
    const sub = await sendWork(worker, task.id, "x");
    await rejectSubmission(env, buyer, sub.id, "no");
    // the reopened slot goes to another worker, so an overturn is paid from the balance (20 coins)
    await sendWork(other, task.id, "y");
    const appeal = await fileAppeal(env, worker, sub.id, "It was done as the task asked.");
    const [overturn, spend] = await Promise.allSettled([
      decideAppeal(env, admin, appeal.id, "overturn"),
      postTask(env, buyer, taskInput({ required_workers: 1, payable_amount: 15 })),
    ]);
    expect(overturn.status).toBe("fulfilled");
    const after = await env.DB.prepare("SELECT coin, debt_coins AS debt FROM users WHERE id = ?")
      .bind(buyer.id)
      .first<{ coin: number; debt: number }>();
    // spent first: 5 left, 25 owed; overturned first: 0 left, 10 owed, and the posting is refused for the debt
    expect(after).toEqual(spend.status === "fulfilled" ? { coin: 0, debt: 25 } : { coin: 0, debt: 10 });
    await invariants([admin.id, buyer.id, worker.id, other.id], []);
  });

  it("three workers racing for the last slot: exactly one gets it", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const buyer = await sessionUser((await registerUser("Buyer")).id);
    const ws = await Promise.all([1, 2, 3].map(async () => sessionUser((await registerUser("Worker")).id)));
    const task = await postTask(env, buyer, taskInput({ required_workers: 1, payable_amount: 10 }));
    const results = await Promise.allSettled(ws.map((w) => sendWork(w, task.id, "me")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const row = await env.DB.prepare("SELECT required_workers FROM tasks WHERE id = ?")
      .bind(task.id)
      .first<{ required_workers: number }>();
    expect(row?.required_workers).toBe(0);
    await invariants([admin.id, buyer.id, ...ws.map((w) => w.id)], []);
  });
});

describe("the workers' own take-backs", () => {
  it("a cancel racing the admin's decision, a withdrawn submission racing its review: one of each happens", async () => {
    for (const decision of ["approve", "reject"] as const) {
      const admin = await sessionUser((await makeAdmin()).id);
      const buyer = await sessionUser((await registerUser("Buyer")).id);
      const worker = await sessionUser((await registerUser("Worker")).id);
      await adjustCoins(env, admin, worker.id, 290, "earnings"); // 300
      const w = await requestWithdrawal(env, worker, {
        withdrawal_coin: 250,
        payment_system: "Rocket",
        account_number: "01812345678",
      });
      const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 20 }));
      const sub = await sendWork(worker, task.id);
      const results = await Promise.allSettled([
        cancelWithdrawal(env, worker, w.id),
        decision === "approve" ? approveWithdrawal(env, admin, w.id) : rejectWithdrawal(env, admin, w.id, "no"),
        withdrawSubmission(env, worker, sub.id),
        decision === "approve"
          ? approveSubmission(env, buyer, sub.id)
          : rejectSubmission(env, buyer, sub.id, "not good"),
      ]);
      expect(results.slice(0, 2).filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.slice(2).filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(AppError);
      const status = await env.DB.prepare("SELECT status FROM withdrawals WHERE id = ?")
        .bind(w.id)
        .first<{ status: string }>();
      // coins back exactly when cancelled or rejected; paid out when approved
      const coins = (await env.DB.prepare("SELECT coin FROM users WHERE id = ?")
        .bind(worker.id)
        .first<{ coin: number }>())!.coin;
      const payout = results[3]!.status === "fulfilled" && decision === "approve" ? 20 : 0;
      expect(coins).toBe((status?.status === "approved" ? 50 : 300) + payout);
      await invariants([admin.id, buyer.id, worker.id], []);
    }
  });
});
