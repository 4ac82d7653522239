// The coin economy's rules and refusals, called the way routes call them, on real local D1.
import { describe, expect, inject, it } from "vitest";
import {
  appErrorOf,
  balance,
  env,
  isoDay,
  makeAdmin,
  registerUser,
  row,
  sendWork,
  sessionUser,
  taskInput,
} from "./fixtures";
import Stripe from "stripe";
import { getDb } from "~/server/db/client.server";
import { conservation } from "~/server/services/ledger.server";
import { deleteTask, postTask, updateTask, PENDING_BLOCKS_DELETE } from "~/server/services/tasks.server";
import {
  ALREADY_REVIEWED,
  ALREADY_SUBMITTED,
  NO_SLOTS,
  PAST_DATE,
  approveSubmission,
  autoApproveDue,
  rejectSubmission,
} from "~/server/services/submissions.server";
import {
  approveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
  BELOW_MINIMUM,
  ALREADY_DECIDED,
} from "~/server/services/withdrawals.server";
import { confirmPurchase, createPaymentIntent, handleStripeWebhook } from "~/server/services/purchases.server";
import { confirmTestCard } from "~/server/payments/provider.server";
import { adjustCoins, changeRole, removeUser, LAST_ADMIN, NOT_SELF } from "~/server/services/users.server";

/** A closed little economy: an admin, a funded buyer and workers. */
async function world(buyerCoins = 500, workers = 3) {
  const admin = await sessionUser((await makeAdmin()).id);
  const buyerId = (await registerUser("Buyer")).id;
  if (buyerCoins > 50) await adjustCoins(env, admin, buyerId, buyerCoins - 50, "test funding");
  const ws = [];
  for (let i = 0; i < workers; i++) ws.push(await sessionUser((await registerUser("Worker", `Worker ${i}`)).id));
  const buyer = await sessionUser(buyerId);
  const ids = [admin.id, buyer.id, ...ws.map((w) => w.id)];
  const holds = async () => (await conservation(getDb(env), ids)).holds;
  return { admin, buyer, workers: ws, ids, holds };
}

describe("tasks", () => {
  it("posting charges required_workers x payable_amount, atomically with the task", async () => {
    const { buyer, holds } = await world(100, 0);
    const task = await postTask(env, buyer, taskInput({ required_workers: 4, payable_amount: 10 }));
    expect(task.requiredWorkers).toBe(4);
    expect(await balance(buyer.id)).toBe(60);
    expect(await holds()).toBe(true);
  });

  it("refuses a task over the balance with how many coins are missing, changing nothing", async () => {
    const { buyer, holds } = await world(50, 0);
    const e = await appErrorOf(postTask(env, buyer, taskInput({ required_workers: 6, payable_amount: 10 })));
    expect(e.status).toBe(409);
    expect(e.message).toBe("Not available Coin.  Purchase Coin");
    // as a file's posting answers (POST /task-batches): the coins missing, the cost and the tasks
    expect(e.extra).toEqual({ missing: 10, cost: 60, tasks: 1 });
    expect(await balance(buyer.id)).toBe(50);
    const n = await row<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE buyer_id = ?", buyer.id);
    expect(n?.n).toBe(0);
    expect(await holds()).toBe(true);
  });

  it("only buyers post tasks", async () => {
    const { workers } = await world(50, 1);
    expect((await appErrorOf(postTask(env, workers[0], taskInput()))).status).toBe(403);
  });

  it("an update charges or refunds the difference; over the balance says 'Insufficient Coins' with the shortfall", async () => {
    const { buyer, holds } = await world(100, 0);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 10 })); // 80 left
    await updateTask(env, buyer, task.id, { ...taskInput(), required_workers: 3, payable_amount: 10 });
    expect(await balance(buyer.id)).toBe(70);
    await updateTask(env, buyer, task.id, { ...taskInput(), required_workers: 1, payable_amount: 5 });
    expect(await balance(buyer.id)).toBe(95);
    const e = await appErrorOf(
      updateTask(env, buyer, task.id, { ...taskInput(), required_workers: 10, payable_amount: 11 }),
    );
    expect(e.message).toBe("Insufficient Coins");
    expect(e.extra).toEqual({ missing: 110 - 5 - 95 });
    expect(await balance(buyer.id)).toBe(95);
    expect(await holds()).toBe(true);
  });

  it("only the owner updates or deletes a task", async () => {
    const a = await world(100, 0);
    const b = await world(100, 0);
    const task = await postTask(env, a.buyer, taskInput());
    expect((await appErrorOf(updateTask(env, b.buyer, task.id, taskInput()))).status).toBe(403);
    expect((await appErrorOf(deleteTask(env, b.buyer, task.id))).status).toBe(403);
  });

  it("the owner's delete refunds the open slots, and is refused while a submission is pending", async () => {
    const { buyer, workers, holds } = await world(100, 1);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 10 })); // 80
    const sub = await sendWork(workers[0], task.id, "done");
    const e = await appErrorOf(deleteTask(env, buyer, task.id));
    expect(e.status).toBe(409);
    expect(e.message).toBe(PENDING_BLOCKS_DELETE);
    expect(await balance(buyer.id)).toBe(80);
    await approveSubmission(env, buyer, sub.id);
    await deleteTask(env, buyer, task.id);
    expect(await balance(buyer.id)).toBe(90);
    expect((await appErrorOf(deleteTask(env, buyer, task.id))).status).toBe(404);
    expect(await holds()).toBe(true);
  });

  it("an admin's delete cancels pending submissions and refunds them too", async () => {
    const { admin, buyer, workers, holds } = await world(100, 2);
    const task = await postTask(env, buyer, taskInput({ required_workers: 3, payable_amount: 10 })); // 70
    const s1 = await sendWork(workers[0], task.id, "a");
    await sendWork(workers[1], task.id, "b");
    await approveSubmission(env, buyer, s1.id);
    await deleteTask(env, admin, task.id, "spam");
    // 1 open slot (10) + 1 pending (10) come back; the approved one stays paid
    expect(await balance(buyer.id)).toBe(90);
    const statuses = await env.DB.prepare("SELECT status FROM submissions WHERE task_id = ? ORDER BY status")
      .bind(task.id)
      .all<{ status: string }>();
    expect(statuses.results.map((r) => r.status)).toEqual(["approved", "cancelled"]);
    const audit = await env.DB.prepare("SELECT action, reason FROM audit_log WHERE target_id = ?")
      .bind(task.id)
      .first();
    expect(audit).toEqual({ action: "task.delete", reason: "spam" });
    expect(await holds()).toBe(true);
  });
});

describe("submissions", () => {
  it("a submission takes a slot; one active submission per worker; a full task says so", async () => {
    const { buyer, workers, holds } = await world(100, 3);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 5 }));
    await sendWork(workers[0], task.id, "x");
    const dup = await appErrorOf(sendWork(workers[0], task.id, "x"));
    expect(dup.message).toBe(ALREADY_SUBMITTED);
    await sendWork(workers[1], task.id, "y");
    const full = await appErrorOf(sendWork(workers[2], task.id, "z"));
    expect(full.message).toBe(NO_SLOTS);
    const stored = await row<{ required_workers: number }>("SELECT required_workers FROM tasks WHERE id = ?", task.id);
    expect(stored?.required_workers).toBe(0);
    expect(await holds()).toBe(true);
  });

  it("no submissions after the completion date", async () => {
    const { buyer, workers } = await world(100, 1);
    const task = await postTask(env, buyer, taskInput());
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), task.id).run();
    const e = await appErrorOf(sendWork(workers[0], task.id, "late"));
    expect(e.message).toBe(PAST_DATE);
  });

  it("approval pays the worker once and notifies them; only the task's buyer reviews", async () => {
    const { buyer, workers, holds } = await world(100, 1);
    const other = await world(100, 0);
    const task = await postTask(env, buyer, taskInput({ payable_amount: 7 }));
    const sub = await sendWork(workers[0], task.id, "x");
    expect((await appErrorOf(approveSubmission(env, other.buyer, sub.id))).status).toBe(403);
    expect((await appErrorOf(approveSubmission(env, workers[0], sub.id))).status).toBe(403);
    await approveSubmission(env, buyer, sub.id);
    expect(await balance(workers[0].id)).toBe(17);
    const again = await appErrorOf(approveSubmission(env, buyer, sub.id));
    expect(again.message).toBe(ALREADY_REVIEWED);
    expect(await balance(workers[0].id)).toBe(17);
    const note = await row<{ message: string }>("SELECT message FROM notifications WHERE user_id = ?", workers[0].id);
    expect(note?.message).toContain("You earned 7 coins");
    expect(await holds()).toBe(true);
  });

  it("two approvals racing pay once", async () => {
    const { buyer, workers, holds } = await world(100, 1);
    const task = await postTask(env, buyer, taskInput({ payable_amount: 9 }));
    const sub = await sendWork(workers[0], task.id, "x");
    const results = await Promise.allSettled([
      approveSubmission(env, buyer, sub.id),
      approveSubmission(env, buyer, sub.id),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await balance(workers[0].id)).toBe(19);
    expect(await holds()).toBe(true);
  });

  it("rejection returns the slot and tells the worker the reason", async () => {
    const { buyer, workers, holds } = await world(100, 2);
    const task = await postTask(env, buyer, taskInput({ required_workers: 1 }));
    const sub = await sendWork(workers[0], task.id, "x");
    await rejectSubmission(env, buyer, sub.id, "The screenshot is blurry");
    const stored = await row<{ required_workers: number }>("SELECT required_workers FROM tasks WHERE id = ?", task.id);
    expect(stored?.required_workers).toBe(1);
    const note = await row<{ message: string }>("SELECT message FROM notifications WHERE user_id = ?", workers[0].id);
    expect(note?.message).toContain("The screenshot is blurry");
    // the reopened slot is taken by another worker
    await sendWork(workers[1], task.id, "y");
    expect((await appErrorOf(rejectSubmission(env, buyer, sub.id, "again"))).message).toBe(ALREADY_REVIEWED);
    expect(await holds()).toBe(true);
  });

  it("a rejection after a pay change settles the difference with the buyer", async () => {
    const { buyer, workers, holds } = await world(200, 1);
    const task = await postTask(env, buyer, taskInput({ required_workers: 2, payable_amount: 5 })); // 190
    const sub = await sendWork(workers[0], task.id, "x");
    await updateTask(env, buyer, task.id, { ...taskInput(), required_workers: 1, payable_amount: 8 }); // 5 -> 8: 190 - 3 = 187
    expect(await balance(buyer.id)).toBe(187);
    await rejectSubmission(env, buyer, sub.id, "");
    expect(await balance(buyer.id)).toBe(184); // reopened slot costs 8, the pending submission held 5
    expect(await holds()).toBe(true);
  });

  it("auto-approval pays submissions older than the review window", async () => {
    const { buyer, workers, holds } = await world(100, 1);
    const task = await postTask(env, buyer, taskInput({ payable_amount: 4 }));
    const sub = await sendWork(workers[0], task.id, "x");
    await env.DB.prepare("UPDATE submissions SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 4 * 86_400_000, sub.id)
      .run();
    expect(await autoApproveDue(env)).toBeGreaterThanOrEqual(1);
    expect(await balance(workers[0].id)).toBe(14);
    const stored = await row<{ status: string }>("SELECT status FROM submissions WHERE id = ?", sub.id);
    expect(stored?.status).toBe("approved");
    expect(await holds()).toBe(true);
  });
});

/** A bank payout's details besides the account number. */
const BANK = { payment_system: "Bank", bank_name: "Dutch-Bangla Bank", bank_branch: "Gulshan branch" } as const;

describe("withdrawals", () => {
  it("holds the coins at request time; below 200 or over the balance is refused", async () => {
    const { admin, workers, holds } = await world(50, 1);
    const w = workers[0];
    await adjustCoins(env, admin, w.id, 290, "bonus"); // 300
    expect(
      (
        await appErrorOf(
          requestWithdrawal(env, w, { withdrawal_coin: 150, payment_system: "Bkash", account_number: "01712345678" }),
        )
      ).message,
    ).toBe(BELOW_MINIMUM);
    expect(
      (
        await appErrorOf(
          requestWithdrawal(env, w, { withdrawal_coin: 301, payment_system: "Bkash", account_number: "01712345678" }),
        )
      ).status,
    ).toBe(409);
    const req = await requestWithdrawal(env, w, {
      withdrawal_coin: 250,
      payment_system: "Bkash",
      account_number: "01712345678",
    });
    expect(req.withdrawalCents).toBe(1250);
    expect(await balance(w.id)).toBe(50);
    // a second request cannot spend the held coins
    expect(
      (
        await appErrorOf(
          requestWithdrawal(env, w, { withdrawal_coin: 200, payment_system: "Nagad", account_number: "01812345678" }),
        )
      ).status,
    ).toBe(409);
    await approveWithdrawal(env, admin, req.id);
    expect((await appErrorOf(approveWithdrawal(env, admin, req.id))).message).toBe(ALREADY_DECIDED);
    expect(await balance(w.id)).toBe(50);
    expect(await holds()).toBe(true);
  });

  it("two withdrawals racing over one balance: only one is held", async () => {
    const { admin, workers, holds } = await world(50, 1);
    const w = workers[0];
    await adjustCoins(env, admin, w.id, 290, "bonus"); // 300
    const results = await Promise.allSettled([
      requestWithdrawal(env, w, { withdrawal_coin: 200, ...BANK, account_number: "1234567" }),
      requestWithdrawal(env, w, { withdrawal_coin: 200, ...BANK, account_number: "7654321" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await balance(w.id)).toBe(100);
    expect(await holds()).toBe(true);
  });

  it("rejection returns the coins; only admins decide", async () => {
    const { admin, workers, holds } = await world(50, 1);
    const w = workers[0];
    await adjustCoins(env, admin, w.id, 190, "bonus"); // 200
    const req = await requestWithdrawal(env, w, {
      withdrawal_coin: 200,
      payment_system: "Rocket",
      account_number: "01912345678",
    });
    expect((await appErrorOf(approveWithdrawal(env, w, req.id))).status).toBe(403);
    await rejectWithdrawal(env, admin, req.id, "Account number is wrong");
    expect(await balance(w.id)).toBe(200);
    const note = await env.DB.prepare(
      "SELECT message FROM notifications WHERE user_id = ? AND message LIKE '%rejected%'",
    )
      .bind(w.id)
      .first<{ message: string }>();
    expect(note?.message).toContain("Account number is wrong");
    expect(await holds()).toBe(true);
  });
});

describe("admin rules", () => {
  it("adjustments need an admin and never touch the admin's own account", async () => {
    const { admin, workers } = await world(50, 1);
    expect((await appErrorOf(adjustCoins(env, admin, admin.id, 100, "me"))).status).toBe(403);
    expect((await appErrorOf(adjustCoins(env, workers[0], workers[0].id, 100, "me"))).status).toBe(403);
    expect((await appErrorOf(adjustCoins(env, admin, workers[0].id, -11, "too much"))).status).toBe(409);
    expect(await balance(workers[0].id)).toBe(10);
  });

  it("no admin demotes or removes themselves or the last admin", async () => {
    const { admin, workers } = await world(50, 1);
    expect((await appErrorOf(changeRole(env, admin, admin.id, "Worker"))).message).toBe(NOT_SELF);
    expect((await appErrorOf(removeUser(env, admin, admin.id))).message).toBe(NOT_SELF);
    await changeRole(env, admin, workers[0].id, "Buyer");
    expect((await sessionUser(workers[0].id)).role).toBe("Buyer");
    const second = await sessionUser((await makeAdmin()).id);
    // demoting another admin works while others remain
    await changeRole(env, admin, second.id, "Worker");
    expect((await sessionUser(second.id)).role).toBe("Worker");
  });

  it("the last admin cannot be demoted by a stale admin session", async () => {
    const { admin } = await world(50, 0);
    // only two admins: `admin` and `other`; demote other to make admin the... last of these two
    const other = await sessionUser((await makeAdmin()).id);
    const allAdmins = await env.DB.prepare("SELECT id FROM users WHERE role = 'Admin' AND disabled_at IS NULL").all<{
      id: string;
    }>();
    // demote every other admin so that `admin` is the last one
    for (const a of allAdmins.results)
      if (a.id !== admin.id && a.id !== other.id)
        await env.DB.prepare("UPDATE users SET role = 'Worker' WHERE id = ?").bind(a.id).run();
    await changeRole(env, admin, other.id, "Worker");
    // `other` still holds an old admin session object: it must not demote the last admin
    const e = await appErrorOf(changeRole(env, other, admin.id, "Worker"));
    expect([LAST_ADMIN, "Only admins can do this"]).toContain(e.message);
    expect((await sessionUser(admin.id)).role).toBe("Admin");
  });

  it("removal disables the account, ends its sessions and refunds its open tasks", async () => {
    const { admin, buyer, workers, holds } = await world(100, 1);
    const task = await postTask(env, buyer, taskInput({ required_workers: 3, payable_amount: 10 })); // 70
    await sendWork(workers[0], task.id, "x");
    await removeUser(env, admin, buyer.id, "fraud");
    expect(await balance(buyer.id)).toBe(100);
    const stored = await row<{ disabled_at: number; session_version: number }>(
      "SELECT disabled_at, session_version FROM users WHERE id = ?",
      buyer.id,
    );
    expect(stored?.disabled_at).toBeGreaterThan(0);
    expect(stored?.session_version).toBe(2);
    expect(await holds()).toBe(true);
  });
});

describe("purchases: embedded test-mode provider", () => {
  it("4242 succeeds and credits once; a replayed report credits nothing more", async () => {
    const { buyer, ids } = await world(50, 0);
    const intent = await createPaymentIntent(env, buyer, 150);
    expect(intent.mode).toBe("test");
    expect(intent.priceCents).toBe(1000);
    await confirmTestCard(
      env,
      intent.clientSecret,
      { number: "4242 4242 4242 4242", exp: "12/34", cvc: "123" },
      buyer.id,
    );
    const first = await confirmPurchase(env, buyer, intent.paymentId);
    const again = await confirmPurchase(env, buyer, intent.paymentId);
    expect(first.credited).toBe(true);
    expect(again.credited).toBe(false);
    expect(await balance(buyer.id)).toBe(200);
    expect((await conservation(getDb(env), ids)).holds).toBe(true);
  });

  it("4000 0000 0000 0002 is declined with the provider's message and charges nothing", async () => {
    const { buyer } = await world(50, 0);
    const intent = await createPaymentIntent(env, buyer, 500);
    const e = await appErrorOf(
      confirmTestCard(env, intent.clientSecret, { number: "4000000000000002", exp: "12/34", cvc: "123" }, buyer.id),
    );
    expect(e.message).toBe("Your card was declined.");
    expect((await appErrorOf(confirmPurchase(env, buyer, intent.paymentId))).status).toBe(402);
    expect(await balance(buyer.id)).toBe(50);
  });

  it("the price comes from the server's list; unknown packages and other users' payments are refused", async () => {
    const a = await world(50, 0);
    const b = await world(50, 0);
    expect((await appErrorOf(createPaymentIntent(env, a.buyer, 151))).status).toBe(422);
    const intent = await createPaymentIntent(env, a.buyer, 10);
    await confirmTestCard(
      env,
      intent.clientSecret,
      { number: "4242424242424242", exp: "12/34", cvc: "123" },
      a.buyer.id,
    );
    expect((await appErrorOf(confirmPurchase(env, b.buyer, intent.paymentId))).status).toBe(403);
    expect(await balance(b.buyer.id)).toBe(50);
  });
});

describe("purchases: Stripe through the real SDK", () => {
  const stripeEnv = () => ({
    ...env,
    STRIPE_SECRET_KEY: "sk_test_coinwork",
    STRIPE_WEBHOOK_SECRET: "whsec_test_coinwork",
    STRIPE_API_BASE: inject("stripeBase"),
  });
  const control = (id: string, patch: object) =>
    fetch(`${inject("stripeBase")}/__control/${id}`, {
      method: "POST",
      headers: { Authorization: "Bearer sk_test_coinwork" },
      body: JSON.stringify(patch),
    });

  async function signedEvent(intent: object, secret = "whsec_test_coinwork") {
    const payload = JSON.stringify({
      id: `evt_${Date.now()}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent },
    });
    const header = await new Stripe("sk_test_x").webhooks.generateTestHeaderStringAsync({ payload, secret });
    return new Request("https://coinwork.test/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "Stripe-Signature": header },
    });
  }

  it("creates the intent in cents with the user and coins in metadata, and credits only once it succeeded", async () => {
    const s = stripeEnv();
    const { buyer } = await world(50, 0);
    const intent = await createPaymentIntent(s, buyer, 1000);
    expect(intent.mode).toBe("stripe");
    const seen = (await (
      await fetch(`${inject("stripeBase")}/v1/payment_intents/${intent.paymentId}`, {
        headers: { Authorization: "Bearer sk_test_coinwork" },
      })
    ).json()) as {
      amount: number;
      metadata: Record<string, string>;
    };
    expect(seen.amount).toBe(3500);
    expect(seen.metadata).toEqual({ userId: buyer.id, coins: "1000" });
    expect((await appErrorOf(confirmPurchase(s, buyer, intent.paymentId))).status).toBe(402);
    await control(intent.paymentId, { status: "succeeded" });
    expect((await confirmPurchase(s, buyer, intent.paymentId)).credited).toBe(true);
    expect(await balance(buyer.id)).toBe(1050);
  });

  it("a signed webhook credits once, however often it is replayed, and races the client report safely", async () => {
    const s = stripeEnv();
    const { buyer } = await world(50, 0);
    const intent = await createPaymentIntent(s, buyer, 150);
    const pi = (await (await control(intent.paymentId, { status: "succeeded" })).json()) as object;
    const [a, b, c] = await Promise.allSettled([
      handleStripeWebhook(s, await signedEvent(pi)),
      handleStripeWebhook(s, await signedEvent(pi)),
      confirmPurchase(s, buyer, intent.paymentId),
    ]);
    expect([a, b, c].every((r) => r.status === "fulfilled")).toBe(true);
    expect(await balance(buyer.id)).toBe(200);
    const orders = await row<{ n: number }>("SELECT COUNT(*) AS n FROM orders WHERE payment_id = ?", intent.paymentId);
    expect(orders?.n).toBe(1);
  });

  it("refuses a bad signature and a tampered amount", async () => {
    const s = stripeEnv();
    const { buyer } = await world(50, 0);
    const intent = await createPaymentIntent(s, buyer, 500);
    const pi = (await (await control(intent.paymentId, { status: "succeeded" })).json()) as Record<string, unknown>;
    expect((await appErrorOf(handleStripeWebhook(s, await signedEvent(pi, "whsec_wrong")))).status).toBe(400);
    expect((await appErrorOf(handleStripeWebhook(s, await signedEvent({ ...pi, amount: 100 })))).status).toBe(409);
    expect(
      (
        await appErrorOf(
          handleStripeWebhook(s, await signedEvent({ ...pi, metadata: { userId: buyer.id, coins: "1000" } })),
        )
      ).status,
    ).toBe(409);
    expect(await balance(buyer.id)).toBe(50);
  });
});
