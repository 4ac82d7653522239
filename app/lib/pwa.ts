// What the page, the server and the service worker (app/service-worker/sw.ts, decision 098) agree on: where the
// worker is served, which responses it keeps, and the shape of a push message (decision 099).

/** The service worker's script: served from the root, so that its scope is the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";

/** Built JS and CSS: named by their content's hash, so a kept copy is never stale (public/_headers: immutable). */
export const HASHED_ASSETS_PREFIX = "/assets/";

/** A page's words, a file per page and language named by its content's hash (app/routes/words.ts, decision 111). */
export const WORDS_FILES_PREFIX = "/words/";

/** The service worker's one cache: hashed assets only (a new name when what it keeps changes meaning). */
export const ASSET_CACHE = "coinwork-assets-v1";

/** What a push carries, encrypted, and the service worker shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** the page the notification opens: a path of this site */
  url: string;
  /** one notification per tag: a later push with the same tag replaces it */
  tag: string;
}

/** The applicationServerKey of PushManager.subscribe, from the server's public key (base64url). */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
