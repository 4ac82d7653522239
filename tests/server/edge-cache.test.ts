// Whole public pages cached at the edge for anonymous visitors (app/server/http/page-cache.server.ts), through the
// worker's fetch and the Workers Cache API of workerd. Each test uses its own query string, so its page has its
// own cache entry (storage is shared by the tests of a run).
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { describe, expect, it } from "vitest";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import {
  BASE,
  call,
  expectRedirect,
  getPage,
  htmlOf,
  postContactForm,
  registerUser,
  textOf,
  uniqueToken,
} from "./fixtures";
import {
  CACHE_STATUS_HEADER,
  dropCachedPage,
  isCacheablePageRequest,
  PAGE_FRESH_SECONDS,
  pageCacheKey,
  PAGE_STALE_SECONDS,
  servePage,
  STORED_AT_HEADER,
} from "~/server/http/page-cache.server";
import { newNonce, policyNonce, splitAtNonce, withNonce } from "~/server/http/csp-nonce.server";
import { edgeCache } from "~/server/services/landing.server";

const status = (res: Response) => res.headers.get(CACHE_STATUS_HEADER);

/** A page path of its own for this test. */
const own = (path: string) => `${path}?probe=${uniqueToken()}`;

/** Waits until the copy stored by an earlier miss (in the background) answers. */
async function cachedAnswer(path: string, cookie?: string): Promise<Response> {
  let res: Response | undefined;
  await expect
    .poll(
      async () => {
        res = await getPage(path, cookie);
        return status(res);
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe("hit");
  return res!;
}

/** Puts a copy into the cache as a render `ageSeconds` ago would have left it. */
async function storeCopy(path: string, html: string, ageSeconds: number, headers: Record<string, string> = {}) {
  await edgeCache()!.put(
    pageCacheKey(new Request(new URL(path, BASE))),
    new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": `public, max-age=${PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS}`,
        [STORED_AT_HEADER]: String(Date.now() - ageSeconds * 1000),
        ...headers,
      },
    }),
  );
}

describe("anonymous public pages from the edge cache", () => {
  it("the second anonymous GET of / is served from the cache, with its age, the same page", async () => {
    const path = own("/");
    const first = await getPage(path);
    expect(first.status).toBe(200);
    expect(status(first)).toBe("miss");
    const firstHtml = await htmlOf(first);
    expect(firstHtml).toContain("Find the best micro-jobs and earn real coins");

    const second = await cachedAnswer(path);
    expect(second.status).toBe(200);
    expect(Number(second.headers.get("Age"))).toBeLessThanOrEqual(PAGE_FRESH_SECONDS);
    // the same page, but for the nonce: each answer has its own
    const firstNonce = policyNonce(first.headers)!;
    const secondNonce = policyNonce(second.headers)!;
    expect(secondNonce).not.toBe(firstNonce);
    const same = (html: string, nonce: string) => html.replaceAll(nonce, "NONCE");
    expect(same(await htmlOf(second), secondNonce)).toBe(same(firstHtml, firstNonce));
    // what the cache keeps for itself stays with it; the page's own headers come back
    expect(second.headers.get(STORED_AT_HEADER)).toBeNull();
    expect(second.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
    expect(second.headers.get("X-Frame-Options")).toBe("DENY");
    expect(second.headers.get("x-d1-bookmark")).toBeNull();
    expect(second.headers.getSetCookie()).toEqual([]);
  });

  it("every public page is cached; the dashboard, sign-in pages and the API never are", async () => {
    for (const path of ["/", "/about", "/contact", "/faq", "/terms"])
      expect(isCacheablePageRequest(new Request(new URL(own(path), BASE))), path).toBe(true);
    for (const path of ["/login", "/register", "/dashboard", "/tasks3", "/categories", "/about.data", "/robots.txt"])
      expect(isCacheablePageRequest(new Request(new URL(path, BASE))), path).toBe(false);

    const about = own("/about");
    expect(status(await getPage(about))).toBe("miss");
    await cachedAnswer(about);
    const login = await getPage(own("/login"));
    expect(login.status).toBe(200);
    expect(status(login)).toBeNull();
  });

  it("a signed-in visitor is never served the cached copy, nor cached: they get their own page", async () => {
    const path = own("/");
    expect(status(await getPage(path))).toBe("miss");
    // what the page shows (its data carries the header's words for every visitor)
    const anonymous = await textOf(await cachedAnswer(path));
    expect(anonymous).not.toContain("Log out");

    const worker = await registerUser("Worker", `Edge Reader ${uniqueToken()}`);
    for (let i = 0; i < 2; i++) {
      const mine = await getPage(path, worker.cookie);
      expect(mine.status).toBe(200);
      expect(status(mine)).toBeNull();
      expect(await textOf(mine)).toContain("Log out");
    }
    // a Bearer token counts as signed in too
    const bearer = await call(path, { headers: { Authorization: `Bearer ${worker.token}` } });
    expect(status(bearer)).toBeNull();
  });

  it("a request with a flash to show reaches the app (the flash is shown, then cleared), and is not stored", async () => {
    const path = own("/about");
    expect(status(await getPage(path))).toBe("miss");
    await cachedAnswer(path);
    const title = `Edge flash ${uniqueToken()}`;
    const flash = `cw_flash=${encodeURIComponent(JSON.stringify({ type: "success", title }))}`;
    const res = await getPage(path, flash);
    expect(status(res)).toBeNull();
    expect(await htmlOf(res)).toContain(title);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("cw_flash=;"))).toBe(true);
    expect(await htmlOf(await getPage(path))).not.toContain(title);
  });

  it("a POST is never answered from the cache nor stored", async () => {
    const path = own("/contact");
    expect(status(await getPage(path))).toBe("miss");
    await cachedAnswer(path);
    for (let i = 0; i < 2; i++) {
      const res = await postContactForm(path, { name: "Edge Poster", message: "Posted, never cached" });
      expectRedirect(res, "/contact");
      expect(status(res)).toBeNull();
    }
    // the stored copy is still the page, not a POST's redirect
    const after = await getPage(path);
    expect(after.status).toBe(200);
    expect(status(after)).toBe("hit");
  });

  it("a stale session cookie reaches the app, which clears it; that answer is not kept for others", async () => {
    const path = own("/faq");
    const res = await getPage(path, `${SESSION_COOKIE}=not-a-token`);
    expect(res.status).toBe(200);
    expect(status(res)).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await edgeCache()!.match(new Request(new URL(path, BASE)))).toBeUndefined();
    expect(status(await getPage(path))).toBe("miss");
  });

  it("stores only a 200 HTML page that sets no cookie and is not private", async () => {
    const html = { "Content-Type": "text/html; charset=utf-8" };
    const answers: [string, Response, boolean][] = [
      ["plain page", new Response("<p>ok</p>", { headers: html }), true],
      ["sets a cookie", new Response("<p>x</p>", { headers: { ...html, "Set-Cookie": "a=b; Path=/" } }), false],
      ["private", new Response("<p>x</p>", { headers: { ...html, "Cache-Control": "private, max-age=0" } }), false],
      ["no-store", new Response("<p>x</p>", { headers: { ...html, "Cache-Control": "no-store" } }), false],
      ["not found", new Response("<p>x</p>", { status: 404, headers: html }), false],
      ["a redirect", new Response(null, { status: 302, headers: { Location: "/" } }), false],
      ["not HTML", Response.json({ a: 1 }), false],
    ];
    for (const [what, answer, stored] of answers) {
      const request = new Request(new URL(own("/about"), BASE));
      const ctx = createExecutionContext();
      const res = await servePage(request, ctx, () => Promise.resolve(answer));
      await res.arrayBuffer();
      await waitOnExecutionContext(ctx);
      expect(status(res), what).toBe(stored ? "miss" : null);
      expect(Boolean(await edgeCache()!.match(pageCacheKey(request))), what).toBe(stored);
    }
  });

  it("a copy past its freshness is served once more while a new render replaces it", async () => {
    const path = own("/terms");
    await storeCopy(path, "<p>an old copy</p>", PAGE_FRESH_SECONDS + 2);
    const stale = await getPage(path);
    expect(status(stale)).toBe("stale");
    expect(Number(stale.headers.get("Age"))).toBeGreaterThan(PAGE_FRESH_SECONDS);
    expect(await stale.text()).toBe("<p>an old copy</p>");

    const fresh = await cachedAnswer(path);
    expect(await htmlOf(fresh)).toContain("Terms");
    expect(await dropCachedPage(`${BASE}${path}`)).toBe(true);
    expect(status(await getPage(path))).toBe("miss");
  });
});

describe("a fresh CSP nonce for every cached answer", () => {
  const page = (nonce: string) =>
    `<html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"><style nonce="${nonce}">p{}</style></head>` +
    `<body><p nonce="someone-else">x</p><script nonce="${nonce}">window.__x = 1</script></body></html>`;
  const policy = (nonce: string) =>
    `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'nonce-${nonce}'`;

  it("replaces the stored nonce in the policy and in every element that carried it, and nowhere else", async () => {
    const old = newNonce();
    const stored = new Response(page(old), {
      headers: { "Content-Type": "text/html", "Content-Security-Policy": policy(old) },
    });
    const fresh = newNonce();
    const out = withNonce(await splitAtNonce(stored), fresh);
    expect(out.headers.get("Content-Security-Policy")).toBe(policy(fresh));
    expect(await out.text()).toBe(page(fresh));
  });

  it("makes a new nonce each time, 128 random bits", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(atob(n)).toHaveLength(16);
  });

  it("leaves a page without a nonce policy as it is", async () => {
    const res = new Response("<script nonce='a'>1</script>", {
      headers: { "Content-Security-Policy": "default-src 'self'" },
    });
    expect(policyNonce(res.headers)).toBeNull();
    const out = withNonce(await splitAtNonce(res));
    expect(await out.text()).toBe("<script nonce='a'>1</script>");
    expect(out.headers.get("Content-Security-Policy")).toBe("default-src 'self'");
  });

  it("each answer from the cache carries its own nonce, the same in the header and the page", async () => {
    const path = own("/about");
    const old = newNonce();
    await storeCopy(path, page(old), 1, { "Content-Security-Policy": policy(old) });
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await getPage(path);
      expect(status(res)).toBe("hit");
      const nonce = policyNonce(res.headers)!;
      expect(nonce).not.toBe(old);
      expect(await res.text()).toBe(page(nonce));
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });
});
