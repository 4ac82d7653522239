// node tests/e2e/serve.ts <state.json> <workers>
//
// Prepares what the browser tests run against, in a process of its own so that the other test projects run
// meanwhile (global-setup.ts starts it and returns at once; the browser test files wait for <state.json>):
// builds the app while it migrates and seeds a fresh local D1 in a temp directory (keeping a copy of it migrated
// and not yet seeded, for the tests of the seed), copies that database once per test worker, and serves the build on
// each copy with `wrangler dev` (a free port each, a throwaway SESSION_JWK, RATE_LIMIT_OFF=1, PASSWORD_ROUNDS=1000;
// output in test-results/e2e-server-<n>.log). Then it writes <state.json> and exits, leaving the servers running in their own
// process groups: { servers: [{ baseURL, persistDir, pid }], migrated, dirs } on success, { error, dirs } otherwise
// (having stopped whatever it started). global-setup.ts's teardown stops them and removes `dirs`.
//
// Knob: E2E_SKIP_BUILD=1 reuses build/ as it is (faster while writing tests; CI always builds).
// Node built-ins and the project's scripts only (this file runs with Node's type stripping).
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations, ROOT, wranglerEnv } from "../../scripts/lib/wrangler.ts";
import { BUILT_WRANGLER_CONFIG, serveBuild, type ServedBuild } from "../../scripts/lib/served-build.ts";
import { seed } from "../../scripts/seed.ts";

export interface E2EServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseURL: string;
  /** the wrangler --persist-to directory of the served database */
  persistDir: string;
  /** the wrangler process, leader of its process group */
  pid: number;
}

export type E2EState =
  | {
      servers: E2EServer[];
      /** a database with every migration applied and nothing seeded, to copy (tests/e2e/seed*.test.ts) */
      migrated: string;
      dirs: string[];
    }
  | { error: string; dirs: string[] };

const [stateFile, workersArg] = process.argv.slice(2);
const workers = Math.max(1, Number(workersArg) || 1);
const t0 = performance.now();
const lap = (what: string) => console.log(`[e2e] ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
const results = path.join(ROOT, "test-results");
mkdirSync(results, { recursive: true });

/** Every temp directory made here (the teardown removes them). */
const dirs: string[] = [];
const started: ServedBuild[] = [];

function writeState(state: E2EState) {
  const partial = `${stateFile}.partial`;
  writeFileSync(partial, JSON.stringify(state));
  renameSync(partial, stateFile);
}

/** `react-router build` in a child process, so that seeding goes on meanwhile; output in test-results/e2e-build.log. */
function build(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(BUILT_WRANGLER_CONFIG)) {
    lap("reusing build/ (E2E_SKIP_BUILD=1)");
    return Promise.resolve();
  }
  const logFile = path.join(results, "e2e-build.log");
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs"), "build"], {
    cwd: ROOT,
    env: { ...wranglerEnv(), NODE_ENV: "production" },
    stdio: ["ignore", log, log],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) {
        lap("built the app");
        return resolve();
      }
      const tail = readFileSync(logFile, "utf8").trim().split("\n").slice(-30).join("\n");
      reject(new Error(`npm run build failed (exit ${code}):\n${tail}`));
    });
  });
}

async function prepare(): Promise<{ servers: E2EServer[]; migrated: string }> {
  const built = build();
  built.catch(() => undefined); // awaited below; seeding must not leave it unhandled meanwhile
  const seeded = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-"));
  dirs.push(seeded);
  applyMigrations({ persistTo: seeded }, { quiet: true });
  const migrated = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-migrated-"));
  dirs.push(migrated);
  cpSync(seeded, migrated, { recursive: true });
  await seed({ persistTo: seeded }, { quiet: true, migrate: false });
  lap(`migrated and seeded ${seeded}`);
  await built;
  if (!existsSync(BUILT_WRANGLER_CONFIG))
    throw new Error(`The build has no ${BUILT_WRANGLER_CONFIG}: is the Cloudflare Vite plugin configured?`);

  // Every worker serves its own copy of the seeded database, so files that run at the same time never meet.
  // Copies first (the seeded files must not be open while they are copied), then the servers one by one
  // (two wrangler dev starting at the same moment can trip over each other's local storage setup).
  const databases = [seeded];
  while (databases.length < workers) {
    const copy = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-"));
    dirs.push(copy);
    databases.push(copy);
    cpSync(seeded, copy, { recursive: true });
  }
  for (const [i, persistDir] of databases.entries()) {
    const logFile = path.join(results, `e2e-server-${i + 1}.log`);
    started.push(await serveBuild({ persistDir, logFile, vars: { RATE_LIMIT_OFF: "1", PASSWORD_ROUNDS: "1000" } }));
  }
  const servers = started.map((s, i) => ({ baseURL: s.baseURL, persistDir: databases[i], pid: s.child.pid! }));
  lap(
    `serving the built app ${workers} time(s): ${servers.map((s) => s.baseURL).join(", ")} (logs: test-results/e2e-server-N.log)`,
  );
  return { servers, migrated };
}

// Stopped before it is done (the run was interrupted): stop what was started; the teardown removes the dirs.
process.once("SIGTERM", () => {
  void Promise.all(started.map((s) => s.stop())).finally(() => process.exit(143));
});

try {
  writeState({ ...(await prepare()), dirs });
} catch (e) {
  await Promise.all(started.map((s) => s.stop()));
  writeState({ error: e instanceof Error ? (e.stack ?? e.message) : String(e), dirs });
  process.exitCode = 1;
}
