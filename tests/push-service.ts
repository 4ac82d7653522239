// A local Web Push service for the tests (decision 099): web-push-testing (npm), a push service nobody here wrote,
// run in this process. It hands out subscriptions as a browser's push service does (POST /subscribe with the
// applicationServerKey: an endpoint on it and the keys to encrypt to), checks each push's VAPID signature against
// that key, decrypts the payload (aes128gcm, RFC 8291) and keeps it for POST /get-notifications; a subscription it
// is told to expire (POST /expire-subscription/<clientHash>) answers 410 from then on.
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { PushApiModel as Model } from "web-push-testing/src/PushApiModel.js";
import type WebPushTestingServer from "web-push-testing/src/server.js";

// Both through Node's own require: its server tells an expired subscription (410) from a bad push (400) by the
// class of its error, so the model must be the very module the server loads (a bundler's copy of it is another).
const require = createRequire(import.meta.url);
const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: typeof Model };
const Server = require("web-push-testing/src/server.js") as typeof WebPushTestingServer;

export interface LocalPushService {
  /** e.g. http://localhost:41234 (no trailing slash) */
  url: string;
  stop: () => Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const model = new PushApiModel();
  // port 0: any free port, read back once it listens (the endpoints it hands out name it)
  const server = new Server(model, 0);
  const log = console.log;
  console.log = () => undefined; // it says "Server running on port 0" once it listens
  try {
    server.startServer();
    const http = server._server;
    if (!http.listening) await new Promise<void>((resolve) => http.once("listening", () => resolve()));
  } finally {
    console.log = log;
  }
  const http = server._server;
  const url = `http://localhost:${(http.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;
  return { url, stop: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}
