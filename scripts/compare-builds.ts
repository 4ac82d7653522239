// npm run bench:compare -- --builds <dir>[@<path>[@<as>]],<dir>[,…] [-- --path /dashboard/buyerhome] [-- --as buyer]
//                          [-- --floor /shape?rows=90,/shape?rows=1] [-- --rounds 8] [-- --requests 40] [-- --tasks 2600]
//                          [-- --concurrency 1]
//
// What a change is worth to a page's server time, measured so that the answer holds on a busy machine. Each build is
// a copy of `build/` (`npm run build && cp -r build /tmp/before`, then the change, then the same to /tmp/after).
// One marketplace is generated once (scripts/lib/bench-data.ts) and copied for each build, each build is served on
// its own copy with wrangler dev, and then rounds of `--requests` requests, one at a time, go to each build in turn
// (the order reversed every other round), so that the machine's drift falls on all of them alike. Prints each build's
// median time per request over the rounds and its ratio to the first build's, and on Linux the server's CPU per
// request (its process group's, from /proc), which moves less than wall time when other work shares the machine.
// `--floor` also serves the stack's floor (scripts/bench-floor) and loads it at each path given, among the builds.
// A build may name its own page and account (`build@/dashboard/mytasks@buyer,build@/dashboard/tasklist@worker`), so
// that two pages of one build are compared in the same rounds. `--concurrency` keeps that many requests in flight
// (as bench:api's connections do): a cost that shows only under load, such as work that waits on other requests,
// shows there and not one request at a time.
//
// profile:page says where a page's time goes, but a sampling profile can credit a function with time it did not
// take (docs/performance.md); this says what removing or changing something saves.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, inFlight, logger, median, onExit } from "./lib/bench-cli.ts";
import { generateMarketplace } from "./lib/bench-data.ts";
import { processGroupCpuMs, serveBuild, serveStackFloor, signIn, type ServedBuild } from "./lib/served-build.ts";
import { applyMigrations, localD1File } from "./lib/wrangler.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./lib/demo-accounts.ts";

const log = logger("bench:compare");

interface Contender {
  name: string;
  served: ServedBuild;
  path: string;
  headers: Record<string, string>;
  /** milliseconds per request, one figure per round */
  rounds: number[];
  /** the server's CPU milliseconds per request (its process group's), one figure per round */
  cpu: number[];
  bytes: number;
}

async function main() {
  const builds = (arg("builds") ?? "").split(",").filter(Boolean);
  const target = arg("path", "/dashboard/buyerhome")!;
  const as = arg("as", "buyer")!;
  const floorPaths = (arg("floor") ?? "").split(",").filter(Boolean);
  const rounds = Number(arg("rounds", "8"));
  const requests = Number(arg("requests", "40"));
  const tasks = Number(arg("tasks", "2600"));
  const concurrency = Number(arg("concurrency", "1"));
  const accountOf = (role: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.role.toLowerCase() === role);
    if (!account) throw new Error("--as: admin, buyer or worker");
    return account;
  };
  accountOf(as);
  if (!builds.length) throw new Error("--builds: comma-separated copies of build/ (see the top of this file)");
  for (const dir of builds.map((b) => b.split("@")[0]!))
    if (!existsSync(path.join(dir, "server", "wrangler.json"))) throw new Error(`${dir}: not a copy of build/`);

  const base = mkdtempSync(path.join(os.tmpdir(), "coinwork-compare-"));
  // clean-up steps, run in reverse when the comparison ends (on Ctrl-C too): servers, then the directory
  const stops = [onExit(() => rmSync(base, { recursive: true, force: true }))];
  const stopWhenDone = (stop: () => Promise<void>) => void stops.push(onExit(stop));
  try {
    const generated = path.join(base, "generated");
    applyMigrations({ persistTo: generated }, { quiet: true });
    await generateMarketplace(localD1File(generated), { tasks, writers: 1 });

    const contenders: Contender[] = [];
    if (floorPaths.length) {
      const floor = await serveStackFloor({ log, logFile: path.join(base, "floor.log"), onSpawn: stopWhenDone });
      for (const p of floorPaths)
        contenders.push({ name: `floor ${p}`, served: floor, path: p, headers: {}, rounds: [], cpu: [], bytes: 0 });
    }
    for (const [i, entry] of builds.entries()) {
      const [dir = "", page = target, role = as] = entry.split("@");
      const persistDir = path.join(base, `copy-${i}`);
      cpSync(generated, persistDir, { recursive: true });
      const served = await serveBuild({
        persistDir,
        config: path.join(dir, "server", "wrangler.json"),
        logFile: path.join(base, `server-${i}.log`),
        timeoutMs: 180_000,
        onSpawn: stopWhenDone,
      });
      const token = await signIn(served.baseURL, accountOf(role).email, DEMO_PASSWORD, i);
      const headers = { Cookie: `__Host-cw_session=${token}` };
      contenders.push({ name: entry, served, path: page, headers, rounds: [], cpu: [], bytes: 0 });
    }

    const get = async (c: Contender) => {
      const res = await fetch(c.served.baseURL + c.path, { headers: c.headers, redirect: "manual" });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${c.name} ${c.path}: HTTP ${res.status}`);
      c.bytes = body.byteLength;
    };
    for (const c of contenders) for (let i = 0; i < 30; i++) await get(c); // warm: compiled code, D1's page cache
    for (let r = 0; r < rounds; r++) {
      for (const c of r % 2 ? [...contenders].reverse() : contenders) {
        const started = performance.now();
        const cpuBefore = processGroupCpuMs(c.served.child);
        await inFlight(requests, concurrency, () => get(c));
        c.rounds.push((performance.now() - started) / requests);
        const cpuAfter = processGroupCpuMs(c.served.child);
        if (cpuBefore !== null && cpuAfter !== null) c.cpu.push((cpuAfter - cpuBefore) / requests);
      }
    }

    const first = median(contenders[0]!.rounds);
    const firstCpu = contenders[0]!.cpu.length ? median(contenders[0]!.cpu) : null;
    const width = Math.max(...contenders.map((c) => c.name.length));
    for (const c of contenders)
      console.log(
        `${c.name.padEnd(width)}  ${median(c.rounds).toFixed(2).padStart(6)} ms per request  ` +
          `${(median(c.rounds) / first).toFixed(2)}x  ${(c.bytes / 1024).toFixed(1).padStart(5)} KB  ` +
          (firstCpu && c.cpu.length
            ? `server CPU ${median(c.cpu).toFixed(2).padStart(6)} ms per request ${(median(c.cpu) / firstCpu).toFixed(2)}x  `
            : "") +
          `rounds: ${c.rounds.map((t) => t.toFixed(1)).join(" ")}` +
          (c.cpu.length ? `  CPU: ${c.cpu.map((t) => t.toFixed(1)).join(" ")}` : ""),
      );
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

await main();
process.exit(0);
