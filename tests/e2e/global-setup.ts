// Global setup of the "browser" vitest project: builds the app, seeds a fresh local D1 in a temp
// directory, and serves the built Worker with wrangler on a free port, once per test worker: the project
// runs `maxWorkers` files at a time and each worker (VITEST_POOL_ID) gets its own server and database
// (`inject("servers")`; browser.ts picks the worker's). Teardown stops every server's process group.
//
// Knobs (environment):
//   E2E_SKIP_BUILD=1   reuse build/ as it is (faster while writing tests; CI always builds)
//   E2E_KEEP_DB=1      keep the temp database directories after the run (their paths are printed)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT, wranglerEnv } from "../../scripts/lib/wrangler.ts";
import { BUILT_WRANGLER_CONFIG, serveBuild, type ServedBuild } from "../../scripts/lib/served-build.ts";
import { findChromium } from "../../scripts/lib/chromium.ts";
import { seed } from "../../scripts/seed.ts";

export interface E2EServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseURL: string;
  /** the wrangler --persist-to directory of the served database */
  persistDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One served app per test worker: servers[VITEST_POOL_ID - 1]. */
    servers: E2EServer[];
  }
}

export default async function setup(project: TestProject) {
  const t0 = performance.now();
  const lap = (what: string) => console.log(`[e2e] ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  // Found (and for the npm build, unpacked) once here, before the test workers look for it at the same time.
  lap(`Chromium: ${(await findChromium()).description}`);

  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(BUILT_WRANGLER_CONFIG)) {
    lap("reusing build/ (E2E_SKIP_BUILD=1)");
  } else {
    const build = spawnSync(
      process.execPath,
      [path.join(ROOT, "node_modules", "@react-router", "dev", "bin.cjs"), "build"],
      {
        cwd: ROOT,
        env: { ...wranglerEnv(), NODE_ENV: "production" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (build.status !== 0)
      throw new Error(
        `npm run build failed:\n${(build.stderr || build.stdout).trim().split("\n").slice(-30).join("\n")}`,
      );
    lap("built the app");
  }
  if (!existsSync(BUILT_WRANGLER_CONFIG))
    throw new Error(`The build has no ${BUILT_WRANGLER_CONFIG}: is the Cloudflare Vite plugin configured?`);

  const seeded = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-"));
  await seed({ persistTo: seeded }, { quiet: true });
  lap(`migrated and seeded ${seeded}`);

  // Every worker serves its own copy of the seeded database, so files that run at the same time never meet.
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const dirs = [seeded];
  const started: ServedBuild[] = [];
  const cleanup = async () => {
    const t = performance.now();
    await Promise.all(started.map((s) => s.stop()));
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
    mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    for (const [i, persistDir] of dirs.entries()) {
      const logFile = path.join(ROOT, "test-results", `e2e-server-${i + 1}.log`);
      started.push(await serveBuild({ persistDir, logFile, vars: { RATE_LIMIT_OFF: "1" } }));
    }
  } catch (e) {
    await cleanup();
    throw e;
  }
  const servers = started.map((s, i) => ({ baseURL: s.baseURL, persistDir: dirs[i] }));
  lap(
    `serving the built app ${workers} time(s): ${servers.map((s) => s.baseURL).join(", ")} (logs: test-results/e2e-server-N.log)`,
  );

  project.provide("servers", servers);
  return cleanup;
}
