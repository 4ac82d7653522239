// A local HTTP server answering the few Stripe endpoints Coinwork and its tests use, so the real Stripe SDK runs
// unchanged: PaymentIntents (create, retrieve), refunds (create), events (list). A PaymentIntent that succeeds gets
// a charge; a refund raises the charge's amount_refunded and records a `charge.refunded` event, as Stripe does.
// /__control lets a test play the card network and the cardholder's bank (a dispute: `charge.dispute.created`).
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";

interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
}

interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
}

interface FakeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  data: { object: object };
}

export default async function setup(project: TestProject) {
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const events: FakeEvent[] = [];
  let n = 0;
  const nextId = (prefix: string) => `${prefix}_fake_${++n}_${Date.now()}`;
  const record = (type: string, object: object) => {
    const event: FakeEvent = {
      id: nextId("evt"),
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      // a copy: the event shows the object as it was when the event happened
      data: { object: structuredClone(object) },
    };
    events.push(event);
    return event;
  };
  /** The intent's charge, made when it first succeeds. */
  const chargeOf = (intent: FakeIntent) => {
    if (intent.status === "succeeded" && !intent.latest_charge) {
      const charge: FakeCharge = {
        id: nextId("ch"),
        object: "charge",
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: false,
        status: "succeeded",
      };
      charges.set(charge.id, charge);
      intent.latest_charge = charge.id;
    }
    return intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
  };

  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(data));
      };
      const invalid = (message: string, status = 400) =>
        send(status, { error: { type: "invalid_request_error", message } });
      const url = new URL(req.url ?? "/", "http://localhost");
      if (!(req.headers.authorization ?? "").startsWith("Bearer sk_test_"))
        return send(401, { error: { message: "Invalid API Key" } });
      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        const form = new URLSearchParams(body);
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]] = v;
        }
        const id = nextId("pi");
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          currency: form.get("currency") ?? "usd",
          status: "requires_payment_method",
          client_secret: `${id}_secret_x`,
          metadata,
          latest_charge: null,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && m) {
        const intent = intents.get(m[1]);
        return intent ? send(200, intent) : invalid("No such payment_intent", 404);
      }
      // POST /v1/refunds payment_intent=…&amount=… (amount: the rest of the charge when left out)
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const form = new URLSearchParams(body);
        const intent = intents.get(form.get("payment_intent") ?? "");
        const charge = intent && chargeOf(intent);
        if (!charge) return invalid("This PaymentIntent has no successful charge to refund");
        const amount = Number(form.get("amount") ?? charge.amount - charge.amount_refunded);
        if (!Number.isInteger(amount) || amount < 1 || amount > charge.amount - charge.amount_refunded)
          return invalid(`Refund amount ($${amount / 100}) is greater than the unrefunded amount on the charge`);
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        record("charge.refunded", charge);
        return send(200, {
          id: nextId("re"),
          object: "refund",
          amount,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          currency: charge.currency,
          status: "succeeded",
        });
      }
      // GET /v1/events?type=…: newest first
      if (req.method === "GET" && url.pathname === "/v1/events") {
        const type = url.searchParams.get("type");
        const data = events.filter((e) => !type || e.type === type).reverse();
        return send(200, { object: "list", url: "/v1/events", has_more: false, data });
      }
      // test control: POST /__control/<id>/dispute { amount? }: the cardholder disputes the charge; answers the event
      const d = /^\/__control\/([^/]+)\/dispute$/.exec(url.pathname);
      if (req.method === "POST" && d) {
        const intent = intents.get(d[1]);
        const charge = intent && chargeOf(intent);
        if (!charge) return send(404, {});
        const { amount = charge.amount } = JSON.parse(body || "{}") as { amount?: number };
        const dispute = {
          id: nextId("dp"),
          object: "dispute",
          amount,
          charge: charge.id,
          payment_intent: charge.payment_intent,
          currency: charge.currency,
          reason: "fraudulent",
          status: "needs_response",
        };
        return send(200, record("charge.dispute.created", dispute));
      }
      // test control: POST /__control/<id> { status?, amount?, metadata? }
      const c = /^\/__control\/([^/]+)$/.exec(url.pathname);
      if (req.method === "POST" && c) {
        const intent = intents.get(c[1]);
        if (!intent) return send(404, {});
        Object.assign(intent, JSON.parse(body || "{}"));
        chargeOf(intent);
        return send(200, intent);
      }
      send(404, { error: { message: `Unknown endpoint ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  project.provide("stripeBase", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    stripeBase: string;
  }
}
