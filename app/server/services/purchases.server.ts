// Coin purchases: the server's price list decides the amount; coins are credited only for a PaymentIntent
// seen to have succeeded (webhook or a re-read when the client reports it), exactly once per payment id, and a
// purchase first settles what the buyer owes. Stripe's refunds and disputes take the coins back (reversePayment).
import Stripe from "stripe";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { fetchPage, pageWindow } from "../db/paging";
import { coinLedger, orders, paymentReversals, type Order } from "../db/schema";
import { AppError, conflict, forbidden, isConstraintError, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { CHANGED_MEANWHILE, exists, notice, notification, posting } from "./ledger.server";
import { settleDebt, takeOrOwe } from "./debts.server";
import {
  paymentProvider,
  stripeClient,
  stripeProvider,
  type Intent,
  type PaymentMode,
} from "../payments/provider.server";
import { findPackage } from "~/lib/coins";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { requireVerifiedEmail } from "../auth/guards.server";
import type { Language } from "~/lib/i18n/languages";
import { formatsOf } from "~/lib/i18n/format";

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

/**
 * Credits a succeeded intent once, and in the same batch settles what the buyer owes out of the new balance.
 * Returns the order, whether this call credited it, and the coins of the balance that settled the debt.
 */
export async function creditSucceededIntent(env: Env, intent: Intent, provider: PaymentMode) {
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
  const batch = newBatch(env)
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
    .step("credit", ...posting({ id: newId(), userId, delta: coins, kind: "purchase", orderId, now }));
  try {
    await settleDebt(batch, "settle", { userId, orderId, now }).run();
  } catch (e) {
    if (!isConstraintError(e, "payment_id")) throw e;
    const existing = (await db.select().from(orders).where(eq(orders.paymentId, intent.id)).limit(1))[0]!;
    return { order: existing, credited: false, settled: 0 };
  }
  const settled = await db
    .select({ delta: coinLedger.delta })
    .from(coinLedger)
    .where(and(eq(coinLedger.orderId, orderId), eq(coinLedger.kind, "debt_settlement")));
  return {
    order: (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0]!,
    credited: true,
    settled: -(settled[0]?.delta ?? 0),
  };
}

/** The client reports a payment: the server re-reads it from the provider and credits it if it succeeded. */
export async function confirmPurchase(env: Env, buyer: SessionUser, paymentId: string) {
  const provider = paymentProvider(env);
  const intent = await provider.retrieveIntent(paymentId);
  if (!intent) throw notFound("Payment not found");
  if (intent.metadata.userId !== buyer.id) throw forbidden("This payment belongs to someone else");
  return creditSucceededIntent(env, intent, provider.mode);
}

/** What Stripe's webhook answers: whether this event credited a payment, and how many coins it reversed. */
export interface WebhookAnswer {
  received: true;
  credited: boolean;
  reversed: number;
}

/**
 * POST /webhooks/stripe, verified with the webhook secret: payment_intent.succeeded credits the coins;
 * charge.refunded and charge.dispute.created take them back (reversePayment). Other events are acknowledged.
 */
export async function handleStripeWebhook(env: Env, request: Request): Promise<WebhookAnswer> {
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
  const answer = (credited: boolean, reversed = 0): WebhookAnswer => ({ received: true, credited, reversed });
  const reverse = async (kind: Reversal["kind"], payment: string | { id: string } | null, cents: number) => {
    const paymentId = typeof payment === "string" ? payment : payment?.id;
    return answer(false, paymentId ? await reversePayment(env, { eventId: event.id, kind, paymentId, cents }) : 0);
  };
  switch (event.type) {
    case "payment_intent.succeeded": {
      const pi = event.data.object;
      const result = await creditSucceededIntent(
        env,
        { id: pi.id, status: pi.status, amount: pi.amount, currency: pi.currency, metadata: pi.metadata },
        "stripe",
      );
      return answer(result.credited);
    }
    case "charge.refunded":
      // amount_refunded is the charge's refunded total so far, however many refunds made it
      return reverse("refund", event.data.object.payment_intent, event.data.object.amount_refunded);
    case "charge.dispute.created":
      return reverse("dispute", event.data.object.payment_intent, event.data.object.amount);
    default:
      return answer(false);
  }
}

export interface Reversal {
  /** the Stripe event: each is applied once (UNIQUE payment_reversals.event_id) */
  eventId: string;
  kind: "refund" | "dispute";
  paymentId: string;
  /** this kind's total so far for the payment, in cents: all refunds of the charge, or the disputed amount */
  cents: number;
}

/**
 * The coins a payment's reversals of one kind claim: the share of the order's coins that `cents` is of its price,
 * rounded down to whole coins (never more than credited; a partial refund of 1/3 of 150 coins claims 49, not 50).
 */
export function claimedCoins(order: Pick<Order, "coins" | "priceCents">, cents: number): number {
  return Math.floor((order.coins * Math.min(Math.max(cents, 0), order.priceCents)) / order.priceCents);
}

/**
 * Takes back the coins a credited payment gave, for one refund or dispute event, in one batch: a payment_reversals
 * row, then `takeOrOwe` (what the balance holds leaves it as `purchase_reversal`, the rest becomes debt) and a
 * notice to the buyer. Refunds are cumulative (each event carries the refunded total), a dispute adds its amount,
 * and all the payment's reversals together never take more than it credited. The same event twice changes
 * nothing. A payment that was never credited is credited first, as its own webhook would have been, so that a
 * late report of it cannot credit a refunded payment. Returns the coins this event reversed.
 */
export async function reversePayment(env: Env, r: Reversal): Promise<number> {
  const db = getDb(env);
  let order = (await db.select().from(orders).where(eq(orders.paymentId, r.paymentId)).limit(1))[0];
  if (!order) {
    const intent = await stripeProvider(env).retrieveIntent(r.paymentId);
    // another payment on the same Stripe account, not a coin purchase: nothing of ours to reverse
    if (!intent?.metadata.userId || !intent.metadata.coins) return 0;
    order = (await creditSucceededIntent(env, intent, "stripe")).order;
  }
  const o = order;
  const claim = claimedCoins(o, r.cents);
  // Computed from the order's reversals as read; the batch requires their total unchanged (a concurrent event of
  // the same payment makes it read again), so the words of the notice always match the coins moved.
  for (let attempt = 0; attempt < 3; attempt++) {
    const prior = await db
      .select({ kind: paymentReversals.kind, coins: sql<number>`SUM(${paymentReversals.coins})` })
      .from(paymentReversals)
      .where(eq(paymentReversals.orderId, o.id))
      .groupBy(paymentReversals.kind);
    const total = prior.reduce((sum, p) => sum + Number(p.coins), 0);
    const ofKind = Number(prior.find((p) => p.kind === r.kind)?.coins ?? 0);
    const coins = Math.max(0, Math.min(o.coins - total, claim - ofKind));
    const reversalId = newId();
    const now = Date.now();
    const recorded = exists("payment_reversals", reversalId);
    const batch = newBatch(env).step(
      "reversal",
      sql`INSERT INTO payment_reversals (id, order_id, event_id, kind, coins, created_at)
        SELECT ${reversalId}, ${o.id}, ${r.eventId}, ${r.kind}, ${coins}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM payment_reversals WHERE event_id = ${r.eventId})
          AND (SELECT COALESCE(SUM(coins), 0) FROM payment_reversals WHERE order_id = ${o.id}) = ${total}`,
    );
    if (coins > 0) {
      const values = (language: Language) => ({
        dollars: formatsOf(language).dollars(o.priceCents),
        coins: o.coins,
        kind: r.kind === "refund" ? "refunded" : "disputed",
        taken: coins,
      });
      batch.step(
        "notify",
        notification({
          id: newId(),
          userId: o.userId,
          // read before the coins move: does the balance cover them?
          message: (language) => sql`CASE WHEN (SELECT coin FROM users WHERE id = ${o.userId}) >= ${coins}
            THEN ${notice("payment.reversed", values)(language)}
            ELSE ${notice("payment.reversedOwed", values)(language)} END`,
          actionRoute: NOTIFICATION_LINKS.paymentReversed,
          now,
          when: recorded,
        }),
      );
      takeOrOwe(batch, "take back", {
        userId: o.userId,
        coins,
        kind: "purchase_reversal",
        orderId: o.id,
        reversalId,
        note: `${r.kind} ${r.eventId}`,
        now,
        when: recorded,
      });
    }
    const result = await batch.run();
    if (result.changes("reversal") === 1) return coins;
    const seen = await db
      .select({ id: paymentReversals.id })
      .from(paymentReversals)
      .where(eq(paymentReversals.eventId, r.eventId))
      .limit(1);
    if (seen.length) return 0;
  }
  throw conflict(CHANGED_MEANWHILE);
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
