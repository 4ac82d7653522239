// Plumbing shared by the benchmarks (npm run bench:api, bench:pages, profile:page): options, timed steps, the build,
// clean-up on any exit.
// Node built-ins only: these scripts run with Node's type stripping, not through a bundler.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ROOT, wranglerEnv } from "./wrangler.ts";

/** `--name value` or `--name=value`. */
export function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : fallback;
}

export const flag = (name: string) => process.argv.includes(`--${name}`);

/** What must happen however a run ends, Ctrl-C included: servers stopped, temporary directories removed. */
const pending = new Set<() => Promise<void>>();

/**
 * Registers a clean-up step and returns it, to be called when its moment comes (then it is forgotten). On SIGINT or
 * SIGTERM every step not yet run runs, newest first (a server stops before its directory goes), and the process
 * exits with 130. The servers the benchmarks start are process groups of their own (detached), so a terminal's
 * Ctrl-C never reaches them: this is what stops them.
 */
export function onExit(fn: () => Promise<void> | void): () => Promise<void> {
  if (!trapped) trapSignals();
  const once = async () => {
    if (pending.delete(once)) await fn();
  };
  pending.add(once);
  return once;
}

let trapped = false;
function trapSignals() {
  trapped = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      console.log(`${signal}: stopping the servers`);
      void [...pending]
        .reverse()
        .reduce((done, step) => done.then(step).catch(() => undefined), Promise.resolve())
        .finally(() => process.exit(130));
    });
}

/** A file under node_modules. */
export const bin = (...p: string[]) => path.join(ROOT, "node_modules", ...p);

export const logger =
  (tag: string) =>
  (s: string): void =>
    console.log(`[${tag}] ${s}`);

/** Runs a command to completion, logs how long it took, returns its stdout; throws with its output's tail. */
export function runStep(
  log: (s: string) => void,
  what: string,
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): string {
  const t = performance.now();
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...wranglerEnv(), ...opts.env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ""}\n${r.stderr ?? ""}`.trim().split("\n").slice(-30).join("\n");
    throw new Error(`${what} failed (exit ${r.status}):\n${tail}`);
  }
  log(`${what} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  return r.stdout;
}

/** `react-router build` for production, of the app (default) or of another project directory. */
export function buildReactRouter(
  log: (s: string) => void,
  what: string,
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  runStep(log, what, process.execPath, [bin("@react-router", "dev", "bin.cjs"), "build"], {
    cwd: opts.cwd,
    env: { NODE_ENV: "production", ...opts.env },
  });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs `send` `n` times with `concurrency` calls in flight (as bench:api's connections keep theirs), one after another on each. */
export async function inFlight(n: number, concurrency: number, send: () => Promise<unknown>): Promise<void> {
  let sent = 0;
  const inTurn = async () => {
    while (sent < n) {
      sent++;
      await send();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, inTurn));
}
