// npm run db:seed [-- --persist-to <dir>] [-- --print]
//
// Applies the migrations to the local D1 database, then writes the demo data (scripts/seed-data.ts)
// unless it is already there: a second run seeds nothing twice. `--print` writes the SQL to stdout
// and touches no database.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildSeed, DEMO_ACCOUNTS, DEMO_PASSWORD, SEEDED_CHECK_SQL } from "./seed-data.ts";
import { applyMigrations, describeTarget, executeFile, parseTarget, query, type D1Target } from "./lib/wrangler.ts";

export function isSeeded(target: D1Target): boolean {
  return query(SEEDED_CHECK_SQL, target).length > 0;
}

/** Migrates, then seeds when the demo accounts are missing. Returns whether it seeded. */
export async function seed(target: D1Target, opts: { quiet?: boolean; migrate?: boolean } = {}): Promise<boolean> {
  const log = (s: string) => {
    if (!opts.quiet) console.log(s);
  };
  if (opts.migrate !== false) applyMigrations(target, { quiet: true });
  if (isSeeded(target)) {
    log(`Demo data already present in ${describeTarget(target)}: nothing seeded.`);
    return false;
  }
  const started = performance.now();
  const result = await buildSeed();
  const dir = mkdtempSync(path.join(tmpdir(), "coinwork-seed-"));
  const file = path.join(dir, "seed.sql");
  try {
    writeFileSync(file, result.sql);
    executeFile(file, target);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const c = result.counts;
  log(
    `Seeded ${describeTarget(target)} in ${Math.round(performance.now() - started)} ms: ${c.users} users, ${c.tasks} tasks, ` +
      `${c.submissions} submissions, ${c.withdrawals} withdrawals, ${c.orders} orders, ${c.coin_ledger} ledger rows, ` +
      `${c.notifications} notifications (${result.created} coins created).`,
  );
  return true;
}

export function printDemoAccounts(): void {
  const rows = DEMO_ACCOUNTS.map((a) => [a.role, a.email, DEMO_PASSWORD]);
  const widths = [6, Math.max(...rows.map((r) => r[1].length)), DEMO_PASSWORD.length];
  const line = (cells: string[]) => `  │ ${cells.map((c, i) => c.padEnd(widths[i])).join(" │ ")} │`;
  const rule = (l: string, m: string, r: string) => `  ${l}${widths.map((w) => "─".repeat(w + 2)).join(m)}${r}`;
  console.log(
    [
      "",
      "  Demo accounts (password for all: " + DEMO_PASSWORD + ")",
      rule("┌", "┬", "┐"),
      line(["Role", "Email", "Password"]),
      rule("├", "┼", "┤"),
      ...rows.map(line),
      rule("└", "┴", "┘"),
      "",
    ].join("\n"),
  );
}

async function main() {
  const { target, rest } = parseTarget(process.argv.slice(2));
  if (rest.includes("--print")) {
    process.stdout.write((await buildSeed()).sql);
    return;
  }
  if (target.remote) {
    throw new Error(
      "Refusing to seed the remote database with demo accounts (known passwords). Seed local databases only.",
    );
  }
  if (rest.length) throw new Error(`Unknown arguments: ${rest.join(" ")}`);
  await seed(target);
  printDemoAccounts();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
