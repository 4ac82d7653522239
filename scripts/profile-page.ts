// npm run profile:page [-- --path /dashboard/workerhome (":task" in it: an open task's id)] [-- --as worker] [-- --requests 200] [-- --tasks 2600]
//                      [-- --skip-build] [-- --floor] [-- --concurrency 1]
//
// Where a page's server time goes: builds the app, fills a fresh local D1 with the benchmark's marketplace
// (scripts/lib/bench-data.ts), serves the build with wrangler dev and its V8 inspector open, signs in as a demo
// account, and takes a CPU profile of workerd while `--requests` requests of `--path` run one after another.
// Prints the self time by function, by phase of the request and by package or app file (through the build's source
// maps: React DOM's server renderer, React Router, drizzle, …) and writes test-results/profile-page.cpuprofile (open it in Chrome DevTools, Performance panel) and
// test-results/profile-page.html (the last answer). With `--floor`, the same for the stack's floor
// (scripts/bench-floor, `--path` defaults to `/shape?rows=90`, bench:api's 60 KB bare page), to compare phase by phase.
// `--concurrency` keeps that many requests in flight, as bench:api's connections do, for what shows only under load.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, buildReactRouter, flag, inFlight, logger, onExit } from "./lib/bench-cli.ts";
import { SourceMapConsumer } from "source-map-js";
import { generateMarketplace } from "./lib/bench-data.ts";
import { freePort, serveBuild, serveStackFloor, signIn, type ServedBuild } from "./lib/served-build.ts";
import { applyMigrations, localD1File, ROOT } from "./lib/wrangler.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./lib/demo-accounts.ts";

const log = logger("profile:page");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(port: number) {
  let targets: { webSocketDebuggerUrl?: string; title?: string }[] = [];
  for (let i = 0; i < 40 && !targets.length; i++) {
    try {
      targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as typeof targets;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target?.webSocketDebuggerUrl) throw new Error(`no inspector target on port ${port}`);
  // wrangler's inspector proxy accepts a local Origin only (undici's WebSocket takes headers as a second argument)
  const ws = new WebSocket(target.webSocketDebuggerUrl, {
    headers: { Origin: "http://localhost" },
  } as unknown as string[]);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 1;
  const waiting = new Map<number, (v: unknown) => void>();
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown; error?: unknown };
    if (msg.id && waiting.has(msg.id)) {
      waiting.get(msg.id)!(msg.error ? Promise.reject(new Error(JSON.stringify(msg.error))) : msg.result);
      waiting.delete(msg.id);
    }
  };
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = next++;
      waiting.set(id, resolve as (v: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * Where a frame's code came from: the package (react-dom, drizzle-orm, …) or the app's own file, through the
 * build's source maps (the bundle's chunks mix many of them); runtime frames keep their own names.
 */
function sourceOfFrames(serverBuild: string) {
  const maps = new Map<string, SourceMapConsumer | null>();
  const consumer = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(serverBuild, url.replace(/^.*\/build\/server\//, "") + ".map");
      maps.set(url, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8"))) : null);
    }
    return maps.get(url)!;
  };
  return (frame: ProfileNode["callFrame"]): string => {
    if (!frame.url) return frame.functionName === "(garbage collector)" ? "(gc)" : "(native)";
    const map = /\.js$/.test(frame.url) ? consumer(frame.url) : null;
    const source = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
    if (!source) return frame.url.replace(/^.*\/build\/server\//, "build/server/");
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    return pkg ? pkg[1] : source.replace(/^.*?\/app\//, "app/");
  };
}

/** The phases of a request, recognised by a frame on the stack (the innermost one wins). */
const PHASES: [string, (f: ProfileNode["callFrame"]) => boolean][] = [
  ["idle", (f) => f.functionName === "(idle)"],
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["D1: sending queries, reading results", (f) => f.url.startsWith("cloudflare-internal:d1")],
  ["session check (token, user row)", (f) => f.functionName === "identify"],
  ["React: rendering the HTML", (f) => ["performWork", "flushCompletedQueues"].includes(f.functionName)],
  ["loaders and actions (app code, drizzle)", (f) => f.functionName === "callLoaderOrAction"],
];

function summarize(profile: Profile, requests: number, serverBuild: string) {
  const sourceOf = sourceOfFrames(serverBuild);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // a sample lasts until the next one (timeDeltas[i] is the gap before sample i): otherwise the wait between two
  // requests would count as the work of the first sample after it
  const lasted = (i: number) => profile.timeDeltas[i + 1] ?? 0;
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + lasted(i)));
  const fn = new Map<string, number>();
  const mod = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    total += us;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const source = sourceOf(f);
    const key = `${f.functionName || "(anonymous)"}  ${source}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    mod.set(source, (mod.get(source) ?? 0) + us);
  }
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === "(idle)");
  const idleUs = idle.reduce((s, [, us]) => s + us, 0);
  const busy = total - idleUs;
  const ms = (us: number) => (us / 1000 / requests).toFixed(2);
  console.log(
    `\nCPU per request: ${ms(busy)} ms busy, ${ms(idleUs)} ms idle (${requests} requests, ${(total / 1e6).toFixed(1)} s profiled)`,
  );
  console.log("\nself time per request, top functions:");
  for (const [k, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${ms(us).padStart(8)} ms  ${k}`);
  console.log("\nCPU per request by phase (each sample goes to the innermost phase on its stack):");
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const phases = new Map<string, number>();
  profile.samples.forEach((leaf, i) => {
    let phase = "runtime, router and response (the rest)";
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const found = PHASES.find(([, test]) => test(byId.get(id)!.callFrame));
      if (found) {
        phase = found[0];
        break;
      }
    }
    phases.set(phase, (phases.get(phase) ?? 0) + lasted(i));
  });
  for (const [k, us] of [...phases].sort((a, b) => b[1] - a[1])) console.log(`${ms(us).padStart(8)} ms  ${k}`);
  console.log("\nself time per request, by package or app file (the build's source maps):");
  for (const [k, us] of [...mod].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`${ms(us).padStart(8)} ms  ${k}`);
}

async function main() {
  const floor = flag("floor");
  let target = arg("path", floor ? "/shape?rows=90" : "/dashboard/workerhome")!;
  const as = arg("as", floor ? "anonymous" : "worker")!;
  const requests = Number(arg("requests", "200"));
  const tasks = Number(arg("tasks", "2600"));
  const concurrency = Number(arg("concurrency", "1"));
  const account = DEMO_ACCOUNTS.find((a) => a.role.toLowerCase() === as);
  if (as !== "anonymous" && (floor || !account)) throw new Error(`--as: admin, buyer, worker or anonymous`);
  if (!floor && !flag("skip-build")) buildReactRouter(log, "building the app");

  const outDir = path.join(ROOT, "test-results");
  mkdirSync(outDir, { recursive: true });
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "coinwork-profile-"));
  const removeDir = onExit(() => rmSync(persistDir, { recursive: true, force: true }));
  let stopServer = async () => {};
  try {
    const inspectorPort = await freePort();
    const serving = {
      logFile: path.join(outDir, "server-profile.log"),
      args: ["--inspector-port", String(inspectorPort)],
      onSpawn: (stop: () => Promise<void>) => (stopServer = onExit(stop)),
    };
    let served: ServedBuild & { serverBuild?: string };
    if (floor) served = await serveStackFloor({ ...serving, log });
    else {
      applyMigrations({ persistTo: persistDir }, { quiet: true });
      const generated = await generateMarketplace(localD1File(persistDir), { tasks, writers: 1 });
      target = target.replace(":task", generated.newestOpenTask);
      served = await serveBuild({ ...serving, persistDir, timeoutMs: 180_000 });
    }
    try {
      const headers: Record<string, string> = {};
      if (account) headers.Cookie = `__Host-cw_session=${await signIn(served.baseURL, account.email, DEMO_PASSWORD)}`;
      let html = "";
      const get = async () => {
        const res = await fetch(served.baseURL + target, { headers, redirect: "manual" });
        html = await res.text();
        if (res.status !== 200) throw new Error(`GET ${target}: HTTP ${res.status}`);
      };
      const run = (n: number) => inFlight(n, concurrency, get);
      await run(20); // warm: compiled code and D1's page cache
      // The same requests without the profiler first: its sampling slows the Worker down.
      let unprofiled = performance.now();
      await run(requests);
      unprofiled = (performance.now() - unprofiled) / requests;
      const cdp = await inspector(inspectorPort);
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      const started = performance.now();
      await run(requests);
      const wall = performance.now() - started;
      const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
      cdp.close();
      writeFileSync(path.join(outDir, "profile-page.cpuprofile"), JSON.stringify(profile));
      writeFileSync(path.join(outDir, "profile-page.html"), html);
      const data = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1].length, 0);
      log(
        `GET ${target} as ${as}: ${unprofiled.toFixed(1)} ms per request ${concurrency > 1 ? `with ${concurrency} in flight` : "one at a time"} ` +
          `(${(wall / requests).toFixed(1)} ms under the profiler); ` +
          `${(html.length / 1024).toFixed(1)} KB of HTML, of which ${(data / 1024).toFixed(1)} KB inline scripts (loader data)`,
      );
      summarize(profile, requests, served.serverBuild ?? path.join(ROOT, "build", "server"));
    } finally {
      await stopServer();
    }
  } finally {
    await removeDir();
  }
}

await main();
