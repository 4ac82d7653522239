// Admin Home: the statistics cards and the 'Withdraw Requestes' table; approve (one atomic step) and reject
// (with a reason, coins returned), without JavaScript (redirect + flash) and with it (fetcher outcome).
import { describe, expect, it } from "vitest";
import {
  adminWorld,
  auditRows,
  balance,
  call,
  env,
  expectText,
  flashOf,
  jsPost,
  pageHtml,
  pendingWithdrawal,
  postForm,
  registerUser,
  sessionUser,
} from "./fixtures";
import { adminStats } from "~/server/services/users.server";
import { ALREADY_DECIDED, requestWithdrawal } from "~/server/services/withdrawals.server";
import { adjustCoins } from "~/server/services/users.server";
import { confirmPurchase, createPaymentIntent } from "~/server/services/purchases.server";
import { confirmTestCard } from "~/server/payments/provider.server";

const PATH = "/dashboard/adminhome";
/** Approve, as the admin's form sends it: the request and the payout's reference. */
const approval = (id: string) => ({ intent: "approve", id, payout_reference: "9KX4TQ2ZP1" });

const status = async (id: string) =>
  (await env.DB.prepare("SELECT status, decision_reason, decided_by FROM withdrawals WHERE id = ?")
    .bind(id)
    .first<{ status: string; decision_reason: string | null; decided_by: string | null }>())!;

/** Admin Home's page of the pending queue (oldest first, 10 a page) that lists this request. */
async function adminHomeShowing(requestId: string): Promise<string> {
  const ahead = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM withdrawals w, withdrawals me WHERE me.id = ? AND w.status = 'pending'
      AND (w.created_at < me.created_at OR (w.created_at = me.created_at AND w.id < me.id))`,
  )
    .bind(requestId)
    .first<{ n: number }>();
  return `/dashboard/adminhome?page=${Math.floor(ahead!.n / 10) + 1}`;
}

describe("Admin Home loader", () => {
  it("shows the four cards and the pending requests with account number, worker, amount and status", async () => {
    const w = await adminWorld();
    const { worker, account, request } = await pendingWithdrawal(w, 250);
    const stats = await adminStats(env);
    const page = await pageHtml(await adminHomeShowing(request.id), w.admin.cookie);
    expect(page.status).toBe(200);
    const name = (await env.DB.prepare("SELECT name FROM users WHERE id = ?")
      .bind(worker.id)
      .first<{ name: string }>())!.name;
    expectText(page.text, [
      "Total buyers",
      "Total workers",
      "Total coins",
      "Total payment",
      "Withdraw Requestes",
      // the payment card is dollars from cents
      `$${(stats.cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      account,
      name,
      "$12.50",
      "250 coins",
      ">Pending<",
      ">Approve<",
      ">Reject<",
    ]);
  });

  it("shows the payout details the worker gave (a bank's name and branch too), whole, as the approval names them", async () => {
    const w = await adminWorld();
    const worker = await registerUser("Worker", "Bank Payee");
    await adjustCoins(env, w.adminUser, worker.id, 300, "test funding");
    const request = await requestWithdrawal(env, await sessionUser(worker.id), {
      withdrawal_coin: 220,
      payment_system: "Bank",
      account_number: "9988776655",
      bank_name: "Dutch-Bangla Bank",
      bank_branch: "Routing 090261726",
    });
    // oldest first: the request just made is on the queue's page that shows it
    const at = await adminHomeShowing(request.id);
    const page = await pageHtml(at, w.admin.cookie);
    expectText(page.text, ["9988776655", "Bank · Dutch-Bangla Bank · Routing 090261726"]);
    const confirm = await pageHtml(`${at}&confirm=approve&row=${request.id}`, w.admin.cookie);
    expect(confirm.text).toContain(
      "Pay $11.00 (220 coins) to Bank Payee: Bank 9988776655 · Dutch-Bangla Bank · Routing 090261726.",
    );
  });

  it("the cards follow the data: a new buyer's $10 purchase moves Total buyers, Total coins and Total payment", async () => {
    const w = await adminWorld();
    const before = await adminStats(env);
    const buyer = await registerUser("Buyer");
    const intent = await createPaymentIntent(env, await sessionUser(buyer.id), 150);
    await confirmTestCard(
      env,
      intent.clientSecret,
      { number: "4242 4242 4242 4242", exp: "12/34", cvc: "123" },
      buyer.id,
    );
    await confirmPurchase(env, await sessionUser(buyer.id), intent.paymentId);
    const after = await adminStats(env);
    expect(after.buyers).toBe(before.buyers + 1);
    expect(after.coins).toBe(before.coins + 50 + 150);
    expect(after.cents).toBe(before.cents + 1000);
    const page = await pageHtml(PATH, w.admin.cookie);
    const card = (label: string, value: string) =>
      new RegExp(`>${label}</p><p[^>]*>${value.replace(/[$.]/g, "\\$&")}</p>`);
    expectText(page.text, [
      card("Total buyers", after.buyers.toLocaleString("en-US")),
      card("Total workers", after.workers.toLocaleString("en-US")),
      card("Total coins", after.coins.toLocaleString("en-US")),
      card(
        "Total payment",
        `$${(after.cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      ),
    ]);
  });

  it("a malformed page number falls back to the first page instead of failing", async () => {
    const w = await adminWorld();
    for (const q of ["?page=abc", "?page=-3", "?page=99999"]) {
      const res = await call(`/dashboard/adminhome${q}`, { headers: { Cookie: w.admin.cookie } });
      expect(res.status, q).toBe(200);
    }
  });
});

describe("approve", () => {
  it("without JavaScript: one atomic step, 'Successfully Approved!', the row leaves the list, audited", async () => {
    const w = await adminWorld();
    const { worker, account, request } = await pendingWithdrawal(w, 250, 40);
    const held = await balance(worker.id);
    expect(held).toBe(40);
    const res = await postForm(PATH, approval(request.id), w.admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(PATH);
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Successfully Approved!" });
    expect(await status(request.id)).toMatchObject({ status: "approved", decided_by: w.admin.id });
    // the coins were held at request time; approval pays them out without touching the balance again
    expect(await balance(worker.id)).toBe(40);
    expect(await auditRows(request.id)).toEqual([
      expect.objectContaining({ actor_id: w.admin.id, action: "withdrawal.approve" }),
    ]);
    const page = await pageHtml(PATH, w.admin.cookie);
    expectText(page.text, [account], false);
  });

  it("keeps the page's list position (query string) when going back", async () => {
    const w = await adminWorld();
    const { request } = await pendingWithdrawal(w);
    const res = await postForm(
      "/dashboard/adminhome?page=2&confirm=approve&row=x",
      approval(request.id),
      w.admin.cookie,
    );
    expect(res.headers.get("Location")).toBe("/dashboard/adminhome?page=2");
  });

  it("a second approval is refused: 'Not Approved!' with the reason, nothing moves twice", async () => {
    const w = await adminWorld();
    const { worker, request } = await pendingWithdrawal(w);
    await postForm(PATH, approval(request.id), w.admin.cookie);
    const again = await postForm(PATH, approval(request.id), w.admin.cookie);
    expect(flashOf(again)).toMatchObject({ type: "error", title: "Not Approved!" });
    expect(flashOf(again)?.message).toContain(ALREADY_DECIDED);
    expect(await auditRows(request.id)).toHaveLength(1);
    expect(await balance(worker.id)).toBe(40);
  });

  it("with JavaScript: the fetcher gets the outcome (200 'Successfully Approved!', 409 'Not Approved!')", async () => {
    const w = await adminWorld();
    const { request } = await pendingWithdrawal(w);
    const ok = await jsPost(PATH, approval(request.id), w.admin.cookie);
    expect(ok.status).toBe(200);
    expectText(ok.text, ["Successfully Approved!"]);
    const twice = await jsPost(PATH, approval(request.id), w.admin.cookie);
    expect(twice.status).toBe(409);
    expectText(twice.text, ["Not Approved!", ALREADY_DECIDED]);
    const missing = await jsPost(PATH, approval("no-such-request"), w.admin.cookie);
    expect(missing.status).toBe(404);
  });

  it("two approvals racing pay out once", async () => {
    const w = await adminWorld();
    const { request } = await pendingWithdrawal(w);
    const results = await Promise.all([1, 2, 3].map(() => jsPost(PATH, approval(request.id), w.admin.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await auditRows(request.id)).toHaveLength(1);
  });
});

describe("reject", () => {
  it("needs a reason", async () => {
    const w = await adminWorld();
    const { request } = await pendingWithdrawal(w);
    const res = await jsPost(PATH, { intent: "reject", id: request.id, reason: "   " }, w.admin.cookie);
    expect(res.status).toBe(422);
    expectText(res.text, ["A reason is required"]);
    const noJs = await postForm(PATH, { intent: "reject", id: request.id }, w.admin.cookie);
    expect(flashOf(noJs)).toMatchObject({ type: "error", title: "Rejection failed" });
    expect((await status(request.id)).status).toBe("pending");
  });

  it("returns the coins to the worker, records the reason, and the row leaves the list", async () => {
    const w = await adminWorld();
    const { worker, account, request } = await pendingWithdrawal(w, 300, 10);
    expect(await balance(worker.id)).toBe(10);
    const res = await postForm(
      PATH,
      { intent: "reject", id: request.id, reason: "Account number is wrong" },
      w.admin.cookie,
    );
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Withdrawal rejected" });
    expect(await balance(worker.id)).toBe(310);
    expect(await status(request.id)).toMatchObject({ status: "rejected", decision_reason: "Account number is wrong" });
    expect(await auditRows(request.id)).toEqual([
      expect.objectContaining({ action: "withdrawal.reject", reason: "Account number is wrong" }),
    ]);
    const note = await env.DB.prepare(
      "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
    )
      .bind(worker.id)
      .first<{ message: string }>();
    expect(note?.message).toContain("Account number is wrong");
    expectText((await pageHtml(PATH, w.admin.cookie)).text, [account], false);
    // a decided request cannot be approved afterwards
    const late = await jsPost(PATH, approval(request.id), w.admin.cookie);
    expect(late.status).toBe(409);
    expect(await balance(worker.id)).toBe(310);
  });

  it("an unknown intent is a 422, not a crash", async () => {
    const w = await adminWorld();
    const res = await jsPost(PATH, { intent: "pay-twice", id: "x" }, w.admin.cookie);
    expect(res.status).toBe(422);
  });
});

describe("the no-JavaScript confirmation view", () => {
  it("?confirm=approve&row=<id> renders a confirmation form for that request", async () => {
    const w = await adminWorld();
    const { request } = await pendingWithdrawal(w);
    // the view opens on the queue's page that lists the request (oldest first)
    const at = await adminHomeShowing(request.id);
    const page = await pageHtml(`${at}&confirm=approve&row=${request.id}`, w.admin.cookie);
    expectText(page.text, ["Approve this withdrawal?", "Yes, approve"]);
    const reject = await pageHtml(`${at}&confirm=reject&row=${request.id}`, w.admin.cookie);
    expectText(reject.text, ["Reject this withdrawal?"]);
    expectText(reject.text, [/<textarea[^>]*name="reason"[^>]*required/]);
  });
});
