// A local Web Push service for the tests (decision 099): web-push-testing (npm), a push service nobody here wrote,
// run in this process. It hands out subscriptions as a browser's push service does (POST /subscribe with the
// applicationServerKey: an endpoint on it and the keys to encrypt to), checks each push's VAPID signature against
// that key, decrypts the payload (aes128gcm, RFC 8291) and keeps it for POST /get-notifications; a subscription it
// is told to expire (POST /expire-subscription/<clientHash>) answers 410 from then on.
import type { AddressInfo } from "node:net";
import { PushApiModel } from "web-push-testing/src/PushApiModel.js";
import WebPushTestingServer from "web-push-testing/src/server.js";

export interface LocalPushService {
  /** e.g. http://localhost:41234 (no trailing slash) */
  url: string;
  stop: () => Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const model = new PushApiModel();
  // port 0: any free port, read back once it listens (the endpoints it hands out name it)
  const server = new WebPushTestingServer(model, 0);
  const log = console.log;
  console.log = () => undefined; // it says "Server running on port 0"
  try {
    server.startServer();
  } finally {
    console.log = log;
  }
  const http = server._server;
  if (!http.listening) await new Promise<void>((resolve) => http.once("listening", () => resolve()));
  const url = `http://localhost:${(http.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;
  return { url, stop: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}
