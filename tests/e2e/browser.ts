// Helpers for the browser tests: Chromium through playwright-core against the built app that
// global-setup.ts serves on a freshly seeded database. See tests/e2e/README.md.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "../../scripts/lib/served-build.ts";

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** The demo accounts of the seed (scripts/seed-data.ts); every one has the password DEMO_PASSWORD. */
export const DEMO_PASSWORD = "Coinwork!1";
export const DEMO = {
  admin: { email: "admin@coinwork.dev", role: "Admin", home: "/dashboard/adminhome", name: "Ayesha Karim" },
  buyer: { email: "buyer@coinwork.dev", role: "Buyer", home: "/dashboard/buyerhome", name: "Jordan Blake" },
  worker: { email: "worker@coinwork.dev", role: "Worker", home: "/dashboard/workerhome", name: "Rahim Uddin" },
} as const;

/** This test worker's server (global-setup.ts serves one app and database per worker). */
function server() {
  const servers = inject("servers");
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  const mine = servers[(id - 1) % servers.length];
  if (!mine) throw new Error(`No e2e server for VITEST_POOL_ID=${process.env.VITEST_POOL_ID}`);
  return mine;
}
export const baseURL = (): string => server().baseURL;
export const persistDir = (): string => server().persistDir;

const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const SCREENSHOT_DIR = path.join(ROOT, "test-results", "screenshots");

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export type Viewport = keyof typeof VIEWPORTS | { width: number; height: number };

/** A fresh browser context (own cookies) on the served app; relative URLs resolve against it. */
export function newContext(
  browser: Browser,
  opts: Omit<BrowserContextOptions, "viewport" | "baseURL"> & { viewport?: Viewport } = {},
): Promise<BrowserContext> {
  const { viewport = "desktop", ...rest } = opts;
  return browser.newContext({
    baseURL: baseURL(),
    viewport: typeof viewport === "string" ? VIEWPORTS[viewport] : viewport,
    ...rest,
  });
}

const noJsContexts = new WeakSet<BrowserContext>();

/** A context with JavaScript disabled: plain HTML forms and server redirects only. */
export async function newNoJsContext(
  browser: Browser,
  opts: Omit<BrowserContextOptions, "viewport" | "baseURL" | "javaScriptEnabled"> & { viewport?: Viewport } = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, { ...opts, javaScriptEnabled: false });
  noJsContexts.add(context);
  return context;
}

/** False for pages of a newNoJsContext (their pages never hydrate). */
export const jsEnabled = (page: Page): boolean => !noJsContexts.has(page.context());

/** Waits until React has hydrated the page (root.tsx sets html[data-hydrated]). Needs JavaScript. */
export async function waitForHydration(page: Page, timeout = 20_000): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout });
}

/** Navigates and waits for hydration, so clicks reach React's handlers. Returns the response. */
export async function gotoHydrated(page: Page, urlPath: string) {
  const response = await page.goto(urlPath);
  await waitForHydration(page);
  return response;
}

/**
 * Logs in through the login form and waits until the app has left /login. If the page already
 * shows the login form (e.g. after a guard's redirect), that form is used, keeping its redirectTo.
 * Works with and without JavaScript.
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (new URL(page.url(), baseURL()).pathname !== "/login") await page.goto("/login");
  if (jsEnabled(page)) await waitForHydration(page);
  const form = page.locator("form").filter({ has: page.getByLabel("Password") });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await Promise.all([
    page.waitForURL((u) => u.pathname !== "/login", { timeout: 30_000 }),
    form.getByRole("button", { name: "Login", exact: true }).click(),
  ]);
}

/** Logs out with the first visible 'Log out' button (navbar or dashboard sidebar) and waits for '/'. */
export async function logout(page: Page): Promise<void> {
  const button = page
    .getByRole("button", { name: /log out/i })
    .filter({ visible: true })
    .first();
  await Promise.all([page.waitForURL((u) => u.pathname === "/", { timeout: 30_000 }), button.click()]);
}

/** Saves a full-page PNG to test-results/screenshots/<name>.png (kept as a CI artifact). Returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, "-")}.png`);
  // Load lazy images (a full-page shot shows them all), let fonts settle; animations are frozen below.
  await page
    .evaluate(async () => {
      for (const img of Array.from(document.images)) if (img.loading === "lazy") img.loading = "eager";
      const pending = Array.from(document.images).filter((img) => !img.complete);
      await Promise.all(
        pending.map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener("load", resolve, { once: true });
              img.addEventListener("error", resolve, { once: true });
              setTimeout(resolve, 5_000);
            }),
        ),
      );
      await document.fonts?.ready;
    })
    .catch(() => undefined);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return file;
}

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core on the current page: the serious and critical violations (WCAG 2.x A/AA rules). */
export async function seriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<A11yViolation[]> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

/** Readable form for assertion messages. */
export const formatViolations = (vs: A11yViolation[]) =>
  vs.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.join(", ")}`).join("\n");

/** Collects console errors and uncaught page errors from the moment it is called. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

export interface FailedRequest {
  url: string;
  method: string;
  /** HTTP status, or the network error text when there was no response */
  failure: string;
}

/**
 * Collects failed requests to the app: network failures and HTTP >= 400 answers. Requests to other
 * origins (the outside world is unreachable here) are ignored unless `includeOtherOrigins`.
 * Pass `allowStatus` for answers a test expects (e.g. the 404 of the not-found page itself).
 */
export function collectFailedRequests(
  page: Page,
  opts: { includeOtherOrigins?: boolean; allowStatus?: number[] } = {},
): FailedRequest[] {
  const failed: FailedRequest[] = [];
  const origin = new URL(baseURL()).origin;
  const ours = (url: string) => opts.includeOtherOrigins || url.startsWith(origin);
  page.on("requestfailed", (req) => {
    const text = req.failure()?.errorText ?? "failed";
    // A navigation that replaces the page aborts the previous page's pending requests: not a failure.
    if (text === "net::ERR_ABORTED") return;
    if (ours(req.url())) failed.push({ url: req.url(), method: req.method(), failure: text });
  });
  page.on("response", (res) => {
    if (res.status() >= 400 && ours(res.url()) && !(opts.allowStatus ?? []).includes(res.status())) {
      failed.push({ url: res.url(), method: res.request().method(), failure: String(res.status()) });
    }
  });
  return failed;
}

/** The toast (sonner) or no-JavaScript banner with this title becomes visible. */
export async function expectMessage(page: Page, title: string | RegExp, timeout = 10_000): Promise<void> {
  await expect.poll(() => page.getByText(title).filter({ visible: true }).count(), { timeout }).toBeGreaterThan(0);
}
