// What the service worker shows (app/service-worker/pages.ts): the page a tapped notification opens (only a page of
// this site), a push as its notification, and the offline page. The worker's caching and its events are walked in
// Chromium (tests/e2e/pwa.test.ts).
import { describe, expect, it } from "vitest";
import { NOTIFICATIONS_PAGE, offlinePage, pushNotification, targetUrl } from "~/service-worker/pages";
import { bn } from "~/lib/i18n/catalogues/bn";
import { en } from "~/lib/i18n/catalogues/en";

const EN = en.serviceWorker;
const BN = bn.serviceWorker;

const ORIGIN = "https://coinwork.example";

describe("the page a notification opens", () => {
  it("is the push's own page of this site, query included", () => {
    expect(targetUrl({ url: "/dashboard/tasklist/t-1" }, ORIGIN)).toBe(`${ORIGIN}/dashboard/tasklist/t-1`);
    expect(targetUrl({ url: "/dashboard/threads/submission/s-1?x=1" }, ORIGIN)).toBe(
      `${ORIGIN}/dashboard/threads/submission/s-1?x=1`,
    );
  });

  it("is never another site's: anything else opens the notifications page", () => {
    for (const url of [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example",
      "javascript:alert(1)",
      "dashboard",
      "",
      42,
      null,
    ])
      expect(targetUrl({ url }, ORIGIN), String(url)).toBe(`${ORIGIN}${NOTIFICATIONS_PAGE}`);
    expect(targetUrl(null, ORIGIN)).toBe(`${ORIGIN}${NOTIFICATIONS_PAGE}`);
    expect(targetUrl(undefined, ORIGIN)).toBe(`${ORIGIN}${NOTIFICATIONS_PAGE}`);
  });
});

describe("a push as its notification", () => {
  it("shows the push's title and words, replaces the one of its tag, and remembers its page", () => {
    const shown = pushNotification(
      { title: "New message", body: "Jordan wrote", url: "/dashboard/inbox", tag: "n-1" },
      EN,
    );
    expect(shown.title).toBe("New message");
    expect(shown.options).toMatchObject({
      body: "Jordan wrote",
      tag: "n-1",
      data: { url: "/dashboard/inbox" },
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
    });
  });

  it("still shows something for a push it cannot read", () => {
    expect(pushNotification(null, EN)).toMatchObject({
      title: "Coinwork",
      options: { body: "", data: { url: NOTIFICATIONS_PAGE } },
    });
    expect(pushNotification({ title: 7 as unknown as string }, EN)).toMatchObject({ title: "Coinwork" });
  });
});

describe("the offline page", () => {
  it("says so, runs no script, and offers the page asked for again, its address escaped", () => {
    const html = offlinePage('/dashboard/tasklist?q="><script>alert(1)</script>', "en", EN);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("You're offline");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('href="/dashboard/tasklist?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("is in Bengali for a browser that reads Bengali", () => {
    const html = offlinePage("/dashboard", "bn", BN);
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain("আপনি অফলাইনে আছেন");
    expect(html).toContain(">আবার চেষ্টা করুন</a>");
    expect(html).not.toContain("You're offline");
  });
});
