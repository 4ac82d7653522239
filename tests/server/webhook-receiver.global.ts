// A local HTTPS-webhook receiver for the requester API's notifications (docs/mturk.md): it keeps every post to
// /hook/<name> (answered 204) with its headers and body, answers 500 to /fail/<name>, and gives back what <name>
// received at GET /received/<name>, so a test waits for a delivery as a requester's server would see it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

interface Received {
  headers: Record<string, string>;
  body: string;
}

export default async function setup(project: TestProject) {
  const received = new Map<string, Received[]>();
  const server = createServer((req, res) => {
    const [, kind, name = ""] = (req.url ?? "").split("/");
    if (req.method === "GET" && kind === "received") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(received.get(name) ?? []));
      return;
    }
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      if (kind === "hook") {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        received.set(name, [...(received.get(name) ?? []), { headers, body }]);
        res.writeHead(204).end();
      } else res.writeHead(kind === "fail" ? 500 : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("webhookReceiver", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    webhookReceiver: string;
  }
}
