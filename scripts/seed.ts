// npm run db:seed [-- --persist-to <dir>]
//
// Applies the migrations to the local D1 database, then plays the demo history into it (scripts/seed-data.ts,
// through the app's services) unless it is already there: a second run seeds nothing twice. The result must pass
// the ledger check of `npm run ledger:check`, or the seed fails.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { checkLedger } from "./ledger-check.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, SEEDED_CHECK_SQL } from "./lib/demo-accounts.ts";
import {
  applyMigrations,
  describeTarget,
  localD1File,
  parseTarget,
  query,
  ROOT,
  type D1Target,
} from "./lib/wrangler.ts";

export function isSeeded(target: D1Target): boolean {
  return query(SEEDED_CHECK_SQL, target).length > 0;
}

const SUMMARY_SQL = `SELECT
  (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM tasks) AS tasks,
  (SELECT COUNT(*) FROM submissions) AS submissions, (SELECT COUNT(*) FROM withdrawals) AS withdrawals,
  (SELECT COUNT(*) FROM orders) AS orders, (SELECT COUNT(*) FROM coin_ledger) AS ledger,
  (SELECT COUNT(*) FROM notifications) AS notifications, (SELECT COUNT(*) FROM appeals) AS appeals`;

/** Migrates, then seeds when the demo accounts are missing. Returns whether it seeded. */
export async function seed(target: D1Target, opts: { quiet?: boolean; migrate?: boolean } = {}): Promise<boolean> {
  const log = (s: string) => {
    if (!opts.quiet) console.log(s);
  };
  if (target.remote) throw new Error("Only local databases are seeded (the demo accounts have known passwords).");
  if (opts.migrate !== false) applyMigrations(target, { quiet: true });
  if (isSeeded(target)) {
    log(`Demo data already present in ${describeTarget(target)}: nothing seeded.`);
    return false;
  }
  const started = performance.now();
  // the app's modules load only when there is something to seed (a second `npm run dev` skips them)
  const { playDemoHistory } = await import("./seed-data.ts");
  await playDemoHistory(localD1File(target.persistTo ?? path.join(ROOT, ".wrangler", "state")));
  const ledger = checkLedger(target);
  if (!ledger.holds) throw new Error(`The demo data breaks the ledger: run npm run ledger:check for the figures.`);
  const c = query<Record<string, number>>(SUMMARY_SQL, target)[0];
  log(
    `Seeded ${describeTarget(target)} in ${Math.round(performance.now() - started)} ms: ${c.users} users, ${c.tasks} tasks, ` +
      `${c.submissions} submissions, ${c.withdrawals} withdrawals, ${c.orders} orders, ${c.ledger} ledger rows, ` +
      `${c.notifications} notifications, ${c.appeals} appeals (${ledger.figures.created} coins created).`,
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
