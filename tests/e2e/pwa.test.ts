// The installable app and its push alerts in Chromium (decisions 098, 099). Lighthouse 12 and later have no PWA
// category, so installability is Chromium's own verdict through the DevTools protocol: Page.getInstallabilityErrors
// lists none, and Page.getAppManifest parses the manifest without an error. Then the service worker: a second visit
// to a dashboard page takes every script and its words file from its cache (no download), only hashed assets and words
// files are kept (never a page),
// and a page asked for offline gets the offline page. Last, push at 390 and 1440 px: the demo worker turns it on in
// Task Alerts with one tap (notifications granted through the context, as a person's tap on the browser's prompt),
// the buyer's message reaches the local push service (tests/push-service.ts) encrypted and signed, is shown by the
// service worker, and one tap turns it off.
//
// Two stand-ins, for what this machine lacks: a browser's push service is its vendor's (Chrome's is Google's), which
// it cannot reach, so PushManager's subscribe and getSubscription are replaced in the page by a subscription from the
// local push service (made by the test process, outside the page's Content-Security-Policy), as the vendor's would
// be made; and headless Chromium has no notification surface, so what the service worker asks to show is read where
// it asks (registration.showNotification). Everything else (the permission, the page's control, the server, the
// push, its delivery to the service worker and its handler) is real.
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { CDPSession, Page } from "playwright-core";
import {
  baseURL,
  browser,
  db,
  DEMO,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  newContext,
  ROOT,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  sqlText,
  step,
  story,
  uniqueToken,
} from "./browser";
import { startPushService, type LocalPushService } from "../push-service";
import { ASSET_CACHE, HASHED_ASSETS_PREFIX, WORDS_FILES_PREFIX, type PushMessage } from "~/lib/pwa";

setUpBrowser();

let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.stop();
});

/** The other test files' contexts block service workers (newContext in browser.ts); these are about the worker. */
const withWorker = { serviceWorkers: "allow" } as const;

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The URLs the service worker's cache holds. */
/** What the worker may keep: a hashed asset or a words file, each named by its content's hash. */
const isHashedFile = (pathname: string) =>
  pathname.startsWith(HASHED_ASSETS_PREFIX) || pathname.startsWith(WORDS_FILES_PREFIX);

const cachedUrls = (page: Page) =>
  page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname),
    ASSET_CACHE,
  );

story("installable, light on a second visit, offline page", () => {
  const installable = step("the landing page is installable by Chromium's own checks", async () => {
    const context = await newContext(browser, { viewport: "phone", ...withWorker });
    const page = await context.newPage();
    await gotoHydrated(page, "/");
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toBe(`${baseURL()}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data!) as {
      name: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(parsed).toMatchObject({
      name: "Coinwork",
      short_name: "Coinwork",
      start_url: "/dashboard",
      theme_color: "#0f766e",
    });
    // each icon is served as the PNG of the size it claims
    for (const icon of parsed.icons.filter((i) => i.src.endsWith(".png"))) {
      const res = await context.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      const png = await res.body();
      const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
    }
    expect(
      parsed.icons
        .filter((i) => i.purpose === "maskable")
        .map((i) => i.sizes)
        .sort(),
    ).toEqual(["192x192", "512x512"]);
    // the worker's script: its own policy (it may connect to this site), checked again on every visit
    const worker = await context.request.get("/sw.js");
    expect(worker.headers()["content-security-policy"]).toContain("connect-src 'self'");
    expect(worker.headers()["content-security-policy"]).not.toContain("default-src 'none'; img-src 'self'; style-src");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    await context.close();
  });

  step(
    "a second visit to a dashboard page downloads no script and no words: the worker's cache has them all",
    { needs: [installable] },
    async () => {
      const context = await signedInContext(browser, "worker", { viewport: "phone", ...withWorker });
      const page = await context.newPage();
      const scripts = new Map<string, { fromServiceWorker: boolean }>();
      page.on("response", (r) => {
        const url = new URL(r.url());
        // its scripts, and its words, a file of their own (decision 111)
        if (url.pathname.endsWith(".js") || url.pathname.startsWith(WORDS_FILES_PREFIX))
          scripts.set(url.pathname, { fromServiceWorker: r.fromServiceWorker() });
      });
      // the first visit installs the worker; the second (as it controls the page) fetches each asset once into its cache
      await gotoHydrated(page, DEMO.worker.home);
      await controlled(page);
      const firstScripts = [...scripts.keys()];
      expect(firstScripts.length).toBeGreaterThan(0);
      expect(firstScripts.filter((p) => p.startsWith(WORDS_FILES_PREFIX))).toHaveLength(1);
      await gotoHydrated(page, DEMO.worker.home);
      // the worker stores each asset after answering with it (waitUntil): wait until the last one is in
      const missing = async () => {
        const cached = new Set(await cachedUrls(page));
        return firstScripts.filter((script) => !cached.has(script));
      };
      await expect.poll(missing).toEqual([]);
      const held = new Set(await cachedUrls(page));
      // it keeps hashed assets and words files only: never a page, a data request or an image
      expect([...held].every(isHashedFile)).toBe(true);

      // the next visit: every script comes from the worker, every one of them already held
      scripts.clear();
      const workerFetches: string[] = [];
      context.on("request", (r) => {
        if (r.serviceWorker() && isHashedFile(new URL(r.url()).pathname)) workerFetches.push(r.url());
      });
      await gotoHydrated(page, DEMO.worker.home);
      expect(scripts.size).toBeGreaterThan(0);
      for (const [script, r] of scripts) {
        expect(r.fromServiceWorker, script).toBe(true);
        expect(held.has(script), script).toBe(true);
      }
      expect(workerFetches).toEqual([]);
      // and the browser's own cache could keep them too: hashed assets are immutable for a year
      const asset = await context.request.get(firstScripts[0]!);
      expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

      // the figures for docs/performance.md: this page's scripts gzipped, as a first visit downloads them
      const gzipped = firstScripts
        .filter((p) => p.endsWith(".js"))
        .reduce((sum, p) => sum + gzipSync(readFileSync(path.join(ROOT, "build", "client", p))).length, 0);
      const html = await context.request.get(DEMO.worker.home);
      const htmlBytes = gzipSync(await html.body()).length;
      console.log(
        `[pwa] ${DEMO.worker.home}: first visit ${firstScripts.length - 1} scripts and its words, ${(gzipped / 1024).toFixed(1)} KB gzip; ` +
          `second visit 0 scripts downloaded; HTML ${(htmlBytes / 1024).toFixed(1)} KB gzip each visit`,
      );
      await context.close();
    },
  );

  step(
    "a page asked for offline gets the offline page, and the worker keeps no page",
    { needs: [installable] },
    async () => {
      const context = await signedInContext(browser, "worker", { viewport: "phone", ...withWorker });
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/notifications");
      await controlled(page);
      await context.setOffline(true);
      await page.goto("/dashboard/notifications");
      await expect.poll(() => page.getByRole("heading", { name: "You're offline" }).count()).toBe(1);
      expect(await page.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/dashboard/notifications");
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, "pwa-offline-phone");
      expect((await cachedUrls(page)).every(isHashedFile)).toBe(true);
      await context.setOffline(false);
      await gotoHydrated(page, "/dashboard/notifications");
      expect(await page.getByRole("heading", { name: "You're offline" }).count()).toBe(0);
      await context.close();
    },
  );
});

/** A subscription from the local push service, to the key the page subscribes with. */
interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * The worker's context with notifications granted and the browser's push service replaced by the local one: the
 * page's PushManager asks the test process for a subscription (kept in the page's storage, as a browser keeps its
 * own), and `made` lists the subscriptions made.
 */
async function pushReadyContext(viewport: "phone" | "desktop") {
  const context = await signedInContext(browser, "worker", { viewport, ...withWorker });
  await context.grantPermissions(["notifications"], { origin: baseURL() });
  const made: Subscription[] = [];
  await context.exposeBinding("subscribeAtLocalPushService", async (_source, key: string) => {
    const res = await fetch(`${pushService.url}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userVisibleOnly: "true", applicationServerKey: key }),
    });
    const { data } = (await res.json()) as { data: Subscription };
    made.push(data);
    return data;
  });
  await context.addInitScript(() => {
    const STORE = "local-push-subscription";
    const asSubscription = (data: { endpoint: string; keys: Record<string, string> }) => ({
      endpoint: data.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: data.endpoint, expirationTime: null, keys: data.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const kept = () => {
      const text = localStorage.getItem(STORE);
      return text ? asSubscription(JSON.parse(text)) : null;
    };
    const manager = PushManager.prototype as unknown as Record<string, unknown>;
    manager.getSubscription = async () => kept();
    manager.subscribe = async (options: { applicationServerKey: Uint8Array }) => {
      const permission = await navigator.permissions.query({ name: "notifications" });
      if (permission.state !== "granted") throw new DOMException("Permission denied", "NotAllowedError");
      const existing = kept();
      if (existing) return existing;
      const key = btoa(String.fromCharCode(...new Uint8Array(options.applicationServerKey)))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
      const data = await (
        window as unknown as {
          subscribeAtLocalPushService: (k: string) => Promise<{ endpoint: string; keys: Record<string, string> }>;
        }
      ).subscribeAtLocalPushService(key);
      localStorage.setItem(STORE, JSON.stringify(data));
      return asSubscription(data);
    };
  });
  return { context, made };
}

const pushToggle = (page: Page) => page.getByTestId("push-notifications");

async function receivedAt(subscription: Subscription): Promise<PushMessage[]> {
  const res = await fetch(`${pushService.url}/get-notifications`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ clientHash: subscription.clientHash }),
  });
  const { data } = (await res.json()) as { data: { messages: string[] } };
  return data.messages.map((m) => JSON.parse(m) as PushMessage);
}

const workerSubscriptions = () =>
  db<{ endpoint: string }>(
    `SELECT endpoint FROM push_subscriptions WHERE user_id = (SELECT id FROM users WHERE email = ${sqlText(DEMO.worker.email)})`,
  ).map((r) => r.endpoint);

/** The registration id of this site's service worker, for the DevTools protocol. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${baseURL()}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  return found;
}

async function turnOn(page: Page) {
  await gotoHydrated(page, "/dashboard/alerts");
  await expect.poll(() => pushToggle(page).getAttribute("data-push")).toBe("off");
  await pushToggle(page).getByRole("button", { name: "Turn on push notifications" }).click();
  await expectMessage(page, "Push notifications on");
  await expect.poll(() => pushToggle(page).getAttribute("data-push")).toBe("on");
}

async function turnOff(page: Page) {
  await pushToggle(page).getByRole("button", { name: "Turn off push notifications" }).click();
  await expectMessage(page, "Push notifications off");
  await expect.poll(() => pushToggle(page).getAttribute("data-push")).toBe("off");
}

story("push alerts: on with one tap, a message arrives, off with one tap", () => {
  step(
    "at 390 px the worker turns push on; the buyer's message is pushed and shown; one tap turns it off",
    async () => {
      const { context, made } = await pushReadyContext("phone");
      const page = await context.newPage();
      await turnOn(page);
      expect(made).toHaveLength(1);
      const [subscription] = made;
      expect(workerSubscriptions()).toEqual([subscription!.endpoint]);
      expect(await sidewaysOverflow(page)).toBe(0);
      await expectAccessible(page, "Task Alerts with push on", { exclude: ["[data-sonner-toaster]"] });
      await screenshot(page, "push-on-phone");

      // the demo buyer writes about one of the worker's submissions: the push goes right after the buyer's answer
      const [work] = db<{ id: string }>(
        `SELECT s.id FROM submissions s JOIN users w ON w.id = s.worker_id JOIN users b ON b.id = s.buyer_id
        WHERE w.email = ${sqlText(DEMO.worker.email)} AND b.email = ${sqlText(DEMO.buyer.email)} LIMIT 1`,
      );
      expect(work, "the seed has work of the demo worker for the demo buyer").toBeTruthy();
      const buyer = await signedInContext(browser, "buyer");
      const words = `Could you add the date? ${uniqueToken("push")}`;
      const sent = await buyer.request.post("/messages", { data: { submission_id: work!.id, body: words } });
      expect(sent.status(), await sent.text()).toBe(201);
      await buyer.close();
      await expect.poll(() => receivedAt(subscription!)).toHaveLength(1);
      const [push] = await receivedAt(subscription!);
      expect(push).toMatchObject({ title: "New message", url: `/dashboard/threads/submission/${work!.id}` });
      expect(push!.body).toContain(`${DEMO.buyer.name} sent you a message about`);

      // the service worker shows what was pushed, with its page: the push goes to it as the browser's push service
      // would hand it over (the DevTools protocol), and what it asks the system to show is read where it asks (this
      // headless Chromium has no notification surface to read it back from)
      const [serviceWorker] = context.serviceWorkers();
      expect(serviceWorker, "the page's service worker runs").toBeTruthy();
      await serviceWorker!.evaluate(() => {
        const shown: unknown[] = [];
        const scope = self as unknown as { shown: unknown[]; registration: ServiceWorkerRegistration };
        scope.shown = shown;
        scope.registration.showNotification = async (title: string, options?: NotificationOptions) => {
          shown.push({ title, body: options?.body, tag: options?.tag, data: options?.data as unknown });
        };
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseURL(),
        registrationId: await registrationId(cdp),
        data: JSON.stringify(push),
      });
      await expect
        .poll(() => serviceWorker!.evaluate(() => (self as unknown as { shown: unknown[] }).shown))
        .toEqual([{ title: "New message", body: push!.body, tag: push!.tag, data: { url: push!.url } }]);

      await turnOff(page);
      expect(workerSubscriptions()).toEqual([]);
      await context.close();
    },
  );

  step("at 1440 px the same two taps, the control beside the e-mail setting", async () => {
    const { context, made } = await pushReadyContext("desktop");
    const page = await context.newPage();
    await turnOn(page);
    expect(workerSubscriptions()).toEqual([made[0]!.endpoint]);
    await screenshot(page, "push-on-desktop");
    await turnOff(page);
    expect(workerSubscriptions()).toEqual([]);
    await context.close();
  });
});
