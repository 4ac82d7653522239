// Withdraw (/dashboard/withdraw): cards, the form's rules and messages, the server-computed amount, the worker's
// own requests with their status; and the worker's notifications for approvals, rejections and withdrawals.
import { describe, expect, it } from "vitest";
import {
  admin,
  approveAs,
  balance,
  env,
  expectRedirect,
  funded,
  getPage,
  htmlOf,
  postForm,
  registerUser,
  rejectAs,
  sessionUser,
  submissionBy,
  taskOf,
  textOf,
  withFlash,
} from "./fixtures";
import { BELOW_MINIMUM } from "~/server/services/withdrawals.server";
import { approveWithdrawal, rejectWithdrawal } from "~/server/services/withdrawals.server";
import { BELOW_MINIMUM_MESSAGE } from "~/lib/schemas/withdrawal";

const form = (
  fields: Partial<
    Record<
      "withdrawal_coin" | "withdrawal_amount" | "payment_system" | "account_number" | "bank_name" | "bank_branch",
      string
    >
  >,
) => ({
  withdrawal_coin: "250",
  withdrawal_amount: "12.50",
  payment_system: "Bkash",
  account_number: "01700000000",
  ...fields,
});

async function requestsOf(workerId: string) {
  return (
    await env.DB.prepare(
      "SELECT id, withdrawal_coin AS coins, withdrawal_cents AS cents, payment_system AS system, account_number AS account, status FROM withdrawals WHERE worker_id = ?",
    )
      .bind(workerId)
      .all<{ id: string; coins: number; cents: number; system: string; account: string; status: string }>()
  ).results;
}

describe("Withdraw page", () => {
  it("shows total coins and the withdrawable amount at 20 coins per dollar, and the Withdraw button from 200 coins", async () => {
    const worker = await funded("Worker", 530);
    const html = await htmlOf(await getPage("/dashboard/withdraw", worker.cookie));
    const text = await textOf(new Response(html));
    expect(html).toMatch(/data-testid="total-coins">530</);
    expect(html).toMatch(/data-testid="withdrawable-amount"[^>]*>\$26\.50</);
    for (const label of ["Coins to withdraw", "Withdrawal amount ($)", "Payment system"]) expect(text).toContain(label);
    expect(html).toMatch(/name="withdrawal_amount"[^>]*readOnly=""|readOnly=""[^>]*name="withdrawal_amount"/i);
    // no payment system chosen at first: the five systems to choose from, each a link (no JavaScript needed)
    expect(html).toContain('name="payment_system" value=""');
    expect(text).toContain("Choose where the money goes");
    for (const p of ["Bkash", "Rocket", "Nagad", "Bank", "Others"])
      expect(html).toContain(`href="/dashboard/withdraw?system=${p}"`);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Withdraw<\/button>/);
    expect(text).not.toContain("Insufficient coin to withdraw.");
    expect(text).toContain("No withdrawal requests yet.");
  });

  it("asks for each payment system's own details, on the keyboard they are typed on", async () => {
    const worker = await funded("Worker", 530);
    const fieldOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    for (const wallet of ["Bkash", "Rocket", "Nagad"]) {
      const html = await htmlOf(await getPage(`/dashboard/withdraw?system=${wallet}`, worker.cookie), true);
      expect(html).toContain(`${wallet} number`);
      expect(html).toContain(`name="payment_system" value="${wallet}"`);
      expect(fieldOf(html, "account_number")).toContain('inputMode="numeric"');
      expect(fieldOf(html, "bank_name")).toBe("");
    }
    const bank = await htmlOf(await getPage("/dashboard/withdraw?system=Bank", worker.cookie), true);
    expect(fieldOf(bank, "account_number")).toContain('inputMode="numeric"');
    for (const label of ["Account number", "Bank name", "Branch or routing number"]) expect(bank).toContain(label);
    const others = await htmlOf(await getPage("/dashboard/withdraw?system=Others", worker.cookie), true);
    expect(fieldOf(others, "account_number")).toContain('inputMode="text"');
    expect(others).toContain("Write the service and your account on it");
  });

  it("reviews before sending: the confirmation states coins, dollars and the wallet, and nothing moves until sent", async () => {
    const worker = await funded("Worker", 500);
    const review = await postForm(
      "/dashboard/withdraw?system=Bkash",
      { ...form({ withdrawal_coin: "250", account_number: "017-1234 5678" }), step: "review" },
      worker.cookie,
    );
    expect(review.status).toBe(200);
    const html = await htmlOf(review, true);
    const text = await textOf(new Response(html));
    expect(text).toContain("Confirm your withdrawal");
    expect(text).toMatch(
      /Coins\s*250\s*You receive\s*\$12\.50\s*(?:≈ ৳[\d,.]+ (?:at ৳[\d,.]+ per \$1, set [A-Z][a-z]{2} \d+, \d{4} )?)?Paid to\s*Bkash 01712345678/,
    );
    expect(text).toContain("Yes, withdraw $12.50");
    expect(await balance(worker.id)).toBe(500);
    expect(await requestsOf(worker.id)).toHaveLength(0);
    // a wrong wallet number is refused at the review already, under its field
    const wrong = await postForm(
      "/dashboard/withdraw?system=Bkash",
      { ...form({ account_number: "abc" }), step: "review" },
      worker.cookie,
    );
    expect(wrong.status).toBe(422);
    expect(await textOf(wrong)).toContain("Enter the 11-digit Bkash number, starting 01");
    // over the balance: also refused at the review, before the worker confirms anything
    const over = await postForm(
      "/dashboard/withdraw?system=Bkash",
      { ...form({ withdrawal_coin: "501" }), step: "review" },
      worker.cookie,
    );
    expect(over.status).toBe(422);
    const sent = await postForm(
      "/dashboard/withdraw?system=Bkash",
      { ...form({ withdrawal_coin: "250", account_number: "01712345678" }), step: "send" },
      worker.cookie,
    );
    expectRedirect(sent, "/dashboard/withdraw", { type: "success", title: "Withdrawal request submitted!" });
    expect(await balance(worker.id)).toBe(250);
  });

  it("a bank payout keeps the bank and its branch; the next request offers the last payout's details", async () => {
    const worker = await funded("Worker", 900);
    const res = await postForm(
      "/dashboard/withdraw",
      form({
        withdrawal_coin: "300",
        payment_system: "Bank",
        account_number: "1234 5678 9012",
        bank_name: "Dutch-Bangla Bank",
        bank_branch: "Gulshan branch",
      } as Record<string, string>),
      worker.cookie,
    );
    expect(res.status).toBe(302);
    const stored = await env.DB.prepare(
      "SELECT account_number AS account, bank_name AS bank, bank_branch AS branch FROM withdrawals WHERE worker_id = ?",
    )
      .bind(worker.id)
      .first();
    expect(stored).toEqual({ account: "123456789012", bank: "Dutch-Bangla Bank", branch: "Gulshan branch" });
    // the page opens on the last payout's system, its details filled in
    const html = await htmlOf(await getPage("/dashboard/withdraw", worker.cookie), true);
    expect(html).toContain('name="payment_system" value="Bank"');
    expect(html).toContain('value="123456789012"');
    expect(html).toContain('value="Dutch-Bangla Bank"');
    expect(html).toContain('value="Gulshan branch"');
    expect(html).toContain("Your last payout's details are filled in.");
    // the request lists where the money goes in full
    expect(html).toContain("123456789012 · Dutch-Bangla Bank · Gulshan branch");
  });

  it("cancels a pending request: the coins come back at once; once decided it cannot be cancelled", async () => {
    const worker = await funded("Worker", 700);
    await postForm("/dashboard/withdraw", form({ withdrawal_coin: "300" }), worker.cookie);
    await postForm("/dashboard/withdraw", form({ withdrawal_coin: "200" }), worker.cookie);
    expect(await balance(worker.id)).toBe(200);
    const rows = await requestsOf(worker.id);
    const by = (c: number) => rows.find((r) => r.coins === c)!.id;
    // without JavaScript: the confirmation view, then the post
    const ask = await textOf(await getPage(`/dashboard/withdraw?confirm=cancel&row=${by(300)}`, worker.cookie));
    expect(ask).toContain("Cancel this withdrawal?");
    expect(ask).toContain("300 coins go back to your balance");
    const res = await postForm("/dashboard/withdraw", { intent: "cancel", id: by(300) }, worker.cookie);
    expectRedirect(res, "/dashboard/withdraw", { type: "success", title: "Withdrawal cancelled" });
    expect(await balance(worker.id)).toBe(500);
    expect((await requestsOf(worker.id)).find((r) => r.id === by(300))?.status).toBe("cancelled");
    // a second cancel, a decided one, or another worker's: refused, nothing moves
    expect((await postForm("/dashboard/withdraw", { intent: "cancel", id: by(300) }, worker.cookie)).status).toBe(302);
    expect(await balance(worker.id)).toBe(500);
    const boss = await sessionUser((await admin()).id);
    await approveWithdrawal(env, boss, by(200));
    const stranger = await funded("Worker", 10);
    const theirs = await postForm("/dashboard/withdraw", { intent: "cancel", id: by(200) }, stranger.cookie);
    expect(theirs.status).toBe(302);
    expect(await balance(worker.id)).toBe(500);
    expect((await requestsOf(worker.id)).find((r) => r.id === by(200))?.status).toBe("approved");
    const list = await textOf(await getPage("/dashboard/withdraw", worker.cookie));
    expect(list).toContain("You cancelled it; the coins are back.");
  });

  it("below 200 coins says 'Insufficient coin to withdraw.' instead of the button, and the server refuses a post anyway", async () => {
    const worker = await funded("Worker", 199);
    const html = await htmlOf(await getPage("/dashboard/withdraw", worker.cookie));
    const text = await textOf(new Response(html));
    expect(text).toContain("Insufficient coin to withdraw.");
    expect(html).not.toMatch(/<button[^>]*type="submit"[^>]*>.*Withdraw<\/button>/);
    const res = await postForm("/dashboard/withdraw", form({ withdrawal_coin: "199" }), worker.cookie);
    expect(res.status).toBe(422);
    expect(await textOf(res)).toContain("Failed to submit withdrawal.");
    expect(await balance(worker.id)).toBe(199);
    expect(await requestsOf(worker.id)).toHaveLength(0);
  });

  it("refuses, with clear messages: below 200, over the balance, not a number, missing fields, unknown payment system", async () => {
    const worker = await funded("Worker", 400);
    expect(BELOW_MINIMUM_MESSAGE).toBe(BELOW_MINIMUM);
    const cases: [Record<string, string>, string][] = [
      [form({ withdrawal_coin: "150" }), BELOW_MINIMUM],
      [form({ withdrawal_coin: "401" }), "You can withdraw at most 400 coins."],
      [form({ withdrawal_coin: "abc" }), "Invalid Input"],
      [form({ withdrawal_coin: "250.5" }), "Invalid Input"],
      [form({ withdrawal_coin: "" }), "Coins to withdraw are required"],
      [form({ withdrawal_coin: "0" }), "Minimum 1 coin"],
      [form({ payment_system: "" }), "Select a payment system"],
      [form({ payment_system: "PayPal" }), "Select a payment system"],
      [form({ account_number: "  " }), "Account number is required"],
    ];
    for (const [fields, message] of cases) {
      const res = await postForm("/dashboard/withdraw", fields, worker.cookie);
      expect(res.status, message).toBe(422);
      const text = await textOf(res);
      expect(text, message).toContain("Failed to submit withdrawal.");
      expect(text, message).toContain(message);
    }
    expect(await balance(worker.id)).toBe(400);
    expect(await requestsOf(worker.id)).toHaveLength(0);
  });

  it("submits a request: coins held, the server's amount stored (the client's ignored), 'Withdrawal request submitted!'", async () => {
    const worker = await funded("Worker", 500);
    const res = await postForm(
      "/dashboard/withdraw",
      form({ withdrawal_coin: "250", withdrawal_amount: "9999.99", payment_system: "Nagad" }),
      worker.cookie,
    );
    expectRedirect(res, "/dashboard/withdraw", { type: "success", title: "Withdrawal request submitted!" });
    expect(await balance(worker.id)).toBe(250);
    const [row] = await requestsOf(worker.id);
    expect(row).toMatchObject({ coins: 250, cents: 1250, system: "Nagad", account: "01700000000", status: "pending" });
    const page = await getPage("/dashboard/withdraw", withFlash(worker.cookie, res));
    const html = await htmlOf(page);
    const text = await textOf(new Response(html));
    expect(text).toContain("Withdrawal request submitted!");
    expect(html).toMatch(/data-testid="total-coins">250</);
    expect(html).toMatch(/data-testid="withdrawable-amount"[^>]*>\$12\.50</);
    expect(text).toMatch(
      /\$12\.50 250 coins (?:≈ ৳[\d,.]+ (?:at ৳[\d,.]+ per \$1, set [A-Z][a-z]{2} \d+, \d{4} )?)?Nagad 01700000000 Pending (Next|Number \d+) in the queue\. .* Cancel/,
    );
  });

  it("cannot spend the same coins twice: a second request over what is left is refused", async () => {
    const worker = await funded("Worker", 450);
    expect((await postForm("/dashboard/withdraw", form({ withdrawal_coin: "300" }), worker.cookie)).status).toBe(302);
    const again = await postForm("/dashboard/withdraw", form({ withdrawal_coin: "300" }), worker.cookie);
    expect(again.status).toBe(422);
    expect(await textOf(again)).toContain("You can withdraw at most 150 coins.");
    expect(await balance(worker.id)).toBe(150);
  });

  it("lists only the worker's own requests with their status, and the admin's reason for a rejection", async () => {
    const worker = await funded("Worker", 1000);
    const stranger = await funded("Worker", 300);
    await postForm(
      "/dashboard/withdraw",
      form({ withdrawal_coin: "200", account_number: "01999999999" }),
      stranger.cookie,
    );
    for (const coins of ["200", "300", "400"])
      await postForm("/dashboard/withdraw", form({ withdrawal_coin: coins }), worker.cookie);
    const rows = await requestsOf(worker.id);
    const by = (c: number) => rows.find((r) => r.coins === c)!.id;
    const boss = await sessionUser((await admin()).id);
    await approveWithdrawal(env, boss, by(200));
    await rejectWithdrawal(env, boss, by(300), "Account number does not match your name");
    const text = await textOf(await getPage("/dashboard/withdraw", worker.cookie));
    expect(text).toMatch(
      /\$20\.00 400 coins (?:≈ ৳[\d,.]+ (?:at ৳[\d,.]+ per \$1, set [A-Z][a-z]{2} \d+, \d{4} )?)?Bkash 01700000000 Pending/,
    );
    expect(text).toMatch(
      /\$15\.00 300 coins Bkash 01700000000 Rejected Reason: Account number does not match your name/,
    );
    expect(text).toMatch(/\$10\.00 200 coins Bkash 01700000000 Approved/);
    expect(text).not.toContain("01999999999");
    expect(await balance(worker.id)).toBe(1000 - 200 - 400); // the rejected 300 came back
  });
});

describe("Worker notifications", () => {
  /** The bell's accessible name carries the unread count; the messages travel in the page's loader data. */
  async function bell(cookie: string) {
    const html = await (await getPage("/dashboard/workerhome", cookie)).text();
    const label = /aria-label="(Notifications[^"]*)"[^>]*data-testid="notification-bell"/.exec(html)?.[1];
    return { label, html };
  }

  it("tells the worker about approvals (earnings), rejections (reason), and withdrawals approved ($) or rejected", async () => {
    const buyer = await funded("Buyer", 200);
    const worker = await funded("Worker", 10);
    const t1 = await taskOf(buyer, { task_title: "Caption ten photos", required_workers: 1, payable_amount: 40 });
    const t2 = await taskOf(buyer, { task_title: "Tag five videos", required_workers: 1, payable_amount: 8 });
    const s1 = await submissionBy(worker, t1.id);
    const s2 = await submissionBy(worker, t2.id);
    expect((await bell(worker.cookie)).label).toBe("Notifications");

    await approveAs(buyer, s1.id);
    await rejectAs(buyer, s2.id, "Only three were tagged");
    let b = await bell(worker.cookie);
    expect(b.label).toBe("Notifications, 2 unread");
    expect(b.html).toContain("You earned 40 coins: your submission for");
    expect(b.html).toContain("Caption ten photos");
    expect(b.html).toContain("was rejected: Only three were tagged");

    // Worker now has 50 coins; fund up to 650 and withdraw twice.
    const boss = await sessionUser((await admin()).id);
    const { adjustCoins } = await import("~/server/services/users.server");
    await adjustCoins(env, boss, worker.id, 600, "test funding");
    await postForm("/dashboard/withdraw", form({ withdrawal_coin: "250" }), worker.cookie);
    await postForm("/dashboard/withdraw", form({ withdrawal_coin: "300" }), worker.cookie);
    const rows = await requestsOf(worker.id);
    await approveWithdrawal(env, boss, rows.find((r) => r.coins === 250)!.id);
    await rejectWithdrawal(env, boss, rows.find((r) => r.coins === 300)!.id, "Wallet closed");
    b = await bell(worker.cookie);
    expect(b.html).toContain("Your withdrawal of $12.50 was approved.");
    expect(b.html).toContain("Your withdrawal of $15.00 was rejected: Wallet closed");
    expect(b.label).toBe("Notifications, 5 unread"); // 2 reviews, the admin top-up, 2 withdrawal decisions

    // Mark all as read (the bell's form, also without JavaScript).
    const read = await postForm("/dashboard/notifications", { redirectTo: "/dashboard/withdraw" }, worker.cookie);
    expectRedirect(read, "/dashboard/withdraw");
    expect((await bell(worker.cookie)).label).toBe("Notifications");
    const other = await registerUser("Worker");
    expect((await bell(other.cookie)).label).toBe("Notifications");
  });
});
