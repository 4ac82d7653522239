// Serving the built app locally, as the browser tests (tests/e2e/global-setup.ts) and the page benchmark
// (scripts/bench-pages.ts) both do: `wrangler dev` on build/server/wrangler.json and a given local D1 directory,
// on a free port, in its own process group so that stopping it also stops its workerd.
// Node built-ins only: these scripts run with Node's type stripping, not through a bundler.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildReactRouter } from "./bench-cli.ts";
import { ROOT, wranglerEnv } from "./wrangler.ts";

export const BUILT_WRANGLER_CONFIG = path.join(ROOT, "build", "server", "wrangler.json");

export function freePort(): Promise<number> {
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

/** A new Ed25519 private key as the JWK the Worker signs sessions with (a throwaway one, or .dev.vars' first). */
export async function newSessionJwk(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d });
}

/** A new P-256 private key as the JWK the Worker signs its pushes with (VAPID_JWK). */
export async function newVapidJwk(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d });
}

/** Stops a detached child and everything in its process group (wrangler, its workerd and esbuild). */
export function stopProcessGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return resolve();
    const pgid = child.pid;
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pgid, signal);
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

/**
 * The CPU time (user and system, in ms) used so far by a served build's process group (wrangler, its workerd and
 * the local D1 inside it), from Linux's /proc; null elsewhere. Unlike a request's wall time it hardly moves when
 * other work shares the machine. Counted in clock ticks (10 ms), so read it over many requests.
 */
export function processGroupCpuMs(child: ChildProcess): number | null {
  if (!child.pid) return null;
  let ticks = 0;
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        continue; // ended meanwhile
      }
      // the fields after the command's name (which may hold spaces): state is field 3, pgrp 5, utime 14, stime 15
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === child.pid) ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null; // no /proc
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

function logTail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server log)";
  }
}

export interface ServedBuild {
  child: ChildProcess;
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * Serves the build on `persistDir` and resolves once it answers: a fresh session key each time, a test Worker with
 * test-mode payments (the build's wrangler.json says production), plus `vars`.
 * Output (warnings and errors) goes to `logFile`; its tail is in the error when the server exits or never answers.
 */
export async function serveBuild(opts: {
  persistDir: string;
  /** the wrangler config to serve (default: the app's build, BUILT_WRANGLER_CONFIG) */
  config?: string;
  logFile: string;
  vars?: Record<string, string>;
  /** more `wrangler dev` arguments, e.g. `--inspector-port 9230` */
  args?: string[];
  timeoutMs?: number;
  /** called with the stop function as soon as the server process exists, before it answers (for Ctrl-C) */
  onSpawn?: (stop: () => Promise<void>) => void;
}): Promise<ServedBuild> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const vars = {
    SESSION_JWK: await newSessionJwk(),
    APP_ENV: "test",
    PAYMENTS_MODE: "test",
    // a throwaway secret that seals the requester keys (the MTurk API) of this served copy
    MTURK_KEY_SECRET: crypto.randomUUID(),
    // a throwaway key that signs its pushes
    VAPID_JWK: await newVapidJwk(),
    ...opts.vars,
  };
  const log = openSync(opts.logFile, "w");
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js"),
      "dev",
      "--config",
      opts.config ?? BUILT_WRANGLER_CONFIG,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      opts.persistDir,
      ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
      "--show-interactive-dev-session=false",
      "--live-reload=false",
      // warnings and errors only: at info level every request's log line is an HTTP call from workerd back to
      // wrangler's Node process (about 2 ms of CPU per request, paid by every page and asset the tests load)
      "--log-level",
      "warn",
      ...(opts.args ?? []),
    ],
    { cwd: ROOT, env: wranglerEnv(), stdio: ["ignore", log, log], detached: true },
  );
  child.unref();
  const served = { child, baseURL, stop: () => stopProcessGroup(child) };
  opts.onSpawn?.(served.stop);
  const until = Date.now() + (opts.timeoutMs ?? 90_000);
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`wrangler dev exited with code ${child.exitCode}:\n${logTail(opts.logFile)}`);
    try {
      const res = await fetch(`${baseURL}/`, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return served;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await served.stop();
  throw new Error(
    `The built app did not answer on ${baseURL} within ${(opts.timeoutMs ?? 90_000) / 1000} s:\n${logTail(opts.logFile)}`,
  );
}

const FLOOR_DIR = path.join(ROOT, "scripts", "bench-floor");

/**
 * The stack's floor, scripts/bench-floor (`/`: a bare React Router page; `/shape`: the shape of a signed-in page with
 * none of the app), built with the app's Vite setup into a temporary directory and served like the app on its own
 * local D1. Its `stop` also removes the directory.
 */
export async function serveStackFloor(opts: {
  log: (s: string) => void;
  logFile: string;
  /** more arguments for `wrangler dev` */
  args?: string[];
  onSpawn?: (stop: () => Promise<void>) => void;
}): Promise<ServedBuild & { serverBuild: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "coinwork-bench-floor-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    buildReactRouter(opts.log, "built the stack's floor (scripts/bench-floor)", {
      cwd: FLOOR_DIR,
      env: { BENCH_FLOOR_OUT: path.join(dir, "build") },
    });
    const served = await serveBuild({
      persistDir: path.join(dir, "state"),
      config: path.join(dir, "build", "server", "wrangler.json"),
      logFile: opts.logFile,
      args: opts.args,
      onSpawn: (stop) => opts.onSpawn?.(async () => (await stop(), removeDir())),
    });
    const serverBuild = path.join(dir, "build", "server");
    return { ...served, serverBuild, stop: async () => (await served.stop(), removeDir()) };
  } catch (e) {
    removeDir();
    throw e;
  } finally {
    // the Cloudflare plugin leaves a pointer to the build next to the project; the build itself is temporary
    rmSync(path.join(FLOOR_DIR, ".wrangler"), { recursive: true, force: true });
  }
}

/**
 * Signs in through the REST API (POST /auth/login) and returns the session token. `n` gives each sign-in its own
 * client address, as Cloudflare's edge would send, so the per-address sign-in limit stays out of a benchmark.
 */
export async function signIn(baseURL: string, email: string, password: string, n = 0): Promise<string> {
  const res = await fetch(`${baseURL}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.77.${n >> 8}.${n & 255}` },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(120_000),
  });
  if (res.status !== 200) throw new Error(`signing in as ${email}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
