// Global setup of the "browser" vitest project. Vitest runs every project's global setup before any test, so this
// one only finds Chromium and starts tests/e2e/serve.ts in a process of its own, which builds the app, seeds a fresh
// local D1 and serves the build once per test worker while the unit, server and component projects run. It
// provides where serve.ts writes its state (`inject("e2eState")`); the browser test files wait for that file
// (setup.ts), and browser.ts picks the current worker's server (VITEST_POOL_ID). Teardown stops every server's
// process group and deletes the database directories.
//
// Knobs (environment):
//   E2E_SKIP_BUILD=1   reuse build/ as it is (faster while writing tests; CI always builds)
//   E2E_KEEP_DB=1      keep the temp database directories after the run (their paths are printed)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT } from "../../scripts/lib/wrangler.ts";
import { findChromium } from "../../scripts/lib/chromium.ts";
import type { E2EState } from "./serve.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file tests/e2e/serve.ts writes once the servers answer (or it failed): an E2EState. */
    e2eState: string;
  }
}

export default async function setup(project: TestProject) {
  // Found (and for the npm build, unpacked) once here, before the test workers look for it at the same time.
  console.log(`[e2e] Chromium: ${(await findChromium()).description}`);

  const stateDir = mkdtempSync(path.join(tmpdir(), "coinwork-e2e-state-"));
  const stateFile = path.join(stateDir, "state.json");
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const serving = spawn(process.execPath, [path.join(ROOT, "tests", "e2e", "serve.ts"), stateFile, String(workers)], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => {
    if (serving.exitCode !== null) resolve();
    else serving.once("exit", () => resolve());
  });
  project.provide("e2eState", stateFile);

  return async () => {
    if (serving.exitCode === null) serving.kill("SIGTERM"); // interrupted while preparing: it stops its servers
    await exited;
    const state: E2EState | undefined = existsSync(stateFile)
      ? (JSON.parse(readFileSync(stateFile, "utf8")) as E2EState)
      : undefined;
    if (state && "servers" in state) {
      const t = performance.now();
      await Promise.all(state.servers.map((s) => stopProcessGroup(s.pid)));
      console.log(`[e2e] stopped ${state.servers.length} server(s) in ${Math.round(performance.now() - t)} ms`);
    }
    const dirs = state?.dirs ?? [];
    if (process.env.E2E_KEEP_DB === "1") console.log(`[e2e] kept the databases in ${dirs.join(", ")}`);
    else for (const d of dirs) rmSync(d, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
  };
}

/** SIGTERM to the process group led by `pid` (wrangler, its workerd and esbuild), SIGKILL if it outlives 5 s. */
async function stopProcessGroup(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pid, s);
    } catch {
      /* already gone */
    }
  };
  signal("SIGTERM");
  for (const until = Date.now() + 5_000; alive() && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
  signal("SIGKILL");
}
