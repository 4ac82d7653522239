// One interface for card payments, chosen from the Worker's settings and failing closed (decision 009):
//   Stripe         when STRIPE_SECRET_KEY is set;
//   the embedded test-mode provider   only when PAYMENTS_MODE=test says so, on a development or test Worker;
//   nothing        otherwise: payments are refused with a clear 503, never handed to the test provider.
// PAYMENTS_MODE=test on a production Worker (APP_ENV neither "development" nor "test") is a contradiction: card
// payments are refused and every refused attempt logs why, loudly.
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { testPaymentIntents } from "../db/schema";
import { AppError } from "../errors";
import { isProduction } from "../environment.server";

export type PaymentMode = "stripe" | "test";

/** How this Worker takes card payments: a provider's mode, or "off" with the words a buyer is told. */
export type PaymentSetup = { mode: "stripe" } | { mode: "test" } | { mode: "off"; message: string; problem?: string };

export const PAYMENTS_NOT_SET_UP = "Card payments are not set up on this server.";
export const PAYMENTS_MISCONFIGURED =
  "Card payments are switched off: this server's payment settings are invalid (test mode on a production server).";

export function paymentSetup(env: Pick<Env, "APP_ENV" | "PAYMENTS_MODE" | "STRIPE_SECRET_KEY">): PaymentSetup {
  const testMode = env.PAYMENTS_MODE === "test";
  if (testMode && isProduction(env)) {
    return {
      mode: "off",
      message: PAYMENTS_MISCONFIGURED,
      problem:
        'PAYMENTS_MODE=test is set on a production Worker (APP_ENV is not "development" or "test"): the test-mode ' +
        "payment provider is refused and card payments are switched off. Remove PAYMENTS_MODE, or set APP_ENV on a " +
        "development or test Worker.",
    };
  }
  if (env.STRIPE_SECRET_KEY) return { mode: "stripe" };
  if (testMode) return { mode: "test" };
  return { mode: "off", message: PAYMENTS_NOT_SET_UP };
}

export interface Intent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  mode: "stripe" | "test";
  createIntent(args: {
    amount: number;
    metadata: Record<string, string>;
  }): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<Intent | null>;
}

export function stripeClient(env: Env): Stripe {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY!, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

/** Stripe itself: also what the webhook re-reads payments from, since its events are Stripe's whatever the mode. */
export function stripeProvider(env: Env): PaymentProvider {
  const stripe = stripeClient(env);
  return {
    mode: "stripe",
    async createIntent({ amount, metadata }) {
      const pi = await stripe.paymentIntents.create({
        amount,
        currency: "usd",
        metadata,
        allowed_payment_method_types: ["card"],
      });
      return { id: pi.id, clientSecret: pi.client_secret! };
    },
    async retrieveIntent(id) {
      try {
        const pi = await stripe.paymentIntents.retrieve(id);
        return { id: pi.id, status: pi.status, amount: pi.amount, currency: pi.currency, metadata: pi.metadata };
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode === 404) return null;
        throw e;
      }
    },
  };
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** Stands in for Stripe offline: intents live in D1, test cards decide the outcome (see confirmTestCard). */
function testProvider(env: Env): PaymentProvider {
  const db = getDb(env);
  return {
    mode: "test",
    async createIntent({ amount, metadata }) {
      const id = `pi_test_${b64url(crypto.getRandomValues(new Uint8Array(12)))}`;
      const clientSecret = `${id}_secret_${b64url(crypto.getRandomValues(new Uint8Array(18)))}`;
      await db.insert(testPaymentIntents).values({
        id,
        clientSecret,
        amount,
        currency: "usd",
        status: "requires_payment_method",
        metadata: JSON.stringify(metadata),
        createdAt: Date.now(),
      });
      return { id, clientSecret };
    },
    async retrieveIntent(id) {
      const row = (await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).limit(1))[0];
      return row
        ? {
            id: row.id,
            status: row.status,
            amount: row.amount,
            currency: row.currency,
            metadata: JSON.parse(row.metadata),
          }
        : null;
    },
  };
}

/** The provider that takes payments now; otherwise a 503 refusal, logged when the settings contradict each other. */
export function paymentProvider(env: Env): PaymentProvider {
  const setup = paymentSetup(env);
  if (setup.mode === "stripe") return stripeProvider(env);
  if (setup.mode === "test") return testProvider(env);
  if (setup.problem) console.error(`PAYMENTS REFUSED: ${setup.problem}`);
  throw new AppError("payments_unavailable", setup.message);
}

/** Without test mode there is no test provider: 404, whoever asks. */
export function requireTestMode(env: Env): void {
  if (paymentSetup(env).mode !== "test") throw new AppError("not_found", "Test mode is off on this server");
}

export interface TestCard {
  number: string;
  exp: string;
  cvc: string;
}

/** Stripe's own test cards and messages. */
const DECLINES: Record<string, string> = {
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000000069": "Your card has expired.",
  "4000000000000127": "Your card's security code is incorrect.",
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The test-mode provider's card confirmation: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
 * Unless test mode is on, there is no such provider: 404.
 */
export async function confirmTestCard(env: Env, clientSecret: string, card: TestCard, userId: string) {
  requireTestMode(env);
  const db = getDb(env);
  const id = clientSecret.split("_secret_")[0];
  const row = (await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).limit(1))[0];
  if (!row || row.clientSecret !== clientSecret) throw new AppError("not_found", "Payment not found");
  if (JSON.parse(row.metadata).userId !== userId)
    throw new AppError("forbidden", "This payment belongs to someone else");
  if (row.status === "succeeded") return { status: "succeeded" as const, id };
  const number = card.number.replace(/\s+/g, "");
  const fail = async (message: string) => {
    await db.update(testPaymentIntents).set({ lastError: message }).where(eq(testPaymentIntents.id, id));
    throw new AppError("payment_failed", message);
  };
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return fail("Your card number is invalid.");
  const exp = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.exp.trim());
  if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) return fail("Your card's expiration date is incomplete.");
  const now = new Date();
  const expYear = 2000 + Number(exp[2]);
  if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && Number(exp[1]) < now.getUTCMonth() + 1)) {
    return fail("Your card's expiration year is in the past.");
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return fail("Your card's security code is incomplete.");
  if (DECLINES[number]) return fail(DECLINES[number]);
  if (!number.startsWith("4242") && !number.startsWith("5555")) return fail("Your card was declined.");
  await db
    .update(testPaymentIntents)
    .set({ status: "succeeded", lastError: null })
    .where(eq(testPaymentIntents.id, id));
  return { status: "succeeded" as const, id };
}
