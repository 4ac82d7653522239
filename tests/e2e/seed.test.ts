// The demo data: its ledger agrees, on the database the browser tests are served from
// (through the real `npm run ledger:check` script) and in the generator itself.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../app/lib/categories.ts";
import { buildSeed, categorySlug } from "../../scripts/seed-data.ts";
import { checkLedger } from "../../scripts/ledger-check.ts";
import { ROOT, db, persistDir } from "./browser";

describe("seed", () => {
  it("npm run ledger:check passes on the served database", () => {
    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, "scripts", "ledger-check.ts"), "--persist-to", persistDir()],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    expect(run.stdout + run.stderr).toContain("OK: the ledger agrees.");
    expect(run.status).toBe(0);
    const report = checkLedger({ persistTo: persistDir() });
    expect(report.holds).toBe(true);
    expect(report.countersDiffer).toEqual([]);
    expect(report.figures.created).toBeGreaterThan(5_000);
    expect(report.figures.escrowPending).toBeGreaterThan(0);
    expect(report.figures.heldForWithdrawals).toBeGreaterThan(0);
    expect(report.figures.paidOut).toBeGreaterThan(0);
    // the demo accounts move coins at once: every seeded address is verified
    const seeded = db<{ n: number; verified: number }>(
      "SELECT COUNT(*) AS n, COUNT(email_verified_at) AS verified FROM users WHERE id LIKE 'seed-user-%'",
    )[0];
    expect(seeded.n).toBe(20);
    expect(seeded.verified).toBe(20);
  });

  it("ledger:check fails loudly when a balance or a counter is tampered with", async () => {
    // A throwaway database: the served one must stay intact for the other tests.
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { seed } = await import("../../scripts/seed.ts");
    const { query } = await import("../../scripts/lib/wrangler.ts");
    const dir = mkdtempSync(path.join(tmpdir(), "coinwork-seed-test-"));
    try {
      expect(await seed({ persistTo: dir }, { quiet: true })).toBe(true);
      expect(await seed({ persistTo: dir }, { quiet: true })).toBe(false); // nothing seeded twice
      expect(query<{ n: number }>("SELECT COUNT(*) AS n FROM users", { persistTo: dir })[0].n).toBe(20);
      query("UPDATE users SET coin = coin + 7 WHERE email = 'worker@coinwork.dev'", { persistTo: dir });
      const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "ledger-check.ts"), "--persist-to", dir], {
        cwd: ROOT,
        encoding: "utf8",
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain("DOES NOT HOLD (off by -7)");
      expect(run.stdout).toContain("worker@coinwork.dev (seed-user-worker)");
      // a counter that drifted from its rows fails it too, and is named
      query("UPDATE users SET coin = coin - 7 WHERE email = 'worker@coinwork.dev'", { persistTo: dir });
      query("UPDATE buyer_figures SET live_tasks = live_tasks + 1 WHERE buyer_id = 'seed-user-buyer'", {
        persistTo: dir,
      });
      const drifted = spawnSync(
        process.execPath,
        [path.join(ROOT, "scripts", "ledger-check.ts"), "--persist-to", dir],
        { cwd: ROOT, encoding: "utf8" },
      );
      expect(drifted.status).toBe(1);
      expect(drifted.stdout).toContain(
        "counters kept by triggers that differ from the rows they count: Buyer Home's figures (0013)",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the generator keeps its promises on any day it runs", async () => {
    for (const offsetHours of [0, 5, 13, 23, 24 * 40 + 7]) {
      const now = Date.now() + offsetHours * 3_600_000;
      const today = new Date(now).toISOString().slice(0, 10);
      const { sql, counts, balances } = await buildSeed(now);
      expect(counts.users).toBe(20);
      expect(balances["seed-user-worker"]).toBeGreaterThanOrEqual(200);
      expect(balances["seed-user-buyer"]).toBeGreaterThanOrEqual(300);
      for (const category of CATEGORIES) {
        expect(sql).toContain(`'${category.replaceAll("'", "''")}'`);
        expect(categorySlug(category)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
      for (const status of ["'pending'", "'approved'", "'rejected'", "'cancelled'"]) expect(sql).toContain(status);
      // most open tasks are due after the day the seed runs
      const dates = [...sql.matchAll(/'(\d{4}-\d{2}-\d{2})'/g)].map((m) => m[1]);
      expect(dates.filter((d) => d >= today).length).toBeGreaterThan(dates.length / 2);
    }
    expect(categorySlug("App & Website Testing")).toBe("app-website-testing");
  });
});
