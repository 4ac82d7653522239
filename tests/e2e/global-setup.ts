// Global setup of the "browser" vitest project: builds the app, seeds a fresh local D1 in a temp
// directory, and serves the built Worker with wrangler on a free port, once per test worker: the project
// runs `maxWorkers` files at a time and each worker (VITEST_POOL_ID) gets its own server and database
// (`inject("servers")`; browser.ts picks the worker's). Teardown stops every server's process group.
//
// Knobs (environment):
//   E2E_SKIP_BUILD=1   reuse build/ as it is (faster while writing tests; CI always builds)
//   E2E_KEEP_DB=1      keep the temp database directory after the run (its path is printed)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT, wranglerEnv } from "../../scripts/lib/wrangler.ts";
import { seed } from "../../scripts/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** One served app per test worker: servers[VITEST_POOL_ID - 1]. */
    servers: E2EServer[];
  }
}

export interface E2EServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseURL: string;
  /** the wrangler --persist-to directory of the served database */
  persistDir: string;
}

export const CHROMIUM = "/usr/bin/chromium";
const serverLog = (n: number) => path.join(ROOT, "test-results", `e2e-server-${n}.log`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function newSessionJwk(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d });
}

function logTail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
    const pgid = child.pid;
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pgid, signal); // the whole group: wrangler, its workerd and esbuild
      } catch {
        /* already gone */
      }
    };
    const force = setTimeout(() => kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      kill("SIGKILL"); // anything the group left behind
      resolve();
    });
    kill("SIGTERM");
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}:\n${logTail(log)}`);
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The built app did not answer on ${url} within ${timeoutMs / 1000} s:\n${logTail(log)}`);
}

export default async function setup(project: TestProject) {
  const t0 = performance.now();
  const lap = (what: string) => console.log(`[e2e] ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. The browser tests drive Debian's chromium through playwright-core: ` +
        "install it with `apt-get update && apt-get install -y chromium` (`.ci/run` does this). Never `playwright install`.",
    );
  }

  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(path.join(ROOT, "build", "server", "wrangler.json"))) {
    lap("reusing build/ (E2E_SKIP_BUILD=1)");
  } else {
    const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs"), "build"], {
      cwd: ROOT,
      env: { ...wranglerEnv(), NODE_ENV: "production" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${(build.stderr || build.stdout).trim().split("\n").slice(-30).join("\n")}`);
    lap("built the app");
  }
  const config = path.join(ROOT, "build", "server", "wrangler.json");
  if (!existsSync(config)) throw new Error(`The build has no ${config}: is the Cloudflare Vite plugin configured?`);

  const seeded = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-"));
  await seed({ persistTo: seeded }, { quiet: true });
  lap(`migrated and seeded ${seeded}`);

  // Every worker serves its own copy of the seeded database, so files that run at the same time never meet.
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const dirs = [seeded];
  const started: { child: ChildProcess; server: E2EServer }[] = [];
  const cleanup = async () => {
    const t = performance.now();
    await Promise.all(started.map(({ child }) => stop(child)));
    console.log(`[e2e] stopped ${started.length} server(s) in ${Math.round(performance.now() - t)} ms`);
    if (process.env.E2E_KEEP_DB === "1") console.log(`[e2e] kept the databases in ${dirs.join(", ")}`);
    else for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    // copies first (the seeded files must not be open while they are copied), then the servers one by one
    // (two wrangler dev starting at the same moment can trip over each other's local storage setup)
    while (dirs.length < workers) {
      const copy = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-"));
      dirs.push(copy);
      cpSync(seeded, copy, { recursive: true });
    }
    for (const [i, dir] of dirs.entries()) started.push(await serve(config, dir, i + 1));
  } catch (e) {
    await cleanup();
    throw e;
  }
  const servers = started.map(({ server }) => server);
  lap(`serving the built app ${workers} time(s): ${servers.map((s) => s.baseURL).join(", ")} (logs: test-results/e2e-server-N.log)`);

  project.provide("servers", servers);
  return cleanup;
}

/** wrangler dev on the build and one database, answering on a free port; its log is test-results/e2e-server-<n>.log. */
async function serve(config: string, persistDir: string, n: number): Promise<{ child: ChildProcess; server: E2EServer }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = serverLog(n);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = openSync(logFile, "w");
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js"),
      "dev",
      "--config", config,
      "--ip", "127.0.0.1",
      "--port", String(port),
      "--persist-to", persistDir,
      "--var", `SESSION_JWK:${await newSessionJwk()}`,
      "--var", "RATE_LIMIT_OFF:1",
      "--show-interactive-dev-session=false",
      "--live-reload=false",
    ],
    { cwd: ROOT, env: wranglerEnv(), stdio: ["ignore", log, log], detached: true },
  );
  child.unref();
  try {
    await waitUntilAnswering(baseURL, child, logFile, 90_000);
  } catch (e) {
    await stop(child);
    throw e;
  }
  return { child, server: { baseURL, persistDir } };
}
