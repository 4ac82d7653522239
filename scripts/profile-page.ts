// npm run profile:page [-- --path /dashboard/workerhome] [-- --as worker] [-- --requests 200] [-- --tasks 2600]
//                      [-- --skip-build]
//
// Where a page's server time goes: builds the app, fills a fresh local D1 with the benchmark's marketplace
// (scripts/lib/bench-data.ts), serves the build with wrangler dev and its V8 inspector open, signs in as a demo
// account, and takes a CPU profile of workerd while `--requests` requests of `--path` run one after another.
// Prints the self time by function and by module (app code, React DOM's server renderer, React Router,
// drizzle, …) and writes test-results/profile-page.cpuprofile (open it in Chrome DevTools, Performance panel).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, buildReactRouter, flag, logger } from "./lib/bench-cli.ts";
import { generateMarketplace } from "./lib/bench-data.ts";
import { freePort, serveBuild } from "./lib/served-build.ts";
import { applyMigrations, ROOT } from "./lib/wrangler.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed-data.ts";

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

/** Which part of the bundle a frame belongs to, from its function name and the bundle's module comments. */
function moduleOf(frame: ProfileNode["callFrame"]): string {
  if (!frame.url) return frame.functionName === "(garbage collector)" ? "(gc)" : "(native)";
  return frame.url.replace(/^.*\/build\/server\//, "build/server/").replace(/^file:\/\//, "");
}

function summarize(profile: Profile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const fn = new Map<string, number>();
  const mod = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const f = byId.get(id)!.callFrame;
    total += us;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const key = `${f.functionName || "(anonymous)"}  ${moduleOf(f)}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    mod.set(moduleOf(f), (mod.get(moduleOf(f)) ?? 0) + us);
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
  console.log("\nself time per request, by script:");
  for (const [k, us] of [...mod].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`${ms(us).padStart(8)} ms  ${k}`);
}

async function main() {
  const target = arg("path", "/dashboard/workerhome")!;
  const as = arg("as", "worker")!;
  const requests = Number(arg("requests", "200"));
  const tasks = Number(arg("tasks", "2600"));
  const account = DEMO_ACCOUNTS.find((a) => a.role.toLowerCase() === as);
  if (as !== "anonymous" && !account) throw new Error(`--as: admin, buyer, worker or anonymous`);
  if (!flag("skip-build")) buildReactRouter(log, "building the app");

  const outDir = path.join(ROOT, "test-results");
  mkdirSync(outDir, { recursive: true });
  const persistDir = mkdtempSync(path.join(os.tmpdir(), "coinwork-profile-"));
  try {
    applyMigrations({ persistTo: persistDir }, { quiet: true });
    const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
    const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")!;
    await generateMarketplace(path.join(dir, file), { tasks, writers: 1 });
    const inspectorPort = await freePort();
    const served = await serveBuild({
      persistDir,
      logFile: path.join(outDir, "server-profile.log"),
      args: ["--inspector-port", String(inspectorPort)],
      timeoutMs: 180_000,
    });
    try {
      const headers: Record<string, string> = {};
      if (account) {
        const res = await fetch(`${served.baseURL}/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
        });
        if (res.status !== 200) throw new Error(`signing in as ${account.email}: HTTP ${res.status}`);
        headers.Cookie = `__Host-cw_session=${((await res.json()) as { token: string }).token}`;
      }
      const get = async () => {
        const res = await fetch(served.baseURL + target, { headers, redirect: "manual" });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${target}: HTTP ${res.status}`);
      };
      for (let i = 0; i < 20; i++) await get(); // warm: compiled code and D1's page cache
      const cdp = await inspector(inspectorPort);
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      const started = performance.now();
      for (let i = 0; i < requests; i++) await get();
      const wall = performance.now() - started;
      const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
      cdp.close();
      writeFileSync(path.join(outDir, "profile-page.cpuprofile"), JSON.stringify(profile));
      log(`GET ${target} as ${as}: ${(wall / requests).toFixed(1)} ms per request, one at a time`);
      summarize(profile, requests);
    } finally {
      await served.stop();
    }
  } finally {
    rmSync(persistDir, { recursive: true, force: true });
  }
}

await main();
