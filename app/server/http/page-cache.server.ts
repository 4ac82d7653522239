// Whole pages cached at the edge (the Workers Cache API, one copy per data centre) for anonymous visitors of the
// public pages. A signed-in visitor, a request with a flash to show, and anything but GET always reach the app,
// and only an answer that sets no cookie is stored. The Cache API has no stale-while-revalidate, so it is done
// here: a copy older than PAGE_FRESH_SECONDS is still served, up to PAGE_STALE_SECONDS more, while one background
// render replaces it. docs/decisions/012-d1-read-replication.md explains the timings.
import { splitAtNonce, withNonce, type NoncedPage } from "./csp-nonce.server";
import { readCookie } from "./cookies.server";
import { FLASH_COOKIE } from "./flash.server";
import { BOOKMARK_HEADER, presentsIdentity } from "../db/session.server";
import { edgeCache, LANDING_CACHE_SECONDS } from "../services/landing.server";
import { requestLanguage } from "./language.server";
import { LANGUAGES } from "~/lib/i18n/languages";

/** The pages that are the same for every anonymous visitor. */
export const CACHED_PAGES: ReadonlySet<string> = new Set(["/", "/about", "/contact", "/faq", "/terms"]);
/** A stored copy is served as is this long after its render... */
export const PAGE_FRESH_SECONDS = 15;
/**
 * ...and this much longer while a new render replaces it. With the landing payload's own cache the data on a
 * page is at most PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS + LANDING_CACHE_SECONDS old: a new task shows within
 * a minute.
 */
export const PAGE_STALE_SECONDS = 15;
/** How the answer was made: "hit" (a fresh copy), "stale" (an old copy, being replaced) or "miss" (rendered). */
export const CACHE_STATUS_HEADER = "x-cache";

/** When the stored copy was rendered (ms), kept with it. */
export const STORED_AT_HEADER = "x-page-stored-at";
/** The app's own Cache-Control, kept beside the one the Cache API reads and given back to the browser. */
const APP_CACHE_CONTROL = "x-page-cache-control";

// Checked at load: the promise above must hold whatever the constants become.
if (PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS + LANDING_CACHE_SECONDS > 60)
  throw new Error("page and landing caches together must stay within a minute");

/** Whether a request may be answered from (and stored in) the page cache. */
export function isCacheablePageRequest(request: Request): boolean {
  if (request.method !== "GET" || presentsIdentity(request)) return false;
  if (!CACHED_PAGES.has(new URL(request.url).pathname)) return false;
  // A flash the next page shows once (flash.server.ts) makes that page the visitor's own.
  return !readCookie(request, FLASH_COOKIE);
}

/** Only a complete HTML page that sets no cookie and that the app did not mark private is stored. */
function isStorable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !/\b(?:private|no-store|no-cache)\b/i.test(cacheControl)
  );
}

/**
 * The stored copy's key: the URL (query included) and the page's language, never the visitor's other headers. One
 * copy per language: a visitor is never served a page in the other language.
 */
export function pageCacheKey(request: Request): Request {
  const url = new URL(request.url);
  url.searchParams.set("__language", requestLanguage(request, null));
  return new Request(url, { method: "GET" });
}

/** What a background refresh renders: the page's URL in the page's language, and nothing else of the visitor's. */
function anonymousRequest(request: Request): Request {
  return new Request(request.url, { method: "GET", headers: { "Accept-Language": requestLanguage(request, null) } });
}

function forStorage(response: Response): Response {
  const stored = new Response(response.body, response);
  const appCacheControl = stored.headers.get("Cache-Control");
  if (appCacheControl) stored.headers.set(APP_CACHE_CONTROL, appCacheControl);
  stored.headers.set("Cache-Control", `public, max-age=${PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS}`);
  stored.headers.set(STORED_AT_HEADER, String(Date.now()));
  stored.headers.delete(BOOKMARK_HEADER);
  stored.headers.delete(CACHE_STATUS_HEADER);
  return stored;
}

/** A stored page as this isolate keeps it in memory: split at its nonce, with the time of its render. */
interface MemoryCopy {
  page: NoncedPage;
  storedAt: number;
}

/**
 * The stored pages this isolate has answered lately, by URL: a hit then costs a copy of the bytes, not a Cache API
 * lookup and an HTML rewrite. Each is answered by the same age rules as the Cache API's copy it came from, and only
 * until that copy expires. Bounded (the query string is part of the key): the oldest goes first.
 */
const inMemory = new Map<string, MemoryCopy>();
const IN_MEMORY_PAGES = 32;

function remember(url: string, copy: MemoryCopy): void {
  inMemory.delete(url);
  if (inMemory.size >= IN_MEMORY_PAGES) inMemory.delete(inMemory.keys().next().value!);
  inMemory.set(url, copy);
}

const ageOf = (copy: MemoryCopy) => (Date.now() - copy.storedAt) / 1000;

async function copyOf(stored: Response): Promise<MemoryCopy> {
  return { page: await splitAtNonce(stored), storedAt: Number(stored.headers.get(STORED_AT_HEADER)) };
}

/** The page's stored copy: this isolate's, else the Cache API's (then kept in memory too). */
async function storedCopy(cache: Cache, key: Request): Promise<MemoryCopy | undefined> {
  const kept = inMemory.get(key.url);
  if (kept && ageOf(kept) <= PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS) return kept;
  inMemory.delete(key.url);
  const stored = await cache.match(key);
  if (!stored) return undefined;
  const copy = await copyOf(stored);
  remember(key.url, copy);
  return copy;
}

/**
 * Stores a rendered page: in the Cache API for every isolate of this location, then in this one's memory (in that
 * order: a copy dropped while the put was under way would otherwise come back from the Cache API afterwards).
 */
async function keep(cache: Cache, key: Request, response: Response): Promise<void> {
  const stored = forStorage(response);
  const copy = await copyOf(stored.clone());
  await cache.put(key, stored);
  remember(key.url, copy);
}

function fromStorage(copy: MemoryCopy, status: "hit" | "stale", ageSeconds: number): Response {
  const out = withNonce(copy.page);
  const appCacheControl = out.headers.get(APP_CACHE_CONTROL);
  if (appCacheControl) out.headers.set("Cache-Control", appCacheControl);
  else out.headers.delete("Cache-Control");
  out.headers.delete(APP_CACHE_CONTROL);
  out.headers.delete(STORED_AT_HEADER);
  out.headers.set("Age", String(Math.max(0, Math.floor(ageSeconds))));
  out.headers.set(CACHE_STATUS_HEADER, status);
  return out;
}

/** Pages of this isolate being rendered in the background, so a burst of stale hits renders each once. */
const refreshing = new Set<string>();

async function renderAndStore(cache: Cache, key: Request, render: () => Promise<Response>): Promise<void> {
  const response = await render();
  if (isStorable(response)) await keep(cache, key, response);
}

/**
 * Answers a page request from the edge cache when it may, otherwise through `render` (the app), storing what
 * may be stored. `render` receives the request to answer; a background refresh passes an anonymous copy of it.
 */
export async function servePage(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  render: (request: Request) => Promise<Response>,
): Promise<Response> {
  const cache = edgeCache();
  if (!cache || !isCacheablePageRequest(request)) return render(request);
  const key = pageCacheKey(request);
  const stored = await storedCopy(cache, key);
  if (stored) {
    const age = ageOf(stored);
    const stale = !(age <= PAGE_FRESH_SECONDS);
    if (stale && !refreshing.has(key.url)) {
      refreshing.add(key.url);
      ctx.waitUntil(
        renderAndStore(cache, key, () => render(anonymousRequest(request)))
          .catch((e) => console.warn("page cache refresh failed", e))
          .finally(() => refreshing.delete(key.url)),
      );
    }
    return fromStorage(stored, stale ? "stale" : "hit", age);
  }
  const response = await render(request);
  if (!isStorable(response)) return response;
  ctx.waitUntil(keep(cache, key, response.clone()).catch((e: unknown) => console.warn("page cache write failed", e)));
  const out = new Response(response.body, response);
  out.headers.set(CACHE_STATUS_HEADER, "miss");
  return out;
}

/** Drops the stored copy of one page (tests; a change that must show before the copy expires). */
export async function dropCachedPage(url: string): Promise<boolean> {
  let dropped = false;
  for (const language of LANGUAGES) {
    const key = pageCacheKey(new Request(url, { headers: { "Accept-Language": language } }));
    inMemory.delete(key.url);
    dropped = ((await edgeCache()?.delete(key)) ?? false) || dropped;
  }
  return dropped;
}
