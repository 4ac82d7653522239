// The Web Push sender (decision 099), a transport like app/server/email: it signs with the server's VAPID key
// (RFC 8292, ES256 through jose), encrypts the payload to the browser's keys (RFC 8291, aes128gcm, through
// @block65/webcrypto-web-push's WebCrypto code) and POSTs it to the subscription's push service. What is pushed, to
// whom and when is the push service's (app/server/services/push.server.ts).
import { encryptNotification } from "@block65/webcrypto-web-push";
import { importJWK, SignJWT } from "jose";
import { isLocalHost, isProduction } from "../environment.server";
import type { PushMessage } from "~/lib/pwa";

/** A browser's subscription as stored: its push service's endpoint and the keys (base64url) payloads go to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (app/service-worker/sw.ts reads the same shape). */
export type PushPayload = PushMessage;

/** The server's VAPID key pair: the private key to sign with, the public key (raw, base64url) browsers subscribe to. */
export interface VapidKeys {
  privateKey: CryptoKey;
  publicKey: string;
  /** who runs the sender, for the push service (RFC 8292 `sub`): a mailto: or https: address */
  subject: string;
}

export const NO_VAPID_KEY =
  "VAPID_JWK is not set: no push notification is sent and none can be turned on (set it with `wrangler secret put VAPID_JWK`)";

interface VapidJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  d: string;
}

function vapidJwk(text: string | undefined): VapidJwk | null {
  if (!text) return null;
  try {
    const jwk = JSON.parse(text) as Partial<VapidJwk>;
    if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.x || !jwk.y || !jwk.d) return null;
    return jwk as VapidJwk;
  } catch {
    return null;
  }
}

const fromBase64Url = (s: string) =>
  Uint8Array.from(atob(s.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** The public key browsers subscribe with (applicationServerKey): the uncompressed P-256 point, base64url. */
function publicKeyOf(jwk: VapidJwk): string {
  return toBase64Url(new Uint8Array([4, ...fromBase64Url(jwk.x), ...fromBase64Url(jwk.y)]));
}

type VapidSettings = Pick<Env, "VAPID_JWK" | "EMAIL_FROM" | "APP_ORIGIN">;

/** The public key browsers subscribe with, or null when the server has no (valid) VAPID key: push is off. */
export function vapidPublicKey(env: VapidSettings): string | null {
  const jwk = vapidJwk(env.VAPID_JWK);
  return jwk ? publicKeyOf(jwk) : null;
}

/** The key pair to sign with, or null when VAPID_JWK is missing or not a P-256 private key (no push is sent). */
export async function vapidKeys(env: VapidSettings): Promise<VapidKeys | null> {
  const jwk = vapidJwk(env.VAPID_JWK);
  if (!jwk) return null;
  const privateKey = (await importJWK(jwk, "ES256")) as CryptoKey;
  const subject = env.EMAIL_FROM ? `mailto:${env.EMAIL_FROM}` : env.APP_ORIGIN || "mailto:no-reply@coinwork.dev";
  return { privateKey, publicKey: publicKeyOf(jwk), subject };
}

/**
 * Whether the Worker may POST to this endpoint: an https URL (RFC 8030). Where APP_ENV is development or test, an
 * http URL on this machine too (the local push service the tests run). Anything else is refused when a browser
 * subscribes, so the server never posts to an address a person typed.
 */
export function pushEndpointAllowed(env: Pick<Env, "APP_ENV">, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return !isProduction(env) && url.protocol === "http:" && isLocalHost(url.hostname);
}

/**
 * How a push went: sent; gone (404 or 410: the subscription has ended, delete it); refused (another 4xx, or keys
 * that cannot be encrypted to: sending again would not help); or failed (429, 5xx, the network: try again later).
 */
export type PushOutcome = "sent" | "gone" | "refused" | "failed";

/** The push message's lifetime at the push service while the browser is offline, in seconds. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;

/** Signs, encrypts and sends one payload to one subscription. Never throws: a failure is an outcome. */
export async function sendPush(keys: VapidKeys, target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
  const audience = new URL(target.endpoint).origin;
  let request: RequestInit;
  try {
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", typ: "JWT" })
      .setAudience(audience)
      .setSubject(keys.subject)
      .setExpirationTime("12h")
      .sign(keys.privateKey);
    const body = await encryptNotification(
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      new TextEncoder().encode(JSON.stringify(payload)),
    );
    request = {
      method: "POST",
      headers: {
        Authorization: `vapid t=${jwt}, k=${keys.publicKey}`,
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        TTL: String(PUSH_TTL_SECONDS),
        Urgency: "normal",
      },
      body,
    };
  } catch (e) {
    console.warn(`push: cannot encrypt to a subscription of ${audience}:`, e instanceof Error ? e.message : e);
    return "refused";
  }
  try {
    const response = await fetch(target.endpoint, request);
    await response.body?.cancel();
    if (response.ok) return "sent";
    if (response.status === 404 || response.status === 410) return "gone";
    console.warn(`push: ${audience} answered ${response.status}`);
    return response.status === 429 || response.status >= 500 ? "failed" : "refused";
  } catch (e) {
    console.warn(`push: ${audience} could not be reached:`, e instanceof Error ? e.message : e);
    return "failed";
  }
}
