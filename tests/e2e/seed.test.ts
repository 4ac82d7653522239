// The demo data: its ledger agrees, on the database the browser tests are served from (through the real
// `npm run ledger:check` script); `npm run db:seed` seeds once, and the check fails loudly on a tampered copy.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkLedger } from "../../scripts/ledger-check.ts";
import { query, wrangler } from "../../scripts/lib/wrangler.ts";
import { ROOT, db, persistDir, throwawayDatabase } from "./browser";

const DAY = 86_400_000;
/** Every person of the seed joined months ago; the tests' own accounts are made today. */
const SEEDED = `created_at < ${Date.now() - 100 * DAY}`;
/** A demo account's id, as a subquery. */
const demo = (email: string) => `(SELECT id FROM users WHERE email = '${email}')`;

const run = (script: string, dir: string) =>
  spawnSync(process.execPath, [path.join(ROOT, "scripts", script), "--persist-to", dir], {
    cwd: ROOT,
    encoding: "utf8",
  });

// The served database must stay intact for the other tests: the seed runs on throwaway ones (`throwawayDatabase`:
// copies of a migrated one serve.ts keeps). The history at other hours of the day is seed-history.test.ts.
describe("seed", () => {
  it("npm run ledger:check passes on the served database", () => {
    const check = run("ledger-check.ts", persistDir());
    expect(check.stdout + check.stderr).toContain("OK: the ledger agrees.");
    expect(check.status).toBe(0);
    const report = checkLedger({ persistTo: persistDir() });
    expect(report.holds).toBe(true);
    expect(report.countersDiffer).toEqual([]);
    expect(report.figures.created).toBeGreaterThan(5_000);
    expect(report.figures.escrowPending).toBeGreaterThan(0);
    expect(report.figures.heldForWithdrawals).toBeGreaterThan(0);
    expect(report.figures.paidOut).toBeGreaterThan(0);
    // the demo accounts move coins at once: every seeded address is verified
    const seeded = db<{ n: number; verified: number }>(
      `SELECT COUNT(*) AS n, COUNT(email_verified_at) AS verified FROM users WHERE ${SEEDED}`,
    )[0];
    expect(seeded.n).toBe(20);
    expect(seeded.verified).toBe(20);
  });

  it("npm run db:seed seeds once, and ledger:check fails loudly when a balance or a counter is tampered with", () => {
    const dir = throwawayDatabase();
    const first = run("seed.ts", dir);
    expect(first.stdout).toContain("Seeded the local D1 database");
    expect(first.status).toBe(0);
    const second = run("seed.ts", dir);
    expect(second.stdout).toContain("Demo data already present");
    expect(second.status).toBe(0);
    expect(query<{ n: number }>("SELECT COUNT(*) AS n FROM users", { persistTo: dir })[0].n).toBe(20);
    // the flags its buyers' review queues show (issue 42's closing figure): honest workers' proofs, none copied
    const [flags] = query<{ queued: number; copiedImage: number; copiedText: number; wrongAnswer: number }>(
      `SELECT COUNT(*) AS queued,
         COUNT(CASE WHEN EXISTS (SELECT 1 FROM proof_images p WHERE p.submission_id = s.id AND p.copy_of IS NOT NULL)
           THEN 1 END) AS copiedImage,
         COUNT(CASE WHEN EXISTS (SELECT 1 FROM proof_texts p WHERE p.submission_id = s.id AND p.copy_of IS NOT NULL)
           THEN 1 END) AS copiedText,
         COUNT(CASE WHEN EXISTS (SELECT 1 FROM submission_check_answers a WHERE a.submission_id = s.id AND a.correct = 0)
           THEN 1 END) AS wrongAnswer
       FROM submissions s WHERE s.status = 'pending'`,
      { persistTo: dir },
    );
    console.log(
      `the seed's review queues: ${flags!.queued} pending submissions, flags: ${flags!.copiedImage} copied image, ${flags!.copiedText} copied text, ${flags!.wrongAnswer} wrong check answer`,
    );
    expect(flags!.queued).toBeGreaterThan(0);
    expect(flags!.copiedImage + flags!.copiedText + flags!.wrongAnswer).toBe(0);
    // migrated in one execute (decision 067), recorded as wrangler's own command records and reads it
    const recorded = query<{ name: string }>("SELECT name FROM d1_migrations ORDER BY id", { persistTo: dir });
    expect(recorded.map((r) => r.name)).toEqual(
      readdirSync(path.join(ROOT, "migrations"))
        .filter((f) => f.endsWith(".sql"))
        .sort(),
    );
    const listed = wrangler(["d1", "migrations", "list", "DB", "--local", "--persist-to", dir], { quiet: true });
    expect(listed.stdout).toContain("No migrations to apply");

    const change = (sql: string) => query(sql, { persistTo: dir });
    change("UPDATE users SET coin = coin + 7 WHERE email = 'worker@coinwork.dev'");
    const tampered = run("ledger-check.ts", dir);
    expect(tampered.status).toBe(1);
    expect(tampered.stdout).toContain("DOES NOT HOLD (off by -7)");
    expect(tampered.stdout).toMatch(/worker@coinwork\.dev \([0-9a-f-]{36}\): coin \d+, ledger says \d+/);
    // a counter that drifted from its rows fails it too, and is named
    change("UPDATE users SET coin = coin - 7 WHERE email = 'worker@coinwork.dev'");
    change(`UPDATE buyer_figures SET live_tasks = live_tasks + 1 WHERE buyer_id = ${demo("buyer@coinwork.dev")}`);
    const drifted = run("ledger-check.ts", dir);
    expect(drifted.status).toBe(1);
    expect(drifted.stdout).toContain(
      "counters kept by triggers that differ from the rows they count: Buyer Home's figures (0013)",
    );
    // a buyer's reputation (its all-time counters and its days) is checked the same way
    change(`UPDATE buyer_figures SET live_tasks = live_tasks - 1 WHERE buyer_id = ${demo("buyer@coinwork.dev")}`);
    change(
      `UPDATE buyer_reputations SET appeals_lost = appeals_lost + 1 WHERE buyer_id = ${demo("buyer@coinwork.dev")}`,
    );
    change(
      "UPDATE buyer_review_days SET approved = approved + 1 WHERE (buyer_id, day) = (SELECT buyer_id, day FROM buyer_review_days ORDER BY buyer_id, day LIMIT 1)",
    );
    const reputation = run("ledger-check.ts", dir);
    expect(reputation.status).toBe(1);
    expect(reputation.stdout).toContain(
      "counters kept by triggers that differ from the rows they count: buyers' reputations (0033, 0066); buyers' decisions per day (0033)",
    );
  });
});
