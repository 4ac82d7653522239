// The fixtures of the browser tests, all in one module: the browser and its contexts on the app that
// global-setup.ts serves, signing in, the screens' common readings (balance, field errors, the bell), the served
// database, screenshots and axe, and `story`/`step` for walks whose steps build on each other.
// See tests/e2e/README.md.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { AxeBuilder } from "@axe-core/playwright";
import { MTurkClient } from "@aws-sdk/client-mturk";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { launchChromium } from "../../scripts/lib/chromium.ts";
import { localD1File } from "../../scripts/lib/wrangler.ts";
import { hashPassword } from "../../app/server/auth/password.ts";
import type { E2EServer, E2EState } from "./serve.ts";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const SCREENSHOT_DIR = path.join(ROOT, "test-results", "screenshots");

/**
 * How long Playwright waits for an element, a click or a navigation before failing a step. The machines that
 * run this suite are slow and busy (2 cores shared with other work); expect.poll's default is set to the same
 * in vitest.config.ts. A state that never comes still fails, just later.
 */
export const E2E_TIMEOUT = 30_000;

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** The demo accounts of the seed (scripts/lib/demo-accounts.ts); every one has the password DEMO_PASSWORD. */
export const DEMO_PASSWORD = "Coinwork!1";
/** The password of the accounts the tests register: 12 characters or more, and not a common one (the password rule). */
export const TEST_PASSWORD = "Plum-Lantern-Rivet-7";
export const DEMO = {
  admin: { email: "admin@coinwork.dev", role: "Admin", home: "/dashboard/adminhome", name: "Ayesha Karim" },
  buyer: { email: "buyer@coinwork.dev", role: "Buyer", home: "/dashboard/buyerhome", name: "Jordan Blake" },
  worker: { email: "worker@coinwork.dev", role: "Worker", home: "/dashboard/workerhome", name: "Rahim Uddin" },
} as const;
export type DemoRole = keyof typeof DEMO;

// ---------------------------------------------------------------- the served app and its database

const SERVERS_TIMEOUT = 20 * 60_000;
let servers: E2EServer[] | undefined;
let migrated: string | undefined;

/** Waits for tests/e2e/serve.ts's state file (see global-setup.ts) and reads the servers from it. */
export async function serversReady(): Promise<void> {
  const file = inject("e2eState");
  for (const until = Date.now() + SERVERS_TIMEOUT; !existsSync(file);) {
    if (Date.now() > until) throw new Error(`The e2e servers were not up after ${SERVERS_TIMEOUT / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const state = JSON.parse(readFileSync(file, "utf8")) as E2EState;
  if ("error" in state) throw new Error(`Preparing the e2e servers failed (tests/e2e/serve.ts):\n${state.error}`);
  servers = state.servers;
  migrated = state.migrated;
}

/** This test worker's server (serve.ts serves one app and database per worker). */
function server(): E2EServer {
  if (!servers) throw new Error("serversReady() has not run (tests/e2e/setup.ts is the browser project's setup file)");
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  const mine = servers[(id - 1) % servers.length];
  if (!mine) throw new Error(`No e2e server for VITEST_POOL_ID=${process.env.VITEST_POOL_ID}`);
  return mine;
}
export const baseURL = (): string => server().baseURL;
export const persistDir = (): string => server().persistDir;

/**
 * A new local D1 directory with every migration applied and nothing seeded (a copy of the one serve.ts keeps), for
 * a test that runs the seed or the ledger check itself; removed when the test ends.
 */
export function throwawayDatabase(): string {
  if (!migrated) throw new Error("serversReady() has not run (tests/e2e/setup.ts is the browser project's setup file)");
  const dir = mkdtempSync(path.join(tmpdir(), "coinwork-seed-test-"));
  cpSync(migrated, dir, { recursive: true });
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let database: { dir: string; connection: DatabaseSync } | undefined;

/**
 * Reads the served D1 database (read-only, beside the running server: SQLite's WAL lets another process read what
 * the Worker has committed). Much faster than a `wrangler d1 execute` per question.
 */
export function db<T = Record<string, unknown>>(sql: string): T[] {
  const dir = persistDir();
  if (database?.dir !== dir) {
    database = { dir, connection: new DatabaseSync(localD1File(dir), { readOnly: true, timeout: 15_000 }) };
  }
  return database.connection.prepare(sql).all() as T[];
}

/** The id of the task with this title (a test's titles carry its unique token). */
export const taskIdByTitle = (title: string): string =>
  db<{ id: string }>(`SELECT id FROM tasks WHERE task_title = ${sqlText(title)}`)[0]!.id;

/**
 * Gives an account a password from before the password rule (12 characters, not a common one), which no sign-in has
 * checked yet, as accounts made before the rule have. The one write the browser tests make to the served database
 * themselves: no page can make such an account any more.
 */
export async function passwordFromBeforeTheRule(email: string, password: string): Promise<void> {
  // the served app writes the same file: wait for its lock (SQLite's busy timeout) rather than fail on it
  const connection = new DatabaseSync(localD1File(persistDir()), { timeout: 15_000 });
  try {
    connection
      .prepare("UPDATE users SET password_hash = ?, password_meets_rule = NULL WHERE email = ?")
      .run(await hashPassword(password), email);
  } finally {
    connection.close();
  }
}

/**
 * Moves the end of every start on this task into the past, as if their time allowance had passed (5 minutes at the
 * least, too long for a walk to wait): the clock of the lapsed-start walks. Nothing else changes: no start is
 * returned (that is the Cron Trigger's tidying, or the next start's), as a lapse does on the server.
 */
export function startsRunOut(taskId: string): void {
  // the served app writes the same file: wait for its lock (SQLite's busy timeout) rather than fail on it
  const connection = new DatabaseSync(localD1File(persistDir()), { timeout: 15_000 });
  try {
    connection.prepare("UPDATE task_holds SET expires_at = started_at + 1 WHERE task_id = ?").run(taskId);
  } finally {
    connection.close();
  }
}

/** Single-quoted SQL string literal. */
export const sqlText = (s: string): string => `'${s.replaceAll("'", "''")}'`;

// ---------------------------------------------------------------- made-up data

/** A new e-mail address nobody has used: `<label>-<time>-<random>@e2e.test`. */
export const unique = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;

/** A token to find a walk's own rows by: `<prefix><time><random>`. */
export const uniqueToken = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The UTC day `offset` days from now, as YYYY-MM-DD (what a date input takes). */
export const isoDay = (offset = 0): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- the browser and its contexts

export function launch(): Promise<Browser> {
  return launchChromium();
}

/**
 * The worker's browser: launched for the first file of a test worker and kept for the files that follow on it
 * (the project does not isolate files), since a launch costs a few seconds of CPU (the browser, its GPU and network
 * processes) that 27 files paid each. A file still starts with no page open and leaves none: `setUpBrowser()` closes
 * every context the file opened after its last test. Playwright stops the browser when the worker process ends.
 */
let shared: Promise<Browser> | undefined;
async function workerBrowser(): Promise<Browser> {
  const current = shared && (await shared.catch(() => undefined));
  if (current?.isConnected()) return current;
  shared = launch();
  return shared;
}

/**
 * The browser of the file's tests. `setUpBrowser()` at the top of a test file; then `browser` (a live binding) is
 * the worker's browser inside tests and hooks, with no context of an earlier file left open.
 */
export let browser: Browser;
export function setUpBrowser(): void {
  beforeAll(async () => {
    browser = await workerBrowser();
    await Promise.all(browser.contexts().map((c) => c.close()));
  });
  afterAll(async () => {
    await Promise.all((browser?.contexts() ?? []).map((c) => c.close()));
  });
}

export type Viewport = keyof typeof VIEWPORTS | { width: number; height: number };
type ContextOptions = Omit<BrowserContextOptions, "viewport" | "baseURL"> & { viewport?: Viewport };

/**
 * A fresh browser context (own cookies) on the served app; relative URLs resolve against it. Its visitor asks for
 * reduced motion unless `reducedMotion` says otherwise: the landing page's hero then does not play on its own, which
 * otherwise kept Chromium drawing (about a third of a core per open landing page, and every logout lands there) while
 * the test went on elsewhere. The tests of the autoplay itself ask for `reducedMotion: "no-preference"`.
 *
 * Its pages register no service worker unless `serviceWorkers: "allow"` says so (the installable app's own tests,
 * pwa.test.ts). The worker only passes pages through and keeps hashed assets (decision 098), and in a fresh context
 * it starts a process of its own: twenty loads of /browse in ten fresh contexts cost Chromium 6.3-6.5 s of CPU with
 * it and 3.0-3.3 s without (docs/performance.md), on a 2-core machine that runs two browser files at a time.
 */
export async function newContext(on: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const { viewport = "desktop", ...rest } = opts;
  const context = await on.newContext({
    baseURL: baseURL(),
    viewport: typeof viewport === "string" ? VIEWPORTS[viewport] : viewport,
    reducedMotion: "reduce",
    serviceWorkers: "block",
    ...rest,
  });
  context.setDefaultTimeout(E2E_TIMEOUT);
  context.setDefaultNavigationTimeout(E2E_TIMEOUT);
  return context;
}

const noJsContexts = new WeakSet<BrowserContext>();

/** A context with JavaScript disabled: plain HTML forms and server redirects only. */
export async function newNoJsContext(
  on: Browser,
  opts: Omit<ContextOptions, "javaScriptEnabled"> = {},
): Promise<BrowserContext> {
  const context = await newContext(on, { ...opts, javaScriptEnabled: false });
  noJsContexts.add(context);
  return context;
}

/** False for pages of a newNoJsContext (their pages never hydrate). */
export const jsEnabled = (page: Page): boolean => !noJsContexts.has(page.context());

/** Waits until React has hydrated the page (root.tsx sets html[data-hydrated]). Needs JavaScript. */
export async function waitForHydration(page: Page, timeout = E2E_TIMEOUT): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout });
}

/** Navigates and waits for hydration, so clicks reach React's handlers. Returns the response. */
export async function gotoHydrated(page: Page, urlPath: string) {
  const response = await page.goto(urlPath);
  await waitForHydration(page);
  return response;
}

// ---------------------------------------------------------------- accounts

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
    page.waitForURL((u) => u.pathname !== "/login"),
    form.getByRole("button", { name: "Login", exact: true }).click(),
  ]);
}

/** Logs out with the first visible 'Log out' button (navbar or dashboard sidebar) and waits for '/'. */
export async function logout(page: Page): Promise<void> {
  const button = page
    .getByRole("button", { name: /log out/i })
    .filter({ visible: true })
    .first();
  await Promise.all([page.waitForURL((u) => u.pathname === "/"), button.click()]);
}

/**
 * A context signed in as a demo account, for tests about something else than signing in. The first one per
 * account and server logs in through the form; later ones start from its cookies while the session still holds
 * (a logout anywhere ends every session of the account, so a stale one logs in again).
 */
export async function signedInContext(
  on: Browser,
  account: DemoRole,
  opts: ContextOptions = {},
): Promise<BrowserContext> {
  const key = `${baseURL()} ${account}`;
  const saved = sessions.get(key);
  if (saved) {
    const withSession = { ...opts, storageState: saved };
    const context =
      opts.javaScriptEnabled === false ? await newNoJsContext(on, withSession) : await newContext(on, withSession);
    const home = await context.request.get(DEMO[account].home, { maxRedirects: 0 });
    if (home.status() === 200) return context;
    await context.close();
  }
  const context = opts.javaScriptEnabled === false ? await newNoJsContext(on, opts) : await newContext(on, opts);
  const page = await context.newPage();
  await login(page, DEMO[account].email);
  sessions.set(key, await context.storageState());
  await page.close();
  return context;
}
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>();

export interface Registration {
  name: string;
  email: string;
  password: string;
  role: "Buyer" | "Worker";
  /** a photo file to upload with the form */
  photo?: string;
}

/**
 * Registers through the form (with or without JavaScript) and waits for the role's home and "Account Created!"; then
 * confirms the address as its owner does, with the link e-mailed to it (`openLinkFromMailbox`), unless `verify` is
 * false.
 */
export async function registerThroughForm(page: Page, r: Registration & { verify?: boolean }): Promise<void> {
  if (jsEnabled(page)) await gotoHydrated(page, "/register");
  else await page.goto("/register");
  await page.getByLabel("Name").fill(r.name);
  await page.getByLabel("Email").fill(r.email);
  await page.getByLabel("Password").fill(r.password);
  await page.getByLabel("Role").selectOption(r.role);
  if (r.photo) {
    await page.locator('input[type="file"][name="image"]').setInputFiles(r.photo);
    await expect.poll(() => page.getByAltText("Preview of the chosen image").getAttribute("src")).toMatch(/^blob:/);
  }
  const home = r.role === "Buyer" ? "/dashboard/buyerhome" : "/dashboard/workerhome";
  await Promise.all([
    page.waitForURL((u) => u.pathname === home),
    page.getByRole("button", { name: "Register" }).click(),
  ]);
  await expectMessage(page, "Account Created!");
  if (r.verify !== false) {
    await openLinkFromMailbox(page, r.email, "Confirm your email address", "Confirm my email address");
    await pressConfirmButton(page, "Confirm my email address");
    await page.waitForURL((u) => u.pathname === home);
    await expectMessage(page, "Email verified!");
    await expect.poll(() => page.getByTestId("verify-email-banner").count()).toBe(0);
  }
  if (jsEnabled(page)) await waitForHydration(page);
}

/** Registers a person (see `person`) through the form under their own name and e-mail (`registerThroughForm`). */
export function signUp(p: Person, r: Omit<Registration, "name" | "email"> & { verify?: boolean }): Promise<void> {
  return registerThroughForm(p.page, { name: p.name, email: p.email, ...r });
}

/**
 * Signs a person up as `signUp` does, with the same two POSTs (the register form's, as a browser without JavaScript
 * sends it, and the e-mailed link's confirmation) on the person's cookies, and then opens their home: one page load
 * where the form takes seven (the form, the home, the mailbox, the message, the link's page, the home again). For
 * the extra people of walks about something else: the form itself is walked where signing up is the subject (auth,
 * identity, journeys, the Bengali walk, each walk's first people).
 */
export async function signUpByPost(p: Person, r: { password: string; role: Registration["role"] }): Promise<void> {
  const origin = baseURL();
  const home = r.role === "Buyer" ? "/dashboard/buyerhome" : "/dashboard/workerhome";
  const post = async (url: string, form: Record<string, string>, expected: string) => {
    const answer = await p.context.request.post(url, { form, headers: { Origin: origin }, maxRedirects: 0 });
    const location = answer.headers().location ?? "";
    expect(`${answer.status()} ${new URL(location, origin).pathname}`, `${p.email}: ${url}`).toBe(`302 ${expected}`);
  };
  await post(`${origin}/register`, { name: p.name, email: p.email, password: r.password, role: r.role }, home);
  const link = () =>
    db<{ html: string }>(
      `SELECT html FROM dev_mailbox WHERE to_address = ${sqlText(p.email)} AND subject LIKE 'Confirm your email%'`,
    )[0]?.html.match(/href="([^"]*\/verify-email\?[^"]*)"/)?.[1];
  await expect.poll(link, { message: `no confirmation link to ${p.email}` }).toBeTruthy();
  const token = new URL(link()!.replaceAll("&amp;", "&")).searchParams.get("token")!;
  await post(`${origin}/verify-email`, { token }, home);
  if (jsEnabled(p.page)) await gotoHydrated(p.page, home);
  else await p.page.goto(home);
  await expect.poll(() => p.page.getByTestId("verify-email-banner").count()).toBe(0);
}

/**
 * An MTurk client (the real `@aws-sdk/client-mturk`) signed with a new requester key of the demo buyer, made on the API
 * keys page as a requester makes one: after the current password (docs/decisions/080), the secret shown once.
 */
export async function demoRequester(on: Browser): Promise<MTurkClient> {
  const context = await signedInContext(on, "buyer");
  const page = await context.newPage();
  await gotoHydrated(page, "/dashboard/apikeys");
  await page.getByLabel("Current password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Create a key" }).click();
  const credentials = {
    accessKeyId: (await page.getByTestId("new-key-id").innerText()).trim(),
    secretAccessKey: (await page.getByTestId("new-key-secret").innerText()).trim(),
  };
  await context.close();
  return new MTurkClient({ endpoint: `${baseURL()}/mturk`, region: "us-east-1", credentials, maxAttempts: 1 });
}

/**
 * Opens the newest e-mail to `email` with `subject` in the development mailbox (/dev/mail) and follows its button
 * `label`, in this page (so with its cookies), as the recipient would. The message may arrive a moment after the
 * answer that sent it (ctx.waitUntil): the list is reloaded until it is there.
 */
export async function openLinkFromMailbox(page: Page, email: string, subject: string, label: string): Promise<void> {
  const message = page.getByRole("link", { name: new RegExp(`^${subject}`) }).first();
  await expect
    .poll(
      async () => {
        await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
        return message.count();
      },
      { message: `no "${subject}" to ${email} in /dev/mail` },
    )
    .toBeGreaterThan(0);
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/dev/mail/")), message.click()]);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/dev/mail")),
    page.getByRole("link", { name: label, exact: true }).click(),
  ]);
}

/**
 * On the page an e-mailed verification or address-change link opened (/verify-email, where nothing has changed yet),
 * presses its button `label` and waits to leave the page.
 */
export async function pressConfirmButton(page: Page, label: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === "/verify-email");
  if (jsEnabled(page)) await waitForHydration(page);
  await Promise.all([
    page.waitForURL((u) => u.pathname !== "/verify-email"),
    page.getByRole("button", { name: label, exact: true }).click(),
  ]);
}

export interface TaskFields {
  title: string;
  detail: string;
  /** required workers and pay per worker, as typed (e.g. "0" to see the message) */
  workers: number | string;
  pay: number | string;
  /** how long the work takes one worker, in minutes (1 unless given: the pay per hour must meet the minimum) */
  estimate?: number;
  /** the completion date, this many days from today */
  daysAhead: number;
  category: string;
  info: string;
  /** an image file to upload with the task */
  image?: string;
  /** a check question whose answer must be this one, in any case (the known-answer check) */
  check?: { question: string; expected: string };
  /** who may work on it: a qualification (by its name) with a least score, a least number of approved submissions */
  qualification?: { name: string; leastScore: number };
  leastApproved?: number;
  /** the least approval rate (%) a worker needs */
  leastApprovalRate?: number;
}

/** Fills the Add Task form (with or without JavaScript); with JavaScript, an image is previewed before it goes on. */
export async function fillTaskForm(page: Page, t: TaskFields): Promise<void> {
  await page.getByLabel("Task title").fill(t.title);
  await page.getByLabel("Task detail").fill(t.detail);
  await page.getByLabel("Workers needed").fill(String(t.workers));
  await page.getByLabel("Payable amount").fill(String(t.pay));
  await page.getByLabel("Time estimate (minutes)").fill(String(t.estimate ?? 1));
  await page.getByLabel("Completion date").fill(isoDay(t.daysAhead));
  await page.getByLabel("Category").selectOption(t.category);
  await page.getByLabel("Submission info").fill(t.info);
  if (t.image) {
    await page.locator('input[type="file"][name="image"]').setInputFiles(t.image);
    if (jsEnabled(page))
      await expect.poll(() => page.getByAltText("Preview of the chosen image").getAttribute("src")).toMatch(/^blob:/);
  }
  if (t.check) {
    await page.getByLabel("Question", { exact: true }).fill(t.check.question);
    await page.getByLabel("This answer, in any case").check();
    await page.getByLabel("Expected answer").fill(t.check.expected);
  }
  if (t.qualification) {
    await page.getByLabel("Qualification", { exact: true }).selectOption({ label: t.qualification.name });
    await page.getByLabel("Least score (0-100)").fill(String(t.qualification.leastScore));
  }
  if (t.leastApproved !== undefined) await page.getByLabel("Least approved submissions").fill(String(t.leastApproved));
  if (t.leastApprovalRate !== undefined)
    await page.getByLabel("Least approval rate (%)").fill(String(t.leastApprovalRate));
}

/** Posts a task as a buyer does with JavaScript: Add Task filled (`fillTaskForm`), sent, and "Task Posted!". */
export async function postTaskThroughForm(page: Page, t: TaskFields): Promise<void> {
  await gotoHydrated(page, "/dashboard/addtask");
  await fillTaskForm(page, t);
  await page.getByRole("button", { name: "Add Task" }).click();
  await expectMessage(page, "Task Posted!");
}

// ---------------------------------------------------------------- the forms checked before they are sent

/**
 * The worker presses 'Start task' on a task's page (a plain post, with or without JavaScript) and waits for the
 * held slot's time left (docs/decisions/034-a-start-holds-a-slot.md).
 */
export async function startTask(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Start task" }).click();
  await page.getByTestId("held-slot").waitFor();
  // with JavaScript the 'Task started' toast sits at the bottom, over the proof's button on a phone
  if (jsEnabled(page)) await closeToast(page, "Task started");
}

/**
 * Closes the toast with this text as a person would once it is read: a toast sits at the bottom, over whatever
 * button is there, and a pointer resting on it keeps it open.
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await toast.waitFor();
  await toast.locator("[data-close-button]").click();
  await toast.waitFor({ state: "detached" });
}

/**
 * A worker's proof on a task's page, started first if it is not yet (or a submission's edit with `button` and
 * `send`): the text and an image,
 * the first button (the server's check), then the confirmation's button; waits for the page it leads to. Works with
 * and without JavaScript (both steps are plain posts, decision 026).
 */
export async function submitProof(
  page: Page,
  text: string,
  opts: { image?: string; button?: string; send?: string; lands?: string | RegExp } = {},
): Promise<void> {
  if (!opts.button && (await page.getByTestId("start-panel").count()) > 0) await startTask(page);
  await page.getByLabel("Your submission").fill(text);
  if (opts.image) await page.locator('input[type="file"][name="image"]').setInputFiles(opts.image);
  await page.getByRole("button", { name: opts.button ?? "Submit Task" }).click();
  const review = page.getByTestId("proof-review");
  await review.waitFor();
  expect(await review.getByTestId("submission-text").innerText()).toBe(text.trim());
  await Promise.all([
    page.waitForURL(opts.lands ?? "**/dashboard/mysubmissions"),
    review.getByRole("button", { name: opts.send ?? "Yes, send it" }).click(),
  ]);
}

export interface PayoutRequest {
  coins: number;
  system: "Bkash" | "Rocket" | "Nagad" | "Bank" | "Others";
  account: string;
  bank?: { name: string; branch: string };
}

/**
 * A withdrawal on the Withdrawals page: the payment system (a link), its fields, the coins, 'Withdraw', then the
 * confirmation's 'Yes, withdraw $…' after checking the coins, dollars and account it states. With and without
 * JavaScript.
 */
export async function requestPayout(page: Page, r: PayoutRequest): Promise<void> {
  await page.getByTestId(`system-${r.system}`).click();
  await page.locator(`input[name="payment_system"][value="${r.system}"]`).waitFor({ state: "attached" });
  await page.locator('input[name="account_number"]').fill(r.account);
  if (r.bank) {
    await page.getByLabel("Bank name").fill(r.bank.name);
    await page.getByLabel("Branch or routing number").fill(r.bank.branch);
  }
  await page.getByLabel("Coins to withdraw").fill(String(r.coins));
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  const review = page.getByTestId("withdraw-review");
  await review.waitFor();
  const dollars = (r.coins / 20).toFixed(2);
  const stated = await review.innerText();
  expect(stated).toContain(`$${dollars}`);
  expect(stated).toContain(r.system);
  await review.getByRole("button", { name: `Yes, withdraw $${dollars}` }).click();
  await expectMessage(page, "Withdrawal request submitted!");
}

// ---------------------------------------------------------------- people: a context each, watched for errors

export interface Person {
  name: string;
  email: string;
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught page errors so far */
  errors: string[];
  /** failed requests to the app so far */
  failed: FailedRequest[];
}

/** A person with a browser context of their own, whose console errors and failed requests are collected. */
export async function person(
  on: Browser,
  who: { name: string; email: string; viewport?: Viewport; js?: boolean; allowStatus?: number[] },
): Promise<Person> {
  const { name, email, viewport = "desktop", js = true, allowStatus } = who;
  const context = js ? await newContext(on, { viewport }) : await newNoJsContext(on, { viewport });
  const page = await context.newPage();
  return {
    name,
    email,
    context,
    page,
    errors: collectConsoleErrors(page),
    failed: collectFailedRequests(page, { allowStatus }),
  };
}

// ---------------------------------------------------------------- what the screens show

/** The balance in the dashboard's top bar, as the person sees it. */
export async function coinsOnScreen(page: Page): Promise<number> {
  const text = await page.getByTestId("coin-balance").filter({ visible: true }).first().innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

/** Reloads when asked (someone else moved the coins), then waits for the top bar to show `expected`. */
export async function expectCoins(p: Person, expected: number, step: string, opts: { reload?: boolean } = {}) {
  if (opts.reload) {
    await p.page.reload();
    await waitForHydration(p.page);
  }
  await expect.poll(() => coinsOnScreen(p.page), { message: `${p.name}'s balance after: ${step}` }).toBe(expected);
}

/** The message under a form field (Field renders it as #<input id>-error), or "". */
export async function fieldError(page: Page, label: string): Promise<string> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute("id");
  const message = page.locator(`[id="${id}-error"]`);
  return (await message.count()) ? (await message.innerText()).trim() : "";
}

/** The notification bell's accessible name: "Notifications" or "Notifications, N unread". */
export async function bellLabel(page: Page): Promise<string> {
  return (await page.getByTestId("notification-bell").getAttribute("aria-label")) ?? "";
}

/** Opens the notification bell; returns its panel. */
export async function openBell(page: Page) {
  await page.getByTestId("notification-bell").click();
  return page.locator("[data-radix-popper-content-wrapper]");
}

/**
 * "Mark all as read" in the open bell panel, and waits until the server has stored it: the bell clears
 * optimistically at once, and a navigation before the request lands would cancel it.
 */
export async function markAllNotificationsRead(page: Page): Promise<void> {
  const stored = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/dashboard/notifications") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await stored;
}

/** The toast (sonner) or no-JavaScript banner with this title becomes visible. */
export async function expectMessage(page: Page, title: string | RegExp, timeout?: number): Promise<void> {
  await expect.poll(() => page.getByText(title).filter({ visible: true }).count(), { timeout }).toBeGreaterThan(0);
}

/** How far the page scrolls sideways (0 when it fits its width). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

// ---------------------------------------------------------------- screenshots and accessibility

/**
 * Loads lazy images (a full-page shot shows them all) and waits, at most 5 s, until every image and font has loaded.
 * The wait polls from here, not with a promise in the page: a page without JavaScript runs no timer or event
 * listener, so a promise that waited there on an image's load event (or a timer) could hang the test forever.
 */
async function imagesAndFontsSettled(page: Page): Promise<void> {
  const settled = () =>
    page
      .evaluate(() => {
        for (const img of Array.from(document.images)) if (img.loading === "lazy") img.loading = "eager";
        return Array.from(document.images).every((img) => img.complete) && document.fonts.status === "loaded";
      })
      .catch(() => true); // a page navigating away has nothing left to wait for
  const deadline = Date.now() + 5_000;
  while (!(await settled()) && Date.now() < deadline) await sleep(100);
}

/**
 * A full-page shot stops this far down: the API reference is 48,954 px tall at 1440 px (3.3 s to shoot its first
 * 20,000), the MTurk guide 24,832, and their first screens tell enough; the longest app pages, the landing page and
 * the Task List at 390 px, are about 10,000.
 */
const SCREENSHOT_MAX_HEIGHT = 12_000;

/**
 * Saves a PNG to test-results/screenshots/<name>.png (kept as a CI artifact) and returns its path: the full page (at
 * most SCREENSHOT_MAX_HEIGHT px), lazy images loaded first, or with `viewport` what the person sees (e.g. a dialog
 * over the page).
 */
export async function screenshot(page: Page, name: string, opts: { viewport?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, "-")}.png`);
  if (opts.viewport) {
    await page.screenshot({ path: file, animations: "disabled" });
    return file;
  }
  await imagesAndFontsSettled(page);
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  await fullPageShot(page, file, width, Math.min(height, SCREENSHOT_MAX_HEIGHT));
  return file;
}

/**
 * A full-page PNG encoded for speed (Chromium's fastest deflate: files about 40 % larger for a third of the encoding
 * CPU, which the browser project spent on some 350 shots a run; docs/performance.md). Playwright does not expose the
 * protocol's `optimizeForSpeed`, so the shot is asked for directly, as Playwright's own full-page shot asks for it
 * (the page's size as the clip, beyond the viewport). As with its `animations: "disabled"`, animations and transitions
 * that end are first played to their end, so a shot never catches one halfway.
 */
async function fullPageShot(page: Page, file: string, width: number, height: number): Promise<void> {
  await page
    .evaluate(() => {
      for (const a of document.getAnimations()) if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
    })
    .catch(() => undefined); // a page navigating away: the shot below reports it
  const cdp = await page.context().newCDPSession(page);
  try {
    const { data } = await cdp.send("Page.captureScreenshot", {
      format: "png",
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width, height, scale: 1 },
      optimizeForSpeed: true,
    });
    writeFileSync(file, Buffer.from(data, "base64"));
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core on the current page: the serious and critical violations, under axe's default rules (every rule but the
 * experimental ones and those axe leaves off by default: WCAG 2.0 to 2.2 A and AA, and best practices).
 */
export async function seriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<A11yViolation[]> {
  // axe waits on timers, and a page without JavaScript runs none: it would hang until the step's timeout
  if (!jsEnabled(page)) throw new Error("axe needs JavaScript: check this screen from a page that has it");
  // resultTypes: full detail for violations only (the same violations are found; passes are not listed node by
  // node, which is much of axe's time on a long page). Legacy mode runs axe.run() in the page itself; the default
  // runs it in parts and finishes in a new blank page of the context (a second injection of axe and a page opened
  // and closed per check: half of axe's time). The same rules run on the same document; what legacy mode gives up,
  // checking cross-origin iframes, does not apply: the app has none in tests (payments use the test-mode provider).
  // (AxeBuilder's options() replaces what withTags() set, so the tags this once named never applied: axe's default
  // rules are what every check has run.)
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
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

/** No serious or critical axe violation on the current page (`what` names the screen in the failure). */
export async function expectAccessible(page: Page, what: string, opts: { exclude?: string[] } = {}): Promise<void> {
  const violations = await seriousA11yViolations(page, opts);
  expect(violations, `${what}\n${formatViolations(violations)}`).toEqual([]);
}

// ---------------------------------------------------------------- console errors and failed requests

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

// ---------------------------------------------------------------- stories: steps that build on each other

/** A step of a story, to name as another step's prerequisite. */
export interface Step {
  readonly name: string;
  readonly outcome: "not run" | "passed" | "failed";
}

/**
 * A story: a walk whose steps run in order and share state (people, pages, balances) from one step to the next.
 * Its steps say which earlier steps they build on (`step(name, { needs: [...] }, fn)`).
 */
export function story(name: string, body: () => void): void {
  describe(name, body);
}

/**
 * A test in a story. When a step it needs did not pass, it fails at once with "needs <step>, which failed"
 * (or "which did not run", e.g. under `-t`) instead of timing out on a state that never came.
 */
export function step(name: string, fn: () => Promise<void> | void): Step;
export function step(name: string, opts: { needs: Step[] }, fn: () => Promise<void> | void): Step;
export function step(
  name: string,
  optsOrFn: { needs: Step[] } | (() => Promise<void> | void),
  maybeFn?: () => Promise<void> | void,
): Step {
  const [needs, fn] = typeof optsOrFn === "function" ? [[], optsOrFn] : [optsOrFn.needs, maybeFn!];
  const self: { name: string; outcome: Step["outcome"] } = { name, outcome: "not run" };
  it(name, async () => {
    const missing = needs.find((s) => s.outcome !== "passed");
    if (missing)
      throw new Error(`needs "${missing.name}", which ${missing.outcome === "failed" ? "failed" : "did not run"}`);
    self.outcome = "failed";
    await fn();
    self.outcome = "passed";
  });
  return self;
}
