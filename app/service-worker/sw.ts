// Coinwork's service worker (decision 098), built on its own and served as /sw.js (scripts/lib/service-worker.ts),
// so that its scope is the whole site. It keeps only what can never be stale or personal:
// - the built JS and CSS under /assets/ and the pages' words under /words/ (each named by its content's hash), served
//   from its cache once fetched, so a second visit downloads no script and no words it already holds;
// - no page, no data request, nothing with `no-store`: pages always come from the network, and when the network
//   fails a page navigation gets the offline page (made here, not fetched);
// and it shows push notifications (decision 099), each opening its page when tapped.
import { ASSET_CACHE, HASHED_ASSETS_PREFIX, WORDS_FILES_PREFIX, type PushMessage } from "~/lib/pwa";
import { languageOfAcceptLanguage, type Language } from "~/lib/i18n/languages";
import { offlinePage, pushNotification, targetUrl, type WorkerWords } from "./pages";

/**
 * The catalogues' `serviceWorker` words in every language, written in by the build (scripts/lib/service-worker.ts):
 * the worker carries these few, not the catalogues.
 */
declare const SERVICE_WORKER_WORDS: Record<Language, WorkerWords>;

/** The language of this browser, as a visitor's page would be chosen from its Accept-Language. */
const language = languageOfAcceptLanguage(navigator.languages.join(","));
const words = SERVICE_WORKER_WORDS[language];

// The service worker's own global, as much of it as this file uses (the DOM library the project is typed with has
// no ServiceWorkerGlobalScope).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerSelf {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}
const worker = self as unknown as ServiceWorkerSelf;

/** The assets kept at most: a few releases' worth; the oldest go first. */
const MAX_ASSETS = 120;

worker.addEventListener("install", (event) => {
  // nothing to fetch ahead: the offline page is made here, and assets are kept as pages use them
  event.waitUntil(worker.skipWaiting());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== ASSET_CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith(HASHED_ASSETS_PREFIX) || url.pathname.startsWith(WORDS_FILES_PREFIX))
    return event.respondWith(hashedAsset(event));
  if (request.mode === "navigate") return event.respondWith(pageOrOffline(request));
  // everything else (data requests, images, the feed) is the browser's and the network's as if there were no worker
});

/** A hashed asset (or words file) from the cache, else from the network (then kept, unless it says no-store). */
async function hashedAsset(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic" && !/no-store/i.test(response.headers.get("Cache-Control") ?? ""))
    event.waitUntil(keep(cache, event.request, response.clone()));
  return response;
}

async function keep(cache: Cache, request: Request, response: Response) {
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old);
}

/** A page always from the network (never kept: it may be someone's own); the offline page when there is none. */
async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const url = new URL(request.url);
    return new Response(offlinePage(url.pathname + url.search, language, words), {
      status: 503,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
      },
    });
  }
}

worker.addEventListener("push", (event) => {
  const message = pushNotification(readPush(event), words);
  event.waitUntil(worker.registration.showNotification(message.title, message.options));
});

function readPush(event: PushEvent): Partial<PushMessage> | null {
  try {
    return (event.data?.json() as Partial<PushMessage>) ?? null;
  } catch {
    return null;
  }
}

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data, worker.location.origin);
  event.waitUntil(
    (async () => {
      // a Coinwork tab already open is brought forward and shown the page; else a new one opens
      const tabs = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((t) => new URL(t.url).origin === worker.location.origin);
      const shown = tab ? await tab.navigate(url).catch(() => null) : null;
      if (shown) await shown.focus();
      else await worker.clients.openWindow(url);
    })(),
  );
});
