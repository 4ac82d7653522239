// Purchase Coin (/dashboard/purchasecoin) and Payment History (/dashboard/paymenthistory) in test mode
// (no Stripe keys in the test worker): the page's create/confirm steps around the test provider's card step.
import { COIN_VALUE_WORDS } from "~/lib/coins";
import { describe, expect, it } from "vitest";
import { balance, call, env, flashOf, funded, getPage, htmlOf, postForm, registerUser, row } from "./fixtures";
import { ENHANCED_FIELD } from "~/lib/enhanced";
import { formatDateTime } from "~/lib/format";

const PATH = "/dashboard/purchasecoin";

async function createIntent(cookie: string, coins: string) {
  const res = await postForm(PATH, { intent: "create", coins, [ENHANCED_FIELD]: "1" }, cookie);
  return { res, body: await htmlOf(res, true) };
}

/** The client secret and payment id out of the page's answer (the HTML carries the action data). */
function intentOf(body: string) {
  const secret = /(pi_test_[A-Za-z0-9_-]+_secret_[A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!secret) throw new Error("no client secret in the answer");
  return { clientSecret: secret, paymentId: secret.split("_secret_")[0] };
}

function card(cookie: string, clientSecret: string, number: string) {
  return call("/test-payments/confirm", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ clientSecret, number, exp: "12/34", cvc: "123" }),
  });
}

describe("Purchase Coin page", () => {
  it("shows the four packages with coins, price and quote, in test mode, to buyers only", async () => {
    const buyer = await funded("Buyer", 50);
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    for (const [coins, price, quote] of [
      ["10", "$1", "Best for small jobs"],
      ["150", "$10", "Great for beginners"],
      // the seed's "Save 20%" says the saving on the base price of 10 coins a dollar: $50 of coins for $20
      ["500", "$20", "Save 60%"],
      ["1,000", "$35", "Best Value!"],
    ]) {
      expect(body).toContain(`${coins} coins`);
      expect(body).toContain(quote);
      expect(body).toContain(`${price}<span`);
    }
    expect(body).not.toContain("Save 20%");
    expect(body).toContain(COIN_VALUE_WORDS);
    expect(body).toContain("33% less a coin than the base price");
    expect(body.match(/Purchase Now/g)!.length).toBeGreaterThanOrEqual(4);
    expect(body).toContain("Test mode.");
    expect(body).toContain("4242 4242 4242 4242");
    expect(body).toContain("4000 0000 0000 0002");
    expect(body).not.toContain("js.stripe.com");

    const worker = await registerUser("Worker");
    expect((await getPage(PATH, worker.cookie)).headers.get("Location")).toBe("/unauthorized");
    expect((await postForm(PATH, { intent: "create", coins: "150" }, worker.cookie)).headers.get("Location")).toBe(
      "/unauthorized",
    );
  });

  it("buys 150 coins: intent from the server's price, test card, then the server credits once", async () => {
    const buyer = await funded("Buyer", 50);
    const { res, body } = await createIntent(buyer.cookie, "150");
    expect(res.status).toBe(200);
    const { clientSecret, paymentId } = intentOf(body);
    const stored = await row<{ amount: number; metadata: string }>(
      "SELECT amount, metadata FROM test_payment_intents WHERE id = ?",
      paymentId,
    );
    expect(stored?.amount).toBe(1000);
    expect(JSON.parse(stored!.metadata)).toMatchObject({ userId: buyer.id, coins: "150" });

    // reporting the payment before the card step credits nothing
    const early = await postForm(PATH, { intent: "confirm", paymentId, [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(early.status).toBe(402);
    expect(await balance(buyer.id)).toBe(50);

    const paid = await card(buyer.cookie, clientSecret, "4242 4242 4242 4242");
    expect(await paid.json()).toMatchObject({ status: "succeeded" });
    const confirm = await postForm(PATH, { intent: "confirm", paymentId, [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(confirm.status).toBe(200);
    expect(await balance(buyer.id)).toBe(200);
    // a second report of the same payment does not credit again
    const again = await postForm(PATH, { intent: "confirm", paymentId, [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(again.status).toBe(200);
    expect(await balance(buyer.id)).toBe(200);
    // the top bar shows the new balance on the next page load
    expect(await htmlOf(await getPage(PATH, buyer.cookie), true)).toMatch(
      /data-testid="coin-balance".*?<span>200<span class="sr-only"> coins/s,
    );
  });

  it("a declined card says the provider's message and credits nothing", async () => {
    const buyer = await funded("Buyer", 50);
    const { clientSecret, paymentId } = intentOf((await createIntent(buyer.cookie, "10")).body);
    const declined = await card(buyer.cookie, clientSecret, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ error: { message: "Your card was declined." } });
    const confirm = await postForm(PATH, { intent: "confirm", paymentId, [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(confirm.status).toBe(402);
    expect(await htmlOf(confirm, true)).toContain("The payment has not succeeded");
    expect(await balance(buyer.id)).toBe(50);
  });

  it("the browser names only a package: unknown coin amounts are refused", async () => {
    const buyer = await funded("Buyer", 50);
    for (const coins of ["151", "-10", "abc", ""]) {
      const { res, body } = await createIntent(buyer.cookie, coins);
      expect(res.status).toBe(400);
      expect(body).toMatch(/Unknown coin package|Choose a coin package/);
    }
    const n = await row<{ n: number }>(
      "SELECT COUNT(*) AS n FROM test_payment_intents WHERE metadata LIKE ?",
      `%${buyer.id}%`,
    );
    expect(n?.n).toBe(0);
  });

  it("one buyer cannot have another's payment credited to themselves", async () => {
    const alice = await funded("Buyer", 50);
    const mallory = await funded("Buyer", 50);
    const { clientSecret, paymentId } = intentOf((await createIntent(alice.cookie, "150")).body);
    await card(alice.cookie, clientSecret, "4242424242424242");
    const stolen = await postForm(PATH, { intent: "confirm", paymentId, [ENHANCED_FIELD]: "1" }, mallory.cookie);
    expect(stolen.status).toBe(403);
    expect(await balance(mallory.id)).toBe(50);
    expect(await balance(alice.id)).toBe(50);
  });

  it("without JavaScript, ?buy=150 shows the checkout and a test-mode form post buys the coins", async () => {
    const buyer = await funded("Buyer", 50);
    const page = await htmlOf(await getPage(`${PATH}?buy=150`, buyer.cookie), true);
    expect(page).toContain("You are about to purchase:");
    expect(page).toContain("Total Cost: $10");
    expect(page).toContain("Pay $10");
    expect(page).toContain("instantly after payment");

    const declined = await postForm(
      `${PATH}?buy=150`,
      { intent: "pay", coins: "150", number: "4000000000000002", exp: "12/34", cvc: "123" },
      buyer.cookie,
    );
    expect(declined.status).toBe(402);
    expect(await htmlOf(declined, true)).toContain("Your card was declined.");
    expect(await balance(buyer.id)).toBe(50);

    const ok = await postForm(
      `${PATH}?buy=150`,
      { intent: "pay", coins: "150", number: "4242 4242 4242 4242", exp: "12/34", cvc: "123" },
      buyer.cookie,
    );
    expect(ok.status).toBe(302);
    expect(flashOf(ok)).toMatchObject({ type: "success", title: "Purchase Successful" });
    expect(await balance(buyer.id)).toBe(200);
  });
});

describe("Payment History page", () => {
  it("says 'You haven’t made any payments yet.' (curly apostrophe) before any purchase", async () => {
    const buyer = await funded("Buyer", 50);
    const body = await htmlOf(await getPage("/dashboard/paymenthistory", buyer.cookie), true);
    expect(body).toContain("You haven’t made any payments yet.");
  });

  it("lists the buyer's own purchases: serial, Payment ID, Coins Bought, Amount(USD), long date with short time", async () => {
    const buyer = await funded("Buyer", 50);
    const other = await funded("Buyer", 50);
    for (const coins of ["10", "500"]) {
      const { clientSecret, paymentId } = intentOf((await createIntent(buyer.cookie, coins)).body);
      await card(buyer.cookie, clientSecret, "4242424242424242");
      expect((await postForm(PATH, { intent: "confirm", paymentId, [ENHANCED_FIELD]: "1" }, buyer.cookie)).status).toBe(
        200,
      );
    }
    const { clientSecret, paymentId: otherPayment } = intentOf((await createIntent(other.cookie, "150")).body);
    await card(other.cookie, clientSecret, "4242424242424242");
    await postForm(PATH, { intent: "confirm", paymentId: otherPayment, [ENHANCED_FIELD]: "1" }, other.cookie);

    const body = await htmlOf(await getPage("/dashboard/paymenthistory", buyer.cookie), true);
    for (const col of ["#", "Payment ID", "Coins Bought", "Amount(USD)", "Time"])
      expect(body).toContain(`>${col}</th>`);
    expect(body.match(/data-testid="payment-row"/g)).toHaveLength(2);
    expect(body).not.toContain(otherPayment);
    expect(body).toContain("$20.00");
    expect(body).toContain("$1.00");
    const orders = await env.DB.prepare(
      "SELECT payment_id, created_at FROM orders WHERE user_id = ? ORDER BY created_at DESC",
    )
      .bind(buyer.id)
      .all<{ payment_id: string; created_at: number }>();
    expect(body.indexOf(orders.results[0].payment_id)).toBeLessThan(body.indexOf(orders.results[1].payment_id)); // newest first
    // a request without a zone hint or cookie is rendered in UTC
    expect(body).toContain(formatDateTime(orders.results[0].created_at, "UTC"));
    expect(formatDateTime(orders.results[0].created_at, "UTC")).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M UTC$/,
    );
  });

  it("is for buyers only", async () => {
    const worker = await registerUser("Worker");
    expect((await getPage("/dashboard/paymenthistory", worker.cookie)).headers.get("Location")).toBe("/unauthorized");
    expect((await getPage("/dashboard/paymenthistory")).headers.get("Location")).toMatch(/^\/login/);
  });
});
