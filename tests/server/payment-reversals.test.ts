// Stripe refunds and disputes take back the coins their payment credited, through the ledger: what the buyer's
// balance holds at once, the rest as a debt that blocks spending until a purchase settles it. Stripe is the real
// SDK against the local fake; webhooks are signed and delivered through the Worker.
import { describe, expect, it } from "vitest";
import {
  balance,
  env,
  flashOf,
  getPage,
  htmlOf,
  makeAdmin,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  taskInput,
} from "./fixtures";
import { deliver, disputeEvent, paidByCard, refundEvent, stripeEnv, succeededPayment } from "./fixtures/stripe";
import { getDb, newId } from "~/server/db/client.server";
import { newBatch } from "~/server/db/batch.server";
import { conservation, posting } from "~/server/services/ledger.server";
import { debtOf, takeOrOwe } from "~/server/services/debts.server";
import { claimedCoins, confirmPurchase } from "~/server/services/purchases.server";
import { deleteTask, postTask, updateTask } from "~/server/services/tasks.server";
import { requestWithdrawal } from "~/server/services/withdrawals.server";
import { adjustCoins } from "~/server/services/users.server";

/** The refusal of a spend by someone who owes 450 coins (409 `coins_owed`). */
const OWES_450 = {
  status: 409,
  code: "coins_owed",
  message: "You owe 450 coins. Buy coins to settle the debt before spending coins.",
  extra: { owed: 450 },
};

/** A buyer with the 50 sign-up coins, as services and pages see them. */
async function buyer() {
  const b = await registerUser("Buyer");
  return { ...b, user: await sessionUser(b.id) };
}

const holds = async (...ids: string[]) => (await conservation(getDb(env), ids)).holds;

async function ledgerRows(userId: string, kind: string) {
  const { results } = await env.DB.prepare(
    "SELECT delta, order_id, reversal_id FROM coin_ledger WHERE user_id = ? AND kind = ? ORDER BY created_at",
  )
    .bind(userId, kind)
    .all<{ delta: number; order_id: string | null; reversal_id: string | null }>();
  return results;
}

async function debtRows(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT delta, kind FROM debt_ledger WHERE user_id = ? ORDER BY created_at, delta DESC",
  )
    .bind(userId)
    .all<{ delta: number; kind: string }>();
  return results;
}

async function reversedCoins(paymentId: string) {
  const row = await env.DB.prepare(
    "SELECT COALESCE(SUM(r.coins), 0) AS coins FROM payment_reversals r JOIN orders o ON o.id = r.order_id WHERE o.payment_id = ?",
  )
    .bind(paymentId)
    .first<{ coins: number }>();
  return Number(row?.coins ?? 0);
}

/** A buyer who spent a 500-coin purchase on a task and then had the payment refunded: owes 450. */
async function debtor() {
  const b = await buyer();
  const paymentId = await paidByCard(b.user, 500);
  const task = await postTask(env, b.user, taskInput({ required_workers: 5, payable_amount: 100 }));
  expect(await balance(b.id)).toBe(50);
  expect((await deliver(await refundEvent(paymentId))).body).toMatchObject({ received: true, reversed: 500 });
  return { ...b, paymentId, task };
}

describe("refunds and disputes", () => {
  it("a refund of an unspent purchase takes all its coins back, and tells the buyer", async () => {
    const b = await buyer();
    const paymentId = await paidByCard(b.user, 150);
    expect(await balance(b.id)).toBe(200);

    const answer = await deliver(await refundEvent(paymentId));
    expect(answer).toEqual({ status: 200, body: { received: true, credited: false, reversed: 150 } });
    expect(await balance(b.id)).toBe(50);
    expect(await debtOf(env, b.id)).toBe(0);
    const [reversal] = await ledgerRows(b.id, "purchase_reversal");
    expect(reversal.delta).toBe(-150);
    expect(reversal.reversal_id).toBeTruthy();
    expect(await debtRows(b.id)).toEqual([]);
    const notice = await row<{ message: string }>("SELECT message FROM notifications WHERE user_id = ?", b.id);
    expect(notice?.message).toBe(
      "Your card payment of $10.00 for 150 coins was refunded, so 150 coins were taken back from your balance.",
    );
    expect(await holds(b.id)).toBe(true);
  });

  it("a refund after the coins were spent empties the balance and records the rest as debt", async () => {
    const b = await debtor();
    expect(await balance(b.id)).toBe(0);
    expect(await debtOf(env, b.id)).toBe(450);
    expect((await ledgerRows(b.id, "purchase_reversal")).map((r) => r.delta)).toEqual([-50]);
    expect(await debtRows(b.id)).toEqual([{ delta: 450, kind: "purchase_reversal" }]);
    const notice = await row<{ message: string }>("SELECT message FROM notifications WHERE user_id = ?", b.id);
    expect(notice?.message).toContain("Your balance did not cover them: you owe the rest until you buy coins.");
    const c = await conservation(getDb(env), [b.id]);
    expect(c).toMatchObject({ holds: true, reversals: 50, owed: 450, purchases: 500, mismatchedDebts: 0 });
  });

  it("while coins are owed, posting a task and raising a task's cost are refused, lowering it is not, and pages say why", async () => {
    const b = await debtor();
    await adjustCoins(env, await sessionUser((await makeAdmin()).id), b.id, 100, "goodwill");
    await expect(postTask(env, b.user, taskInput({ required_workers: 1, payable_amount: 2 }))).rejects.toMatchObject(
      OWES_450,
    );
    await expect(
      updateTask(env, b.user, b.task.id, { ...taskInput(), required_workers: 6, payable_amount: 100 }),
    ).rejects.toMatchObject(OWES_450);
    const lower = await updateTask(env, b.user, b.task.id, {
      ...taskInput(),
      required_workers: 4,
      payable_amount: 100,
    });
    expect(lower.charged).toBe(-100);
    expect(await balance(b.id)).toBe(200);

    // the REST API says the same
    const api = await rest("POST", "/tasks", b.token, { ...taskInput(), required_workers: 1, payable_amount: 2 });
    expect(api.status).toBe(409);
    expect(api.body).toMatchObject({ error: { code: "coins_owed", message: OWES_450.message } });
    // and every buyer page explains it
    for (const page of ["/dashboard/buyerhome", "/dashboard/addtask", "/dashboard/purchasecoin"]) {
      const html = await htmlOf(await getPage(page, b.cookie), true);
      expect(html, page).toContain("You owe 450 coins after a card payment was reversed.");
      expect(html, page).toContain("Buy coins to settle it; until then, posting tasks and other spending are paused.");
    }
    expect(await holds(b.id)).toBe(true);
  });

  it("the database refuses a spend by anyone who owes coins, whatever raced the early check", async () => {
    const b = await debtor();
    const charge = newBatch(env).step(
      "charge",
      ...posting({ id: newId(), userId: b.id, delta: -1, kind: "task_charge", now: Date.now() }),
    );
    await expect(charge.run()).rejects.toThrow(/coins owed/);
    expect(await balance(b.id)).toBe(0);
  });

  it("takeOrOwe is the general mechanism: a worker who owes coins cannot withdraw", async () => {
    const worker = await registerUser("Worker");
    const admin = await sessionUser((await makeAdmin()).id);
    await adjustCoins(env, admin, worker.id, 290, "earnings");
    // take 400 back: 300 from the balance, 100 owed
    const batch = newBatch(env);
    takeOrOwe(batch, "claw back", { userId: worker.id, coins: 400, kind: "purchase_reversal", now: Date.now() });
    const result = await batch.run();
    expect([result.changes("claw back: taken"), result.changes("claw back: owed")]).toEqual([1, 1]);
    expect(await balance(worker.id)).toBe(0);
    expect(await debtOf(env, worker.id)).toBe(100);
    await adjustCoins(env, admin, worker.id, 250, "more earnings");
    await expect(
      requestWithdrawal(env, await sessionUser(worker.id), {
        withdrawal_coin: 200,
        payment_system: "Bkash",
        account_number: "01712345678",
      }),
    ).rejects.toMatchObject({ code: "coins_owed", extra: { owed: 100 } });
    expect(await balance(worker.id)).toBe(250);
    expect(await holds(worker.id)).toBe(true);
  });

  it("a purchase settles the debt first and credits only the rest", async () => {
    const b = await debtor();
    // 150 coins bought: all of them go to the debt
    const first = await confirmPurchase(stripeEnv(), b.user, await succeededPayment(b.user, 150));
    expect(first).toMatchObject({ credited: true, settled: 150 });
    expect(await balance(b.id)).toBe(0);
    expect(await debtOf(env, b.id)).toBe(300);
    // 500 more: 300 settle the rest, 200 stay
    const second = await confirmPurchase(stripeEnv(), b.user, await succeededPayment(b.user, 500));
    expect(second.settled).toBe(300);
    expect(await balance(b.id)).toBe(200);
    expect(await debtOf(env, b.id)).toBe(0);
    expect((await ledgerRows(b.id, "debt_settlement")).map((r) => [r.delta, r.order_id])).toEqual([
      [-150, first.order.id],
      [-300, second.order.id],
    ]);
    expect((await debtRows(b.id)).map((r) => r.delta)).toEqual([450, -150, -300]);
    // spending works again, and the banner is gone
    await postTask(env, b.user, taskInput({ required_workers: 1, payable_amount: 10 }));
    expect(await htmlOf(await getPage("/dashboard/buyerhome", b.cookie))).not.toContain("debt-banner");
    expect(await conservation(getDb(env), [b.id])).toMatchObject({ holds: true, settlements: 450, owed: 0 });
  });

  it("the test-mode purchase page says what a settling purchase did", async () => {
    const b = await buyer();
    const batch = newBatch(env);
    takeOrOwe(batch, "owe", { userId: b.id, coins: 70, kind: "purchase_reversal", now: Date.now() });
    await batch.run();
    expect([await balance(b.id), await debtOf(env, b.id)]).toEqual([0, 20]);
    const page = await postForm(
      "/dashboard/purchasecoin?buy=150",
      { intent: "pay", coins: "150", number: "4242 4242 4242 4242", exp: "12/34", cvc: "123" },
      b.cookie,
    );
    expect(page.status).toBe(302);
    expect(flashOf(page)).toMatchObject({
      type: "success",
      message: "150 coins were bought. 20 coins of your balance settled what you owed.",
    });
    expect([await balance(b.id), await debtOf(env, b.id)]).toEqual([130, 0]);
  });

  it("the same event twice changes nothing, even delivered at once", async () => {
    const b = await buyer();
    const paymentId = await paidByCard(b.user, 500);
    const event = await refundEvent(paymentId, 1000);
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.reversed).sort()).toEqual([0, 250]);
    expect((await deliver(event)).body.reversed).toBe(0);
    expect(await balance(b.id)).toBe(300);
    const n = await row<{ n: number }>("SELECT COUNT(*) AS n FROM payment_reversals WHERE event_id = ?", event.id);
    expect(n?.n).toBe(1);
    expect(await holds(b.id)).toBe(true);
  });

  it("a dispute after a full refund reverses nothing more; after a partial one, at most the rest", async () => {
    const a = await buyer();
    const full = await paidByCard(a.user, 150);
    expect((await deliver(await refundEvent(full))).body.reversed).toBe(150);
    expect((await deliver(await disputeEvent(full))).body.reversed).toBe(0);
    expect(await reversedCoins(full)).toBe(150);
    expect(await balance(a.id)).toBe(50);

    const b = await buyer();
    const partly = await paidByCard(b.user, 1000);
    expect((await deliver(await refundEvent(partly, 1400))).body.reversed).toBe(400);
    // the cardholder disputes the whole charge anyway: only the 600 coins not yet reversed go
    expect((await deliver(await disputeEvent(partly))).body.reversed).toBe(600);
    expect(await reversedCoins(partly)).toBe(1000);
    expect(await balance(b.id)).toBe(50);
    expect(await holds(a.id, b.id)).toBe(true);
  });

  it("partial refunds reverse their share in whole coins, rounded down, never more than credited", async () => {
    const b = await buyer();
    const paymentId = await paidByCard(b.user, 150); // $10.00
    // $3.33 of $10.00 is 49.95 coins: 49 go
    expect((await deliver(await refundEvent(paymentId, 333))).body.reversed).toBe(49);
    // $6.66 refunded in all is 99.9 coins: 50 more
    expect((await deliver(await refundEvent(paymentId, 333))).body.reversed).toBe(50);
    // the rest of the charge: everything credited, 51 more
    expect((await deliver(await refundEvent(paymentId))).body.reversed).toBe(51);
    expect(await reversedCoins(paymentId)).toBe(150);
    expect(await balance(b.id)).toBe(50);
    expect(claimedCoins({ coins: 150, priceCents: 1000 }, 5000)).toBe(150);
    expect(await holds(b.id)).toBe(true);
  });

  it("a refund of a payment never reported credits it first, so a late report cannot credit it", async () => {
    const b = await buyer();
    const paymentId = await succeededPayment(b.user, 150);
    expect((await deliver(await refundEvent(paymentId))).body).toMatchObject({ reversed: 150 });
    expect(await balance(b.id)).toBe(50);
    expect(await confirmPurchase(stripeEnv(), b.user, paymentId)).toMatchObject({ credited: false });
    expect(await balance(b.id)).toBe(50);
    expect(await holds(b.id)).toBe(true);
  });

  it("a deleted task's refund does not settle the debt, and a purchase afterwards does", async () => {
    const b = await debtor();
    await deleteTask(env, b.user, b.task.id);
    expect([await balance(b.id), await debtOf(env, b.id)]).toEqual([500, 450]);
    await expect(postTask(env, b.user, taskInput())).rejects.toMatchObject(OWES_450);
    await confirmPurchase(stripeEnv(), b.user, await succeededPayment(b.user, 10));
    expect([await balance(b.id), await debtOf(env, b.id)]).toEqual([60, 0]);
    expect(await holds(b.id)).toBe(true);
  });
});
