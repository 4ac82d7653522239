// Coin purchases: the server's price list decides the amount; coins are credited only for a PaymentIntent
// seen to have succeeded (webhook or a re-read when the client reports it), exactly once per payment id.
import Stripe from "stripe";
import { count, desc, eq } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { fetchPage, pageWindow } from "../db/paging";
import { orders } from "../db/schema";
import { AppError, forbidden, isConstraintError, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { posting } from "./ledger.server";
import { paymentProvider, stripeClient, type Intent } from "../payments/provider.server";
import { findPackage } from "~/lib/coins";
import { requireVerifiedEmail } from "./accounts.server";

export function paymentMode(env: Env): "stripe" | "test" {
  return paymentProvider(env).mode;
}

export async function createPaymentIntent(env: Env, buyer: SessionUser, coins: number) {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can purchase coins");
  requireVerifiedEmail(buyer);
  const pkg = findPackage(coins);
  if (!pkg) throw new AppError("validation_failed", "Unknown coin package", { coins: ["Unknown coin package"] });
  const provider = paymentProvider(env);
  const intent = await provider.createIntent({
    amount: pkg.priceCents,
    metadata: { userId: buyer.id, coins: String(pkg.coins) },
  });
  return {
    clientSecret: intent.clientSecret,
    paymentId: intent.id,
    mode: provider.mode,
    coins: pkg.coins,
    priceCents: pkg.priceCents,
  };
}

/** Credits a succeeded intent once. Returns the order and whether this call credited it. */
export async function creditSucceededIntent(env: Env, intent: Intent, provider: "stripe" | "test") {
  if (intent.status !== "succeeded") throw new AppError("payment_failed", "The payment has not succeeded");
  const coins = Number(intent.metadata.coins);
  const pkg = findPackage(coins);
  const userId = intent.metadata.userId;
  // The amount charged must be the server's price for the coins named in the metadata.
  if (!pkg || !userId || intent.currency !== "usd" || intent.amount !== pkg.priceCents) {
    throw new AppError("conflict", "This payment does not match a coin package");
  }
  const db = getDb(env);
  const orderId = newId();
  const now = Date.now();
  try {
    await newBatch(env)
      .step(
        "order",
        db.insert(orders).values({
          id: orderId,
          userId,
          coins,
          priceCents: pkg.priceCents,
          paymentId: intent.id,
          provider,
          createdAt: now,
        }),
      )
      .step("credit", ...posting({ id: newId(), userId, delta: coins, kind: "purchase", orderId, now }))
      .run();
  } catch (e) {
    if (!isConstraintError(e, "payment_id")) throw e;
    const existing = (await db.select().from(orders).where(eq(orders.paymentId, intent.id)).limit(1))[0]!;
    return { order: existing, credited: false };
  }
  return { order: (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0]!, credited: true };
}

/** The client reports a payment: the server re-reads it from the provider and credits it if it succeeded. */
export async function confirmPurchase(env: Env, buyer: SessionUser, paymentId: string) {
  const provider = paymentProvider(env);
  const intent = await provider.retrieveIntent(paymentId);
  if (!intent) throw notFound("Payment not found");
  if (intent.metadata.userId !== buyer.id) throw forbidden("This payment belongs to someone else");
  return creditSucceededIntent(env, intent, provider.mode);
}

/** POST /webhooks/stripe: verified with the webhook secret; payment_intent.succeeded credits the coins. */
export async function handleStripeWebhook(env: Env, request: Request) {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new AppError("not_found", "Stripe is not configured");
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature");
  const body = await request.text();
  let event: Stripe.Event;
  try {
    event = await stripeClient(env).webhooks.constructEventAsync(
      body,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    throw new AppError("bad_request", "Invalid webhook signature");
  }
  if (event.type !== "payment_intent.succeeded") return { received: true, credited: false };
  const pi = event.data.object as Stripe.PaymentIntent;
  const result = await creditSucceededIntent(
    env,
    { id: pi.id, status: pi.status, amount: pi.amount, currency: pi.currency, metadata: pi.metadata },
    "stripe",
  );
  return { received: true, credited: result.credited };
}

export async function listOrders(env: Env, userId: string, opts: { page?: number; limit?: number } = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 20);
  return fetchPage(
    w,
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  );
}
