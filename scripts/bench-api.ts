// npm run bench:api [-- --sizes small,large] [-- --tasks 2600,100000] [-- --cases <filter>]
//                   [-- --duration 8] [-- --connections 32] [-- --warmup 3] [-- --skip-build]
//
// Throughput and latency of the built Worker's API routes and pages under load, on a SMALL and a LARGE
// marketplace, next to a trivial Worker served the same way and loaded the same way right before each case: the
// floor of wrangler dev and workerd on this machine at that moment (the machine may be busy with other work, so
// each case's req/s is also given as a ratio to its own floor). For each size a fresh local D1 is migrated and filled by scripts/lib/bench-data.ts
// (a history played through the services, in Node on the file), the ledger identity is checked (`npm run ledger:check`), and the build
// is served on it with wrangler dev. Before the first case, every read case is loaded for a few rounds (`WARM_ROUNDS`),
// so that none pays alone for the isolate's first requests. Each case then gets a short warm-up (`--warmup` requests one at a time,
// whose latency is kept as the case's latency alone, then one request on each connection) and about `--duration`
// seconds of load on `--connections` concurrent connections (autocannon): whole rounds of one request per
// connection, at least two, so that no answer is cut off and req/s is answers over the time they took; a slow case
// takes longer than `--duration`. Every answer's status is counted: a case whose answers are not the status it expects is flagged, never reported
// as fast. Writes run last, as fresh accounts, and the ledger is checked again after them. The "bare page" cases are
// served by the stack's floor (scripts/bench-floor's `/shape`), not the app: a signed-in page's shape (the session
// read, one batch of reads, a list of 60 or 130 KB) with none of the app, the most a page of that shape can reach;
// each signed-in page's bare page of its size is loaded again right after it, and its ratio is over that measure.
// After the cases, the Task List's first page and My Tasks are loaded again in turns with their bare page
// (`CARD_LISTS`, `TURNS` rounds), a line a size under the table.
//
// `--cases` keeps the cases whose name contains one of its comma-separated words (e.g. `--cases tasks2,ledger`);
// `--tasks` gives the task count of each size in `--sizes` (other tables scale with it).
// Output: a table on stdout, test-results/bench-api.json and test-results/bench-api.md.
import autocannon from "autocannon";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { checkLedger, printLedgerReport, type LedgerReport } from "./ledger-check.ts";
import { arg, buildReactRouter, flag, logger, median, onExit } from "./lib/bench-cli.ts";
import {
  generateMarketplace,
  SEARCH_WORD,
  WRITER_PASSWORD,
  writerEmail,
  type GeneratedMarketplace,
} from "./lib/bench-data.ts";
import { BUILT_WRANGLER_CONFIG, serveBuild, serveStackFloor, signIn } from "./lib/served-build.ts";
import { applyMigrations, localD1File, ROOT } from "./lib/wrangler.ts";
import { playRequester, signedMturk, type BenchRequester } from "./lib/bench-requester.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./lib/demo-accounts.ts";

const log = logger("bench:api");

const SIZES = { small: 2_600, large: 100_000 } as const;
type Size = keyof typeof SIZES;

/** The page sizes of the lists the late-page cases open: GET /tasks2 (its default limit) and the worker's task list. */
const TASKS2_PAGE = 100;
const TASKLIST_PAGE = 12;

type Account = "admin" | "buyer" | "worker";

interface SizeFacts {
  openTasks: number;
  newestOpenTask: string;
  demoBuyer: string;
  workerEmail: string;
}

interface Case {
  name: string;
  /** pages send the session cookie, API routes a Bearer token */
  kind: "page" | "api";
  as?: Account;
  path: (s: SizeFacts) => string;
  /** a write made as the fresh accounts: one submission per (task, worker), or a two-coin task of a minute */
  write?: "submission" | "task";
  /** served by the stack's floor (scripts/bench-floor), not by the app: what the stack costs for a page's shape */
  bare?: boolean;
  /** an MTurk Requester API operation, signed as the SDKs sign it, with its input (`hitId`: the benchmark's HIT) */
  mturk?: { operation: string; input: (hitId: string) => object };
}

/** Rounds of every read case's requests (one request on each connection a round) before any case is measured. */
const WARM_ROUNDS = 8;

/**
 * The two lists of cards (issue 46: the Task List's first page at least as fast as My Tasks against the same bare
 * page) loaded again after the cases, in turns with the bare page of their size: `TURNS` rounds of the three. Loaded
 * one after the other in the table, the later of two equal pages read up to a fifth faster (docs/performance.md).
 */
const CARD_LISTS = ["/dashboard/tasklist (worker)", "/dashboard/mytasks (buyer)"];
const TURNS = 3;

const latePage = (rows: number, perPage: number) => Math.max(1, Math.ceil(Math.ceil(rows / perPage) * 0.9));
const page = (name: string, as?: Account, query = ""): Case => ({
  name: `/dashboard/${name}${query ? " late page" : ""} (${as})`,
  kind: "page",
  as,
  path: () => `/dashboard/${name}${query}`,
});

const CASES: Case[] = [
  { name: "GET /categories", kind: "api", path: () => "/categories" },
  { name: "GET /tasks3", kind: "api", path: () => "/tasks3" },
  { name: "GET /workers", kind: "api", path: () => "/workers" },
  // A page the size of the worker's Task List: at the default limit (100) SMALL's 20 matches all fit on it while
  // LARGE answers 100 tasks, so the two would compare answers of five times the rows, not the cost of the search.
  {
    name: `GET /tasks2?q=${SEARCH_WORD} (search)`,
    kind: "api",
    as: "worker",
    path: () => `/tasks2?q=${SEARCH_WORD}&limit=${TASKLIST_PAGE}`,
  },
  {
    name: "GET /tasks2 late page",
    kind: "api",
    as: "worker",
    path: (s) => `/tasks2?page=${latePage(s.openTasks, TASKS2_PAGE)}`,
  },
  {
    name: "GET /submission?email=",
    kind: "api",
    as: "worker",
    path: (s) => `/submission?email=${encodeURIComponent(s.workerEmail)}`,
  },
  { name: "/ (landing)", kind: "page", path: () => "/" },
  { name: "/about (public page)", kind: "page", path: () => "/about" },
  // A signed-in page's shape with none of the app: the session check, one batch of reads, a list of 60 or 130 KB.
  { name: "bare page, 2 D1 calls, 60 KB (no app)", kind: "page", bare: true, path: () => "/shape?rows=90" },
  { name: "bare page, 2 D1 calls, 130 KB (no app)", kind: "page", bare: true, path: () => "/shape?rows=200" },
  page("workerhome", "worker"),
  page("tasklist", "worker"),
  {
    ...page("tasklist", "worker", "?late"),
    // every open task ("Hide tasks I can't do" off): the page number is of the open tasks, not of those the worker may do
    path: (s) => `/dashboard/tasklist?page=${latePage(s.openTasks, TASKLIST_PAGE)}&hide=0`,
  },
  // a worker narrowing the list as the filters offer: one category, $10 an hour or more
  {
    name: "/dashboard/tasklist filtered page (worker)",
    kind: "page",
    as: "worker",
    path: () => `/dashboard/tasklist?category=${encodeURIComponent("Data Entry")}&min_hourly=10`,
  },
  { ...page("tasklist/:id", "worker"), path: (s) => `/dashboard/tasklist/${s.newestOpenTask}` },
  { name: "/browse/:id (public task)", kind: "page", path: (s) => `/browse/${s.newestOpenTask}` },
  { name: "/buyers/:id (public buyer's record)", kind: "page", path: (s) => `/buyers/${s.demoBuyer}` },
  page("mysubmissions", "worker"),
  page("withdraw", "worker"),
  page("buyerhome", "buyer"),
  page("mytasks", "buyer"),
  page("paymenthistory", "buyer"),
  page("adminhome", "admin"),
  page("manageusers", "admin"),
  page("managetasks", "admin"),
  page("auditlog", "admin"),
  page("messages", "admin"),
  page("ledger", "admin"),
  // The MTurk Requester API (docs/mturk.md) as a requester's script calls it, on a HIT of HIT_ASSIGNMENTS
  // assignments; CreateHIT (one assignment of $0.05 each time) runs among the writes, next to POST /tasks.
  mturkCase("GetHIT", (HITId) => ({ HITId })),
  mturkCase("ListHITs", () => ({ MaxResults: 100 })),
  mturkCase("ListAssignmentsForHIT", (HITId) => ({ HITId, MaxResults: 100 })),
  { name: "POST /submission (fresh workers)", kind: "api", path: () => "/submission", write: "submission" },
  mturkCase("CreateHIT", () => ({
    Title: "Rate three headlines for a bakery landing page",
    Description: "Read three headlines and rank them, with one sentence on why for each.",
    Reward: "0.05",
    MaxAssignments: 1,
    LifetimeInSeconds: 7 * 86_400,
    AssignmentDurationInSeconds: 600,
    Keywords: "survey",
  })),
  { name: "POST /tasks (fresh buyers)", kind: "api", path: () => "/tasks", write: "task" },
];

/** The assignments of the benchmark's HIT (ListAssignmentsForHIT pages them, newest first). */
const HIT_ASSIGNMENTS = 5_000;

function mturkCase(operation: string, input: (hitId: string) => object): Case {
  return { name: `MTurk ${operation}`, kind: "api", path: () => "/mturk/", mturk: { operation, input } };
}

interface Measure {
  /** answers per second: all answers of the measured run over the time until the last one arrived */
  rps: number;
  /** how long the measured run took */
  seconds: number;
  p50: number;
  p99: number;
  requests: number;
  expected: number;
  statuses: Record<string, number>;
  /** answers whose status is not `expected` */
  unexpected: number;
  /** socket errors and timeouts */
  errors: number;
  bytesPerAnswer: number;
  /** 1-minute load average of the machine when the case ended */
  loadAvg: number;
  note?: string;
  /** one request's latency without concurrency (the warm-up's) */
  soloMs: number;
  /** how long the server took to work off what the run left in flight (timed-out requests) */
  drainMs: number;
  /** the floor's answers per second, measured right before this case */
  floorRps?: number;
  /** a signed-in page's: the answers per second of the bare page of its size, measured right after it */
  bareRps?: number;
}

interface SizeResult {
  tasks: number;
  counts: GeneratedMarketplace["counts"];
  openTasks: number;
  generationMs: number;
  ledger: { holds: boolean; afterWrites?: boolean };
  cases: Record<string, Measure>;
  /** the floor measured before each case */
  floor: Record<string, Measure>;
  /** CARD_LISTS and their bare page in turns: each one's req/s, round by round (`bare`: the bare page's) */
  inTurns?: Record<string, number[]>;
}

// ---------------------------------------------------------------------------------------------- options

function options() {
  const sizes = (arg("sizes", "small,large") ?? "").split(",").map((s) => s.trim().toLowerCase());
  for (const s of sizes) if (!(s in SIZES)) throw new Error(`--sizes: unknown size "${s}" (small, large)`);
  const counts = arg("tasks")?.split(",").map(Number);
  if (counts && (counts.length !== sizes.length || counts.some((n) => !Number.isInteger(n) || n < 100)))
    throw new Error(`--tasks: one whole number of at least 100 per size in --sizes (${sizes.join(",")})`);
  const words = arg("cases")?.toLowerCase().split(",").filter(Boolean);
  const cases = words ? CASES.filter((c) => words.some((w) => c.name.toLowerCase().includes(w))) : CASES;
  if (!cases.length) throw new Error(`--cases: no case name contains ${words?.join(" or ")}`);
  const num = (name: string, fallback: number) => {
    const n = Number(arg(name, String(fallback)));
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  return {
    sizes: sizes.map((s, i) => ({ size: s as Size, tasks: counts?.[i] ?? SIZES[s as Size] })),
    cases,
    duration: num("duration", 8),
    connections: Math.round(num("connections", 32)),
    warmup: Math.round(num("warmup", 3)),
  };
}
type Options = ReturnType<typeof options>;

// ---------------------------------------------------------------------------------------------- load

interface Target {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  expected: number;
  /** the same body every time (a signed MTurk request) */
  body?: string;
  /** builds each request of a write case (a fresh body and caller every time) */
  next?: () => { headers: Record<string, string>; body: string };
  /** why the answers of a write case may go wrong (e.g. no open slot left for the fresh workers) */
  exhausted?: () => string | undefined;
}

/** One request as the load sends it; undefined when it answers the expected status, else what went wrong. */
async function once(t: Target): Promise<string | undefined> {
  const extra = t.next?.();
  const res = await fetch(t.url, {
    method: t.method,
    headers: { ...t.headers, ...extra?.headers },
    body: extra?.body ?? t.body,
    redirect: "manual",
    signal: AbortSignal.timeout(300_000),
  });
  const body = await res.text();
  if (res.status === t.expected) return undefined;
  const where = res.headers.get("location");
  return `answered ${res.status}${where ? ` (to ${where})` : ""} instead of ${t.expected}: ${body.replace(/\s+/g, " ").slice(0, 160)}`;
}

/**
 * `rounds` rounds of requests on `connections` connections (autocannon), each connection sending its next request
 * as soon as its answer arrives, until all have been answered: nothing is left in flight, and the answers per
 * second are answers / elapsed time, whatever a request takes.
 */
async function measure(t: Target, connections: number, rounds: number, timeoutS: number) {
  const request: autocannon.Request = { method: t.method, headers: t.headers, body: t.body };
  if (t.next) {
    const next = t.next;
    request.setupRequest = (req: autocannon.Request) => {
      const { headers, body } = next();
      return { ...req, headers: { ...req.headers, ...headers }, body };
    };
  }
  // autocannon notices that `amount` is reached only on its once-a-second tick, so its `duration` is rounded up to
  // whole seconds (a 0.3 s run reads 1 s); the run's time is taken here instead, up to the last answer.
  const started = performance.now();
  let lastAnswer = started;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      { url: t.url, connections, amount: connections * rounds, timeout: timeoutS, requests: [request] },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    run.on("response", () => (lastAnswer = performance.now()));
  });
  const seconds = Math.max(lastAnswer - started, 1) / 1000;
  const statuses = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count ?? 0)]),
  );
  const answers = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    rps: answers / seconds,
    seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: answers,
    expected: t.expected,
    statuses,
    unexpected: answers - (statuses[String(t.expected)] ?? 0),
    errors: r.errors + r.timeouts,
    bytesPerAnswer: answers ? Math.round(r.throughput.total / answers) : 0,
    loadAvg: Number(os.loadavg()[0].toFixed(2)),
    note: t.exhausted?.(),
  };
}

/** A cheap request to a served Worker, and how long it takes when the server is idle. */
interface Probe {
  url: string;
  idleMs: number;
}

async function probeOnce(url: string): Promise<number> {
  const t = performance.now();
  await (await fetch(url, { signal: AbortSignal.timeout(600_000) })).arrayBuffer();
  return performance.now() - t;
}

async function idleProbe(url: string): Promise<Probe> {
  await probeOnce(url);
  return { url, idleMs: median([await probeOnce(url), await probeOnce(url), await probeOnce(url)]) };
}

/**
 * Waits until the server has worked off what a run left behind (requests that timed out are dropped by autocannon,
 * and the Worker and D1 finish them anyway): until the probe answers about as fast as on the idle server.
 * Returns the milliseconds waited.
 */
async function drain(probe: Probe): Promise<number> {
  const started = performance.now();
  const fastEnough = Math.max(3 * probe.idleMs, probe.idleMs + 100);
  while ((await probeOnce(probe.url)) > fastEnough) {
    if (performance.now() - started > 20 * 60_000) throw new Error(`the server is still busy after 20 minutes`);
  }
  return Math.round(performance.now() - started);
}

/**
 * The warm-up: `warmup` requests one after the other (the first checks the answer; a case that fails it is not
 * loaded), whose latency without concurrency is kept (`soloMs`, the median of all but the first); then one round
 * on every connection, which also tells how many rounds make about `duration` seconds. The measured run is at
 * least two rounds (one when a round would take over 30 s: one request alone x connections), so a slow case
 * takes longer than `duration` rather than being cut off mid-round.
 */
async function warmAndMeasure(name: string, t: Target, o: Options, probe: Probe): Promise<Measure> {
  const solo: number[] = [];
  for (let i = 0; i < o.warmup; i++) {
    const started = performance.now();
    const failed = await once(t).catch((e: unknown) => `failed: ${e instanceof Error ? e.message : String(e)}`);
    if (failed) {
      log(`  ${name}: NOT MEASURED, the request ${failed}`);
      return {
        rps: 0,
        seconds: 0,
        p50: 0,
        p99: 0,
        requests: 0,
        expected: t.expected,
        statuses: {},
        unexpected: 1,
        errors: 0,
        bytesPerAnswer: 0,
        loadAvg: Number(os.loadavg()[0].toFixed(2)),
        note: `not measured: a warm-up request ${failed}`,
        soloMs: 0,
        drainMs: await drain(probe),
      };
    }
    if (i > 0 || o.warmup === 1) solo.push(performance.now() - started);
  }
  const soloMs = Math.round(median(solo));
  const roundMs = soloMs * o.connections;
  // a request may wait for a whole round of the others, and then some
  const timeoutS = Math.max(30, Math.ceil((3 * roundMs) / 1000));
  let rate = 1000 / Math.max(soloMs, 1);
  if (roundMs <= 60_000) {
    const round = await measure(t, o.connections, 1, timeoutS);
    if (round.requests) rate = round.rps;
  }
  const minRounds = roundMs <= 30_000 ? 2 : 1;
  const roundsFor = (perSecond: number) => Math.max(minRounds, Math.round((perSecond * o.duration) / o.connections));
  let run = await measure(t, o.connections, roundsFor(rate), timeoutS);
  // one round on cold connections underestimates a fast case: a run well short of `duration` is redone at its rate
  if (run.seconds < 0.6 * o.duration && run.requests && !run.errors)
    run = await measure(t, o.connections, roundsFor(run.rps), timeoutS);
  const m: Measure = { ...run, soloMs, drainMs: await drain(probe) };
  const bad = m.unexpected || m.errors ? `  (${m.unexpected} unexpected answers, ${m.errors} errors)` : "";
  log(
    `  ${name}: ${m.rps.toFixed(1)} req/s over ${m.seconds.toFixed(1)} s, p50 ${m.p50} ms, p99 ${m.p99} ms; ` +
      `alone ${m.soloMs} ms; load ${m.loadAvg}${bad}${m.note ? `  [${m.note}]` : ""}`,
  );
  return m;
}

// ---------------------------------------------------------------------------------------------- floor

interface Floor {
  url: string;
  probe: Probe;
  stop: () => Promise<void>;
}

/** A Worker that answers "ok", served by wrangler dev like the build (no bundling, the app's compatibility). */
async function startFloor(outDir: string): Promise<Floor> {
  // the state lives beside the Worker's directory, not in it: wrangler reloads on changes next to `main`
  const dir = mkdtempSync(path.join(os.tmpdir(), "coinwork-bench-floor-"));
  const worker = path.join(dir, "worker");
  mkdirSync(worker);
  const built = JSON.parse(readFileSync(BUILT_WRANGLER_CONFIG, "utf8")) as {
    compatibility_date: string;
    compatibility_flags?: string[];
  };
  writeFileSync(path.join(worker, "index.js"), 'export default { fetch: () => new Response("ok") };\n');
  writeFileSync(
    path.join(worker, "wrangler.json"),
    JSON.stringify({
      name: "bench-floor",
      main: "index.js",
      compatibility_date: built.compatibility_date,
      compatibility_flags: built.compatibility_flags ?? [],
      no_bundle: true,
      rules: [{ type: "ESModule", globs: ["**/*.js"] }],
    }),
  );
  const removeDir = onExit(() => rmSync(dir, { recursive: true, force: true }));
  let stopServer = async () => {};
  const server = await serveBuild({
    persistDir: path.join(dir, "state"),
    config: path.join(worker, "wrangler.json"),
    logFile: path.join(outDir, "server-floor.log"),
    onSpawn: (stop) => (stopServer = onExit(stop)),
  }).catch(async (e: unknown) => {
    await removeDir();
    throw e;
  });
  const url = `${server.baseURL}/`;
  const stop = async () => {
    await stopServer();
    await removeDir();
  };
  const probe = await idleProbe(url).catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  return { url, probe, stop };
}

/** The floor loaded like a case, right before the case, so that both see the machine as it is at that moment. */
const measureFloor = (floor: Floor, o: Options) =>
  warmAndMeasure("floor", { url: floor.url, method: "GET", headers: {}, expected: 200 }, o, floor.probe);

// ---------------------------------------------------------------------------------------------- one size

/**
 * (task, fresh worker) pairs for POST /submission, each usable once: the open tasks with a slot for every fresh
 * worker (completion date after tomorrow, so the run may cross midnight), newest first.
 */
function submissionTickets(dbFile: string, writers: number): { task: string; writer: number }[] {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const rows = db
    .prepare(
      "SELECT id FROM tasks WHERE deleted_at IS NULL AND required_workers >= ? AND completion_date > ? ORDER BY created_at DESC",
    )
    .all(writers, tomorrow) as { id: string }[];
  db.close();
  return rows.flatMap((r) => Array.from({ length: writers }, (_, writer) => ({ task: r.id, writer })));
}

async function signInAll(base: string, emails: string[], password: string, first: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < emails.length; i += 4)
    tokens.push(...(await Promise.all(emails.slice(i, i + 4).map((e, j) => signIn(base, e, password, first + i + j)))));
  return tokens;
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function runSize(
  size: Size,
  tasks: number,
  o: Options,
  outDir: string,
  floor: Floor,
  bareBase: string | undefined,
): Promise<SizeResult> {
  const SIZE = size.toUpperCase();
  const writers = o.connections;
  const persistDir = mkdtempSync(path.join(os.tmpdir(), `coinwork-bench-api-${size}-`));
  const removeDir = onExit(() => rmSync(persistDir, { recursive: true, force: true }));
  try {
    applyMigrations({ persistTo: persistDir }, { quiet: true });
    const dbFile = localD1File(persistDir);
    const gen = await generateMarketplace(dbFile, { tasks, writers });
    const c = gen.counts;
    log(
      `${SIZE}: generated in ${(gen.ms / 1000).toFixed(1)} s: ${c.users.toLocaleString("en-US")} users, ` +
        `${c.tasks.toLocaleString("en-US")} tasks (${gen.openTasks.toLocaleString("en-US")} open), ` +
        `${c.submissions.toLocaleString("en-US")} submissions, ${c.coin_ledger.toLocaleString("en-US")} ledger rows, ` +
        `${c.notifications.toLocaleString("en-US")} notifications, ${c.orders.toLocaleString("en-US")} orders, ` +
        `${c.withdrawals.toLocaleString("en-US")} withdrawals`,
    );
    const ledger = checkLedger({ persistTo: persistDir });
    printLedgerReport(ledger, `the ${SIZE} database (npm run ledger:check -- --persist-to ${persistDir})`);
    if (!ledger.holds) throw new Error(`the ${SIZE} database breaks the ledger identity`);
    const result: SizeResult = {
      tasks,
      counts: c,
      openTasks: gen.openTasks,
      generationMs: gen.ms,
      ledger: { holds: ledger.holds },
      cases: {},
      floor: {},
    };
    const tickets = o.cases.some((k) => k.write === "submission") ? submissionTickets(dbFile, writers) : [];
    const keySecret = crypto.randomUUID();
    let requester: BenchRequester | undefined;
    if (o.cases.some((k) => k.mturk)) {
      const t = performance.now();
      requester = await playRequester(dbFile, {
        assignments: HIT_ASSIGNMENTS,
        keySecret,
        password: WRITER_PASSWORD,
        now: Date.now(),
      });
      log(
        `${SIZE}: a requester's HIT with ${HIT_ASSIGNMENTS} assignments in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
      const again = checkLedger({ persistTo: persistDir });
      if (!again.holds) throw new Error(`the ${SIZE} database breaks the ledger identity after the requester's HIT`);
    }

    let stopServer = async () => {};
    const served = await serveBuild({
      persistDir,
      logFile: path.join(outDir, `server-${size}.log`),
      timeoutMs: 180_000,
      vars: { MTURK_KEY_SECRET: keySecret },
      onSpawn: (stop) => (stopServer = onExit(stop)),
    });
    try {
      const base = served.baseURL;
      const [admin, buyer, worker] = await signInAll(
        base,
        DEMO_ACCOUNTS.map((a) => a.email),
        DEMO_PASSWORD,
        0,
      );
      const tokens: Record<Account, string> = { admin, buyer, worker };
      const writes = o.cases.some((k) => k.write);
      const writerTokens = {
        worker: writes
          ? await signInAll(
              base,
              Array.from({ length: writers }, (_, i) => writerEmail("worker", i)),
              WRITER_PASSWORD,
              10,
            )
          : [],
        buyer: writes
          ? await signInAll(
              base,
              Array.from({ length: writers }, (_, i) => writerEmail("buyer", i)),
              WRITER_PASSWORD,
              10 + writers,
            )
          : [],
      };
      log(
        `${SIZE}: serving on ${base}, signed in; ${o.cases.length} cases, ${o.duration} s each at ${o.connections} connections`,
      );
      // GET /workers: one indexed query, so its latency shows what D1 still has queued
      const probe = await idleProbe(`${base}/workers`);
      const facts: SizeFacts = {
        openTasks: gen.openTasks,
        newestOpenTask: gen.newestOpenTask,
        demoBuyer: gen.demoBuyer,
        workerEmail: DEMO_ACCOUNTS[2].email,
      };
      let ticket = 0;
      let taskPosts = 0;
      const targetOf = (k: Case): Target => ({
        url: (k.bare ? bareBase : base) + k.path(facts),
        method: k.write ? "POST" : "GET",
        headers: k.write
          ? { "Content-Type": "application/json" }
          : !k.as
            ? {}
            : k.kind === "page"
              ? { Cookie: `__Host-cw_session=${tokens[k.as]}` }
              : { Authorization: `Bearer ${tokens[k.as]}` },
        expected: k.write ? 201 : 200,
      });
      // Every read of the app is loaded before any is measured. The Worker's isolate compiles and optimises the code
      // that pages share (React's renderer, the router) over its first few hundred requests, which the first page
      // measured paid for alone: the Task List's first page, the first page in the list, read 0.56x of the bare page
      // where My Tasks, the last, read 0.70x-1.01x, and the two are within 5 % when loaded in turns
      // (docs/performance.md, 2026-11-29).
      for (const k of o.cases)
        if (!k.write && !k.mturk && !k.bare) await measure(targetOf(k), o.connections, WARM_ROUNDS, 60);
      for (const k of o.cases) {
        const target = targetOf(k);
        if (k.mturk && requester) {
          // signed right before its case: a signature holds for 15 minutes
          const signed = await signedMturk(base, requester, k.mturk.operation, k.mturk.input(requester.hitId));
          Object.assign(target, { url: signed.url, method: "POST", headers: signed.headers, body: signed.body });
        }
        if (k.write === "submission") {
          target.next = () => {
            const t = tickets[Math.min(ticket++, tickets.length - 1)];
            if (!t) throw new Error("no open task has a slot for every fresh worker");
            return {
              headers: { Authorization: `Bearer ${writerTokens.worker[t.writer]}` },
              body: JSON.stringify({ task_id: t.task, submission_details: "Done: https://docs.example.com/d/bench" }),
            };
          };
          target.exhausted = () =>
            ticket > tickets.length
              ? `ran out of open slots after ${tickets.length} submissions: shorten the run`
              : undefined;
        } else if (k.write === "task") {
          target.next = () => ({
            headers: { Authorization: `Bearer ${writerTokens.buyer[taskPosts++ % writers]}` },
            body: JSON.stringify({
              task_title: "Rate three headlines for a bakery landing page",
              task_detail: "Read three headlines and rank them, with one sentence on why for each.",
              required_workers: 1,
              // the least a minute's work may pay at the $6.00/hour minimum: every task states its estimate
              payable_amount: 2,
              estimate_minutes: 1,
              completion_date: inAMonth(),
              submission_info: "Your ranking and one sentence per headline.",
              category: "Survey & Feedback",
            }),
          });
        }
        const f = await measureFloor(floor, o);
        result.floor[k.name] = f;
        const m: Measure = { ...(await warmAndMeasure(k.name, target, o, probe)), floorRps: f.rps };
        result.cases[k.name] = m;
        // the bare page of the page's size, loaded again right after it: both see the machine as it is then
        const bare = signedInPage(k) ? bareCaseOf(m, result) : undefined;
        if (bare) {
          const url = bareBase + bare.path(facts);
          const again = await warmAndMeasure(bare.name, { url, method: "GET", headers: {}, expected: 200 }, o, probe);
          if (!flagged(again)) m.bareRps = again.rps;
        }
      }
      const lists = o.cases.filter((k) => CARD_LISTS.includes(k.name));
      const listBare =
        lists.length === CARD_LISTS.length ? bareCaseOf(result.cases[lists[0].name]!, result) : undefined;
      if (listBare) {
        log(`${SIZE}: the card lists in turns with ${listBare.name}, ${TURNS} rounds`);
        const turns: Record<string, number[]> = { bare: [] };
        const bareTarget: Target = { url: bareBase + listBare.path(facts), method: "GET", headers: {}, expected: 200 };
        for (let round = 0; round < TURNS; round++) {
          turns.bare.push((await warmAndMeasure(listBare.name, bareTarget, o, probe)).rps);
          for (const k of lists) (turns[k.name] ??= []).push((await warmAndMeasure(k.name, targetOf(k), o, probe)).rps);
        }
        result.inTurns = turns;
      }
    } finally {
      await stopServer();
    }
    if (o.cases.some((k) => k.write || k.mturk)) {
      const after: LedgerReport = checkLedger({ persistTo: persistDir });
      result.ledger.afterWrites = after.holds;
      log(
        `${SIZE}: ledger after the writes: ${after.holds ? "OK: the ledger agrees." : "FAILED: the ledger does not agree."}`,
      );
      if (!after.holds) printLedgerReport(after, `the ${SIZE} database after the writes`);
    }
    return result;
  } finally {
    await removeDir();
  }
}

// ---------------------------------------------------------------------------------------------- report

const fixed = (n: number, digits = 1) => n.toFixed(digits);
const flagged = (m: Measure) => m.unexpected > 0 || m.errors > 0 || m.note !== undefined;

function rpsCell(m: Measure | undefined): string {
  if (!m) return "—";
  if (!m.requests) return m.unexpected ? "ERR" : "none";
  if (!flagged(m)) return fixed(m.rps);
  return (m.unexpected + m.errors) / m.requests >= 0.01 ? "ERR" : `${fixed(m.rps)} !`;
}

function footnote(name: string, size: string, m: Measure): string {
  const codes = Object.entries(m.statuses)
    .filter(([code]) => code !== String(m.expected))
    .map(([code, n]) => `${code} x ${n}`)
    .join(", ");
  const parts = [
    m.unexpected && m.requests ? `${m.unexpected} of ${m.requests} answers were not ${m.expected} (${codes})` : "",
    m.errors ? `${m.errors} socket errors or timeouts` : "",
    m.note ?? "",
    m.soloMs ? `one request alone took ${m.soloMs} ms` : "",
  ].filter(Boolean);
  return `${name}, ${size}: ${parts.join("; ")}`;
}

/** A page read as a signed-in account (the pages compared with the bare page of their size). */
const signedInPage = (k: Case) => k.kind === "page" && !!k.as && !k.bare && !k.write;

/**
 * The bare page case of a page's size, among those this run measured: the smallest at least as large, else the
 * largest.
 */
function bareCaseOf(m: Measure, z: SizeResult): Case | undefined {
  const bares = CASES.filter((c) => c.bare && z.cases[c.name]?.requests && !flagged(z.cases[c.name]!)).sort(
    (a, b) => z.cases[a.name]!.bytesPerAnswer - z.cases[b.name]!.bytesPerAnswer,
  );
  return bares.find((c) => z.cases[c.name]!.bytesPerAnswer >= m.bytesPerAnswer) ?? bares.at(-1);
}

/**
 * A signed-in page's req/s over that of the bare page of its size, loaded right after it on the same machine and
 * database: what the app costs beyond the stack for a page of that shape.
 */
function toBare(k: Case, z: SizeResult | undefined): string {
  const m = z?.cases[k.name];
  if (!signedInPage(k) || !m?.requests || flagged(m) || !m.bareRps) return "—";
  return `${fixed(m.rps / m.bareRps, 2)}x`;
}

interface Report {
  head: string[];
  rows: string[][];
  notes: string[];
  floorLine: string;
  /** the card lists in turns, a line a size */
  turnsLines: string[];
}

function report(sizes: Partial<Record<Size, SizeResult>>, cases: Case[]): Report {
  const head = [
    "case",
    "SMALL req/s",
    "p50 ms",
    "p99 ms",
    "LARGE req/s",
    "p50 ms",
    "p99 ms",
    "LARGE/SMALL p99",
    "SMALL / floor",
    "LARGE / floor",
    "KB per answer",
    "SMALL / bare page",
    "LARGE / bare page",
  ];
  const notes: string[] = [];
  const rows = cases.map((k) => {
    const s = sizes.small?.cases[k.name];
    const l = sizes.large?.cases[k.name];
    for (const [label, m] of [
      ["SMALL", s],
      ["LARGE", l],
    ] as const)
      if (m && flagged(m)) notes.push(footnote(k.name, label, m));
    const ok = (m?: Measure) => m && m.requests > 0 && !flagged(m);
    const lat = (m: Measure | undefined, v: number | undefined) => (m && m.requests ? String(v) : "—");
    return [
      k.name,
      rpsCell(s),
      lat(s, s?.p50),
      lat(s, s?.p99),
      rpsCell(l),
      lat(l, l?.p50),
      lat(l, l?.p99),
      ok(s) && ok(l) ? `${fixed(l!.p99 / Math.max(s!.p99, 1))}x` : "—",
      ok(s) && s!.floorRps ? fixed(s!.rps / s!.floorRps, 2) : "—",
      ok(l) && l!.floorRps ? fixed(l!.rps / l!.floorRps, 2) : "—",
      k.kind === "page" && !k.write && s?.requests ? fixed(s.bytesPerAnswer / 1024) : "—",
      toBare(k, sizes.small),
      toBare(k, sizes.large),
    ];
  });
  const floors = Object.values(sizes).flatMap((z) => Object.values(z!.floor));
  const range = (xs: number[], digits = 1) =>
    `${fixed(median(xs), digits)} (${fixed(Math.min(...xs), digits)} to ${fixed(Math.max(...xs), digits)})`;
  const floorLine = floors.length
    ? `floor (a Worker answering "ok", served the same way, loaded right before each case): ` +
      `req/s ${range(floors.map((m) => m.rps))}, p50 ms ${range(
        floors.map((m) => m.p50),
        0,
      )}, ` +
      `p99 ms ${range(
        floors.map((m) => m.p99),
        0,
      )}; each ratio uses the floor of its own moment`
    : "floor: not measured";
  return { head, rows, notes, floorLine, turnsLines: turnsLines(sizes) };
}

/** CARD_LISTS in turns with their bare page: each one's req/s over the bare page's of its round, the median of the rounds. */
function turnsLines(sizes: Partial<Record<Size, SizeResult>>): string[] {
  return Object.entries(sizes).flatMap(([size, z]) => {
    const turns = z?.inTurns;
    if (!turns) return [];
    const ratios = CARD_LISTS.map((name) => {
      const each = turns[name]!.map((rps, i) => rps / Math.max(turns.bare[i]!, 0.1));
      return `${name} ${fixed(median(each), 2)}x (${each.map((x) => fixed(x, 2)).join(", ")})`;
    });
    return [`${size.toUpperCase()}, in turns with the bare page (${TURNS} rounds): ${ratios.join("; ")}`];
  });
}

function printTable(r: Report): string {
  const widths = r.head.map((h, i) => Math.max(h.length, ...r.rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(r.head), widths.map((w) => "-".repeat(w)).join("  "), ...r.rows.map(line)].join("\n");
}

function markdownTable(r: Report): string {
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [row(r.head), row(r.head.map((_, i) => (i === 0 ? "---" : "---:"))), ...r.rows.map(row)].join("\n");
}

// ---------------------------------------------------------------------------------------------- main

async function main() {
  const o = options();
  const outDir = path.join(ROOT, "test-results", "bench-api");
  mkdirSync(outDir, { recursive: true });
  const started = new Date();
  const startLoad = os.loadavg();
  if (flag("skip-build")) log("reusing build/ (--skip-build)");
  else buildReactRouter(log, "built the app");

  const sizes: Partial<Record<Size, SizeResult>> = {};
  const floor = await startFloor(outDir);
  let stopBare = async () => {};
  try {
    const bare = o.cases.some((k) => k.bare)
      ? await serveStackFloor({
          log,
          logFile: path.join(outDir, "server-bare.log"),
          onSpawn: (stop) => (stopBare = onExit(stop)),
        })
      : undefined;
    for (const { size, tasks } of o.sizes) sizes[size] = await runSize(size, tasks, o, outDir, floor, bare?.baseURL);
  } finally {
    await stopBare();
    await floor.stop();
  }

  const r = report(sizes, o.cases);
  const sizeLine = o.sizes
    .map(({ size }) => {
      const s = sizes[size]!;
      return `${size.toUpperCase()} ${s.tasks.toLocaleString("en-US")} tasks, ${s.counts.submissions.toLocaleString("en-US")} submissions, ${s.counts.coin_ledger.toLocaleString("en-US")} ledger rows, ${s.counts.notifications.toLocaleString("en-US")} notifications, ${s.counts.users.toLocaleString("en-US")} users (generated in ${fixed(s.generationMs / 1000)} s)`;
    })
    .join("; ");
  const loads = Object.values(sizes).flatMap((s) =>
    [...Object.values(s!.cases), ...Object.values(s!.floor)].map((m) => m.loadAvg),
  );
  const setup =
    `${o.connections} connections, whole rounds of one request per connection for about ${o.duration} s per case (at least two rounds), ` +
    `after ${o.warmup} requests one at a time and one round; built Worker on wrangler dev with local D1; ` +
    `${os.cpus().length} CPUs, 1-minute load average ${fixed(startLoad[0], 2)} at the start, ${fixed(Math.min(...loads), 2)} to ${fixed(Math.max(...loads), 2)} during the cases`;
  console.log(`\n${printTable(r)}\n`);
  console.log(r.floorLine);
  for (const line of r.turnsLines) console.log(line);
  console.log(sizeLine);
  console.log(setup);
  for (const n of r.notes) console.log(`  ! ${n}`);

  const json = {
    date: started.toISOString(),
    setup: { connections: o.connections, durationS: o.duration, warmupRequests: o.warmup, cpus: os.cpus().length },
    sizes,
    table: { head: r.head, rows: r.rows, notes: r.notes },
  };
  writeFileSync(path.join(ROOT, "test-results", "bench-api.json"), `${JSON.stringify(json, null, 2)}\n`);
  const md = [
    `# bench:api, ${started.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    markdownTable(r),
    "",
    r.floorLine,
    "",
    ...r.turnsLines.flatMap((line) => [line, ""]),
    sizeLine,
    "",
    setup,
    ...(r.notes.length ? ["", ...r.notes.map((n) => `- ! ${n}`)] : []),
    "",
  ].join("\n");
  writeFileSync(path.join(ROOT, "test-results", "bench-api.md"), md);
  log("wrote test-results/bench-api.json and test-results/bench-api.md");
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
