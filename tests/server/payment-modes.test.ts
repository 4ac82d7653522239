// Payment modes fail closed: the embedded test-mode provider runs only where PAYMENTS_MODE=test says so on a
// development or test Worker; in production that setting switches card payments off, loudly; without Stripe keys and
// without it, payments are refused with a clear message. Requests go through the Worker with those settings.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  balance,
  env,
  htmlOf,
  newPayment,
  productionEnv,
  registerUser,
  row,
  sessionUser,
  withoutScripts,
} from "./fixtures";
import { callWith, requestTo, stripeEnv } from "./fixtures/stripe";
import { AppError } from "~/server/errors";
import { PAYMENTS_MISCONFIGURED, PAYMENTS_NOT_SET_UP, paymentSetup } from "~/server/payments/provider.server";
import { createPaymentIntent } from "~/server/services/purchases.server";

/** The test Worker's settings without test mode: no Stripe keys, no PAYMENTS_MODE. */
const paymentsOff = (): Env => ({ ...env, PAYMENTS_MODE: undefined });
/** Test mode asked for on a production Worker (APP_ENV says production, or says nothing), otherwise set up. */
const testModeInProduction = (appEnv?: string): Env => productionEnv({ APP_ENV: appEnv, PAYMENTS_MODE: "test" });

const json = (token: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

async function testIntentsOf(userId: string) {
  const stored = await row<{ n: number }>(
    "SELECT COUNT(*) AS n FROM test_payment_intents WHERE metadata LIKE ?",
    `%${userId}%`,
  );
  return stored?.n ?? 0;
}

afterEach(() => vi.restoreAllMocks());

describe("payment modes", () => {
  it("only PAYMENTS_MODE=test, off production, runs the test provider; Stripe keys mean Stripe", () => {
    expect(paymentSetup({ APP_ENV: "test", PAYMENTS_MODE: "test" })).toEqual({ mode: "test" });
    expect(paymentSetup({ APP_ENV: "development", PAYMENTS_MODE: "test" })).toEqual({ mode: "test" });
    expect(paymentSetup({ APP_ENV: "test", PAYMENTS_MODE: "test", STRIPE_SECRET_KEY: "sk_x" })).toEqual({
      mode: "stripe",
    });
    expect(paymentSetup({ APP_ENV: "production", STRIPE_SECRET_KEY: "sk_x" })).toEqual({ mode: "stripe" });
    for (const mode of [undefined, "", "TEST", "true", "stripe"])
      expect(paymentSetup({ APP_ENV: "development", PAYMENTS_MODE: mode })).toEqual({
        mode: "off",
        message: PAYMENTS_NOT_SET_UP,
      });
    for (const appEnv of ["production", undefined, "staging", "Test"])
      expect(paymentSetup({ APP_ENV: appEnv, PAYMENTS_MODE: "test" })).toMatchObject({
        mode: "off",
        message: PAYMENTS_MISCONFIGURED,
      });
    // even with Stripe keys: the contradiction is refused, not silently resolved
    expect(paymentSetup({ APP_ENV: "production", PAYMENTS_MODE: "test", STRIPE_SECRET_KEY: "sk_x" }).mode).toBe("off");
  });

  it("test mode on a production Worker refuses payments loudly and never credits", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const buyer = await registerUser("Buyer");
    for (const appEnv of ["production", undefined]) {
      const settings = testModeInProduction(appEnv);
      const e = await createPaymentIntent(settings, await sessionUser(buyer.id), 150).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ status: 503, code: "payments_unavailable", message: PAYMENTS_MISCONFIGURED });

      const api = await callWith(settings, requestTo("/create-payment-intent", json(buyer.token, { coins: 150 })));
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({ error: { code: "payments_unavailable", message: PAYMENTS_MISCONFIGURED } });

      // the no-JavaScript checkout: refused with the reason, nothing charged or credited
      const form = new FormData();
      const fields = { intent: "pay", coins: "150", number: "4242424242424242", exp: "12/34", cvc: "123" };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const pay = await callWith(
        settings,
        requestTo("/dashboard/purchasecoin?buy=150", { method: "POST", body: form, headers: { Cookie: buyer.cookie } }),
      );
      expect(pay.status).toBe(503);
      expect(await htmlOf(pay, true)).toContain(PAYMENTS_MISCONFIGURED);

      const page = await htmlOf(
        await callWith(settings, requestTo("/dashboard/purchasecoin", { headers: { Cookie: buyer.cookie } })),
        true,
      );
      expect(page).toContain(PAYMENTS_MISCONFIGURED);
      expect(withoutScripts(page)).not.toContain("Test mode.");
    }
    expect(await testIntentsOf(buyer.id)).toBe(0);
    expect(await balance(buyer.id)).toBe(50);
    const logged = errors.mock.calls.map((c) => String(c[0]));
    expect(
      logged.filter((l) => l.startsWith("PAYMENTS REFUSED: PAYMENTS_MODE=test is set on a production Worker")),
    ).toHaveLength(6);
  });

  it("without Stripe keys and without test mode, payments are refused with a clear message", async () => {
    const errors = vi.spyOn(console, "error");
    const buyer = await registerUser("Buyer");
    const api = await callWith(paymentsOff(), requestTo("/create-payment-intent", json(buyer.token, { coins: 10 })));
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: { code: "payments_unavailable", message: PAYMENTS_NOT_SET_UP } });
    const orders = await callWith(paymentsOff(), requestTo("/orders", json(buyer.token, { payment_id: "pi_test_x" })));
    expect(orders.status).toBe(503);

    const page = await htmlOf(
      await callWith(paymentsOff(), requestTo("/dashboard/purchasecoin", { headers: { Cookie: buyer.cookie } })),
      true,
    );
    expect(page).toContain("Card payments are not set up on this server.");
    expect(page).toContain('data-testid="payments-off"');
    expect(withoutScripts(page)).not.toContain("Test mode.");
    // the packages are shown, but none can be bought
    expect(page).not.toContain("?buy=");
    expect(await testIntentsOf(buyer.id)).toBe(0);
    // an unconfigured server is not an error worth a log line
    expect(errors).not.toHaveBeenCalled();
  });

  it("the test provider's card step answers 404 unless test mode is on", async () => {
    const buyer = await registerUser("Buyer");
    const { clientSecret } = await newPayment(buyer, 10, false);
    const card = { clientSecret, number: "4242424242424242", exp: "12/34", cvc: "123" };
    for (const settings of [paymentsOff(), stripeEnv(), testModeInProduction("production")]) {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const res = await callWith(settings, requestTo("/test-payments/confirm", json(buyer.token, card)));
      expect(res.status).toBe(404);
      // not even asked who is calling: the endpoint does not exist there
      expect((await callWith(settings, requestTo("/test-payments/confirm", json("", card)))).status).toBe(404);
    }
    const stored = await row<{ status: string }>(
      "SELECT status FROM test_payment_intents WHERE client_secret = ?",
      clientSecret,
    );
    expect(stored?.status).toBe("requires_payment_method");
    // with test mode on (the test Worker's own settings) the same card step succeeds
    const ok = await callWith(env, requestTo("/test-payments/confirm", json(buyer.token, card)));
    expect(ok.status).toBe(200);
  });
});
