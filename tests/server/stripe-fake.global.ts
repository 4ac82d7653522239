// A local HTTP server answering the few Stripe endpoints Coinwork uses (create and retrieve a PaymentIntent),
// so the real Stripe SDK runs unchanged in the tests. /__control lets a test play the card network.
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
}

export default async function setup(project: TestProject) {
  const intents = new Map<string, FakeIntent>();
  let n = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(data));
      };
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
        const id = `pi_fake_${++n}_${Date.now()}`;
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          currency: form.get("currency") ?? "usd",
          status: "requires_payment_method",
          client_secret: `${id}_secret_x`,
          metadata,
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && m) {
        const intent = intents.get(m[1]);
        return intent
          ? send(200, intent)
          : send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
      }
      // test control: POST /__control/<id> { status?, amount?, metadata? }
      const c = /^\/__control\/([^/]+)$/.exec(url.pathname);
      if (req.method === "POST" && c) {
        const intent = intents.get(c[1]);
        if (!intent) return send(404, {});
        Object.assign(intent, JSON.parse(body || "{}"));
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
