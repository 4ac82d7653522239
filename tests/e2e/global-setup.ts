// Global setup of the "browser" vitest project: builds the app, seeds a fresh local D1 in a temp
// directory, serves the built Worker with wrangler on a free port, and hands the URL to the tests
// (`inject("baseURL")`, `inject("persistDir")`). Teardown stops the server's whole process group.
//
// Knobs (environment):
//   E2E_SKIP_BUILD=1   reuse build/ as it is (faster while writing tests; CI always builds)
//   E2E_KEEP_DB=1      keep the temp database directory after the run (its path is printed)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT, wranglerEnv } from "../../scripts/lib/wrangler.ts";
import { seed } from "../../scripts/seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234 (no trailing slash) */
    baseURL: string;
    /** the wrangler --persist-to directory of the served database */
    persistDir: string;
  }
}

export const CHROMIUM = "/usr/bin/chromium";
const SERVER_LOG = path.join(ROOT, "test-results", "e2e-server.log");

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

function logTail(lines = 40): string {
  try {
    return readFileSync(SERVER_LOG, "utf8").trim().split("\n").slice(-lines).join("\n");
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

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}:\n${logTail()}`);
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The built app did not answer on ${url} within ${timeoutMs / 1000} s:\n${logTail()}`);
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

  const persistDir = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-"));
  await seed({ persistTo: persistDir }, { quiet: true });
  lap(`migrated and seeded ${persistDir}`);

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = openSync(SERVER_LOG, "w");
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
  const cleanup = async () => {
    const t = performance.now();
    await stop(child);
    console.log(`[e2e] stopped the server in ${Math.round(performance.now() - t)} ms`);
    if (process.env.E2E_KEEP_DB === "1") console.log(`[e2e] kept the database in ${persistDir}`);
    else rmSync(persistDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(baseURL, child, 90_000);
  } catch (e) {
    await cleanup();
    throw e;
  }
  lap(`serving the built app on ${baseURL} (log: test-results/e2e-server.log)`);

  project.provide("baseURL", baseURL);
  project.provide("persistDir", persistDir);
  return cleanup;
}
