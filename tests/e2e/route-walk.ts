// Every page route of app/routes.ts at 390 px or 1440 px (issue 9, item 4): each is opened as the role that may
// see it (real seeded ids for :id), screenshotted to test-results/screenshots/route-*.png, and checked for console
// errors, failed requests to the app, sideways scrolling, one main landmark and one h1, serious or critical
// axe-core violations, a catalogue key in place of its words, and its Content-Security-Policy (a nonce policy on the document, no violation reported) (this is also the public site's accessibility and screenshot check of issue 5). Routes that
// only redirect are followed to where a person lands. A page route missing from the tables below fails the suite.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { BrowserContext, Page } from "playwright-core";
import routes from "../../app/routes.ts";
import { en } from "../../app/lib/i18n/catalogues/en.ts";
import {
  DEMO,
  DEMO_PASSWORD,
  ROOT,
  VIEWPORTS,
  baseURL,
  browser,
  collectConsoleErrors,
  collectFailedRequests,
  db,
  formatViolations,
  isoDay,
  newContext,
  screenshot,
  seriousA11yViolations,
  sidewaysOverflow,
  sqlText,
  signedInContext,
  setUpBrowser,
  waitForHydration,
} from "./browser";

export type As = "anonymous" | "buyer" | "worker" | "admin";

/** The demo worker's newest pending submission (its page and its conversation). */
const demoWorkersPendingSubmission = () =>
  db<{ id: string }>(
    `SELECT s.id FROM submissions s JOIN users u ON u.id = s.worker_id
      WHERE u.email = ${sqlText(DEMO.worker.email)} AND s.status = 'pending' ORDER BY s.created_at DESC LIMIT 1`,
  )[0].id;
const APP = path.join(ROOT, "app");

/** Every route of app/routes.ts that answers a URL by itself (layouts only wrap their children), with its full path. */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const own = e.index ? parent || "/" : e.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${e.path}`;
    const full = own || "/";
    const here =
      (e.path !== undefined || e.index) && !e.children?.length
        ? [{ path: full.startsWith("/") ? full : `/${full}`, file: e.file }]
        : [];
    return [...here, ...flatten(e.children ?? [], own)];
  });
}

const ALL = flatten(routes);
const source = (file: string) => readFileSync(path.join(APP, file), "utf8");
/** A page route renders a screen (its module has a default export); resource routes (.ts) are the API's and files'. */
const PAGE_ROUTES = ALL.filter((r) => r.file.endsWith(".tsx") && /export default function/.test(source(r.file))).map(
  (r) => r.path,
);
const REDIRECT_ROUTES = ALL.filter(
  (r) => r.file.endsWith(".tsx") && !/export default function/.test(source(r.file)),
).map((r) => r.path);

/** The newest message to the demo worker in the development mailbox, after asking for one ("Forgot password?"). */
async function aMailboxMessage(): Promise<string> {
  const before = db<{ n: number }>("SELECT COUNT(*) AS n FROM dev_mailbox")[0].n;
  const asked = await fetch(new URL("/auth/forgot", baseURL()), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO.worker.email }),
  });
  expect(asked.status).toBe(202);
  await expect.poll(() => db<{ n: number }>("SELECT COUNT(*) AS n FROM dev_mailbox")[0].n).toBeGreaterThan(before);
  return `/dev/mail/${db<{ id: string }>("SELECT id FROM dev_mailbox ORDER BY created_at DESC, rowid DESC LIMIT 1")[0].id}`;
}

/** The demo worker's alert e-mails' unsubscribe page (its first saved search, made here, gives it a token). */
async function anUnsubscribeLink(): Promise<string> {
  const login = await fetch(new URL("/auth/login", baseURL()), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO.worker.email, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const saved = await fetch(new URL("/saved-searches", baseURL()), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ q: "route walk" }),
  });
  expect(saved.status).toBe(201);
  const [mail] = db<{ t: string }>(
    `SELECT a.unsubscribe_token AS t FROM alert_mail a JOIN users u ON u.id = a.worker_id WHERE u.email = ${sqlText(DEMO.worker.email)}`,
  );
  return `/alerts/unsubscribe/${mail!.t}`;
}

/** Who opens each page route, and the URL when the path has parameters. */
const PAGES: Record<string, { as: As; url?: () => string | Promise<string>; status?: number }> = {
  "/": { as: "anonymous" },
  "/about": { as: "anonymous" },
  "/contact": { as: "anonymous" },
  "/faq": { as: "anonymous" },
  "/terms": { as: "anonymous" },
  "/login": { as: "anonymous" },
  "/register": { as: "anonymous" },
  // The pages below are open to anyone too; the signed-in roles open them so that no walk grows too long.
  // Without a working link the reset page says so and offers a new one.
  "/forgot-password": { as: "buyer" },
  "/reset-password": { as: "worker" },
  // without a working link the verification page says so (tests/e2e/identity.test.ts shows its button)
  "/verify-email": { as: "anonymous" },
  "/dev/mail": { as: "admin" },
  "/dev/mail/:id": { as: "worker", url: aMailboxMessage },
  "/unauthorized": { as: "anonymous" },
  "/alerts/unsubscribe/:token": { as: "anonymous", url: anUnsubscribeLink },
  // an open task as a visitor reads it from the landing page
  "/browse/:id": {
    as: "anonymous",
    url: () =>
      `/browse/${
        db<{ id: string }>(
          `SELECT id FROM tasks WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= '${isoDay()}' ORDER BY created_at LIMIT 1`,
        )[0].id
      }`,
  },
  // the demo buyer's public record, as a worker opens it from a task card
  "/buyers/:id": {
    as: "worker",
    url: () => `/buyers/${db<{ id: string }>(`SELECT id FROM users WHERE email = '${DEMO.buyer.email}'`)[0].id}`,
  },
  "/*": { as: "anonymous", url: () => "/no/such/page", status: 404 },
  "/api-docs": { as: "anonymous" },
  "/docs/mturk": { as: "anonymous" },
  "/dashboard/buyerhome": { as: "buyer" },
  "/dashboard/addtask": { as: "buyer" },
  "/dashboard/mytasks": { as: "buyer" },
  "/dashboard/updatetask/:id": {
    as: "buyer",
    url: () =>
      `/dashboard/updatetask/${
        db<{ id: string }>(
          // the demo buyer's first open task of the seed (the tests' own tasks come later)
          `SELECT t.id FROM tasks t JOIN users u ON u.id = t.buyer_id WHERE u.email = ${sqlText(DEMO.buyer.email)}
            AND t.deleted_at IS NULL AND t.completion_date >= '${isoDay()}' ORDER BY t.created_at LIMIT 1`,
        )[0].id
      }`,
  },
  "/dashboard/purchasecoin": { as: "buyer" },
  "/dashboard/paymenthistory": { as: "buyer" },
  "/dashboard/bonuses": { as: "buyer" },
  "/dashboard/apikeys": { as: "buyer" },
  "/dashboard/batchtasks": { as: "buyer" },
  "/dashboard/qualifications": { as: "buyer" },
  // the seed defines no qualification: the walk sees the page's not-found answer
  "/dashboard/qualifications/:id": { as: "buyer", url: () => "/dashboard/qualifications/none", status: 404 },
  "/dashboard/tests": { as: "worker" },
  "/dashboard/tests/:id": { as: "worker", url: () => "/dashboard/tests/none", status: 404 },
  "/dashboard/settings": { as: "admin" },
  "/dashboard/settings/close": { as: "worker" },
  "/dashboard/notifications": { as: "buyer" },
  // a dashboard path that names no page: the 404 inside the buyer's frame
  "/dashboard/*": { as: "buyer", url: () => "/dashboard/no/such/page", status: 404 },
  "/dashboard/workerhome": { as: "worker" },
  "/dashboard/tasklist": { as: "worker" },
  "/dashboard/tasklist/:id": {
    as: "worker",
    url: () =>
      `/dashboard/tasklist/${
        db<{ id: string }>(
          `SELECT id FROM tasks WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= '${isoDay()}' ORDER BY created_at LIMIT 1`,
        )[0].id
      }`,
  },
  "/dashboard/mysubmissions": { as: "worker" },
  // the demo worker's newest pending submission: its edit form and Withdraw
  "/dashboard/mysubmissions/:id": {
    as: "worker",
    url: () => `/dashboard/mysubmissions/${demoWorkersPendingSubmission()}`,
  },
  "/dashboard/withdraw": { as: "worker" },
  // a conversation: the demo worker's newest pending submission's (its message form)
  "/dashboard/threads/:kind/:id/:workerId?": {
    as: "worker",
    url: () => `/dashboard/threads/submission/${demoWorkersPendingSubmission()}`,
  },
  "/dashboard/alerts": { as: "worker" },
  "/dashboard/inbox": { as: "buyer" },
  "/dashboard/adminhome": { as: "admin" },
  "/dashboard/managetasks": { as: "admin" },
  "/dashboard/manageusers": { as: "admin" },
  "/dashboard/messages": { as: "admin" },
  "/dashboard/appeals": { as: "admin" },
  "/dashboard/auditlog": { as: "admin" },
  "/dashboard/ledger": { as: "admin" },
};

/** Routes without a screen of their own (GET redirects) and where a person following them lands. */
const REDIRECTS: Record<string, { as: As; lands: string }> = {
  "/logout": { as: "anonymous", lands: "/" },
  "/auth/google": { as: "anonymous", lands: "/login" },
  "/auth/google/callback": { as: "anonymous", lands: "/login" },
  "/dashboard": { as: "worker", lands: "/dashboard/workerhome" },
  "/dashboard/verify-email": { as: "admin", lands: "/dashboard/adminhome" },
};

const slug = (p: string) =>
  p === "/"
    ? "home"
    : p.endsWith("/*")
      ? `${p.slice(1, -2).replace(/\//g, "-")}${p === "/*" ? "" : "-"}not-found`
      : p
          .slice(1)
          .replace(/[/:*]+/g, "-")
          .replace(/-+$/, "");

/** Requests to the app not yet answered (so the checks below wait for late requests instead of dropping them). */
function trackInFlight(page: Page): () => number {
  const open = new Set<unknown>();
  page.on("request", (r) => open.add(r));
  page.on("requestfinished", (r) => open.delete(r));
  page.on("requestfailed", (r) => open.delete(r));
  return () => open.size;
}

function stopListening(page: Page) {
  for (const event of ["console", "pageerror", "request", "requestfinished", "requestfailed", "response"] as const)
    page.removeAllListeners(event);
}

/** Makes every document of the page record its Content-Security-Policy violations (the event, not only the console). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, "__cspViolations", { value: seen });
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || "an inline script or style"} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
}

/** The violations the current document recorded so far. */
function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Opens one route and returns what is wrong with it (empty when nothing is). */
async function check(page: Page, route: string, url: string, width: number, expectStatus: number): Promise<string[]> {
  const problems: string[] = [];
  const errors = collectConsoleErrors(page);
  const failed = collectFailedRequests(page, { allowStatus: expectStatus === 200 ? [] : [expectStatus] });
  const inFlight = trackInFlight(page);
  const response = await page.goto(url);
  if (response?.status() !== expectStatus) problems.push(`answered ${response?.status()} instead of ${expectStatus}`);
  await waitForHydration(page);
  if (!/script-src [^;]*'nonce-/.test(response?.headers()["content-security-policy"] ?? ""))
    problems.push(`has no nonce-based Content-Security-Policy: ${response?.headers()["content-security-policy"]}`);
  await screenshot(page, `route-${slug(route)}-${width}`);
  const overflow = await sidewaysOverflow(page);
  if (overflow > 0) problems.push(`scrolls sideways by ${overflow} px`);
  const violations = await seriousA11yViolations(page);
  if (violations.length) problems.push(`axe:\n${formatViolations(violations)}`);
  // a word the page was not sent shows as its key (`worker.taskCard.viewDetails`, app/lib/i18n/messages.ts)
  const keys = await page.evaluate(() => {
    const labels = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")].flatMap((e) =>
      ["aria-label", "title", "placeholder", "alt"].map((a) => e.getAttribute(a) ?? ""),
    );
    const shown = [document.title, document.body.innerText, ...labels].join("\n");
    return shown.match(/\b[a-z]+\.[a-zA-Z][\w.-]*[\w]/g) ?? [];
  });
  const catalogue: Record<string, Record<string, string>> = en;
  const shownKeys = new Set(keys.filter((k) => catalogue[k.slice(0, k.indexOf("."))]?.[k.slice(k.indexOf(".") + 1)]));
  if (shownKeys.size) problems.push(`shows keys instead of their words: ${[...shownKeys].join(", ")}`);
  const landmarks = await page.evaluate(() => ({
    main: document.querySelectorAll("main").length,
    h1: document.querySelectorAll("h1").length,
  }));
  if (landmarks.main !== 1 || landmarks.h1 !== 1)
    problems.push(`has ${landmarks.main} main landmarks and ${landmarks.h1} h1 (one each expected)`);
  // Whatever the page was still loading (lazy chunks, images) must arrive too before it is judged.
  await expect
    .poll(inFlight)
    .toBe(0)
    .catch(() => problems.push(`${inFlight()} requests never finished`));
  // The not-found page's own 404 is what it is for; Chromium logs it as a failed resource.
  const unexpectedErrors = errors.filter(
    (e) => !(expectStatus === 404 && e.includes("status of 404") && e.includes(url)),
  );
  if (unexpectedErrors.length) problems.push(`console errors:\n${unexpectedErrors.join("\n")}`);
  const blocked = await cspViolations(page);
  if (blocked.length) problems.push(`Content-Security-Policy violations:\n${blocked.join("\n")}`);
  if (failed.length)
    problems.push(`failed requests:\n${failed.map((f) => `${f.method} ${f.url} ${f.failure}`).join("\n")}`);
  stopListening(page);
  return problems.map((p) => `${url} at ${width} px: ${p}`);
}

/**
 * The walk of one role's routes at one width, a file each (routes-<width>-<role>.test.ts): eight files of about the
 * same length, which the browser project spreads over its workers and runs beside the longer walks, rather than two
 * long ones left to run last. The anonymous walks also check that the tables above cover app/routes.ts.
 */
export function walkEveryRoute(label: keyof typeof VIEWPORTS, as: As) {
  const viewport = VIEWPORTS[label];
  setUpBrowser();

  if (as === "anonymous")
    describe("the route table", () => {
      it("lists every page route of app/routes.ts exactly once, and nothing else", () => {
        expect(PAGE_ROUTES.length).toBeGreaterThan(25);
        expect([...PAGE_ROUTES].sort()).toEqual(Object.keys(PAGES).sort());
        expect([...REDIRECT_ROUTES].sort()).toEqual(Object.keys(REDIRECTS).sort());
      });
    });

  // One test per route (each with the browser project's own timeout, so a slow machine slows the walk without
  // failing it), the role's routes sharing one signed-in page.
  describe(`every route at ${viewport.width} px (${label}), as ${as}`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context =
        as === "anonymous"
          ? await newContext(browser, { viewport: label })
          : await signedInContext(browser, as, { viewport: label });
      page = await context.newPage();
      await recordCspViolations(page);
    });
    afterAll(() => context?.close());

    for (const [route, visit] of Object.entries(PAGES).filter(([, v]) => v.as === as)) {
      it(route, async () => {
        const url = (await visit.url?.()) ?? route;
        const problems = await check(page, route, url, viewport.width, visit.status ?? 200);
        expect(problems, problems.join("\n\n")).toEqual([]);
      });
    }
    for (const [route, { lands }] of Object.entries(REDIRECTS).filter(([, v]) => v.as === as)) {
      it(`${route} lands on ${lands}`, async () => {
        const errors = collectConsoleErrors(page);
        const failed = collectFailedRequests(page);
        await page.goto(route);
        await waitForHydration(page);
        const violations = await cspViolations(page);
        stopListening(page);
        expect(new URL(page.url()).pathname).toBe(lands);
        expect([...errors, ...failed.map((f) => `${f.url} ${f.failure}`), ...violations]).toEqual([]);
      });
    }
  });
}
