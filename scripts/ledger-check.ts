// npm run ledger:check [-- --remote | --persist-to <dir>]
//
// Runs the conservation identity of the coin ledger (app/server/db/conservation-sql.ts, the same SQL
// the Worker runs) against a D1 database, prints every figure, lists users whose cached balance or debt
// differs from their ledger, checks that the running totals the admin pages read (migrations/0006) equal the full
// sums and that every counter kept by triggers (app/server/db/counter-sql.ts) equals the rows it counts, and exits
// 1 when anything does not hold.
import { pathToFileURL } from "node:url";
import {
  CONSERVATION_SQL,
  MISMATCHED_USERS_SQL,
  accountedFor,
  figuresOf,
  figuresOfTotals,
  identityHolds,
  RUNNING_TOTALS_SQL,
  type ConservationFigures,
  type MismatchedUser,
} from "../app/server/db/conservation-sql.ts";
import { COUNTER_TABLES, differingTotalCounts, TOTAL_COUNTS_SQL } from "../app/server/db/counter-sql.ts";
import { describeTarget, parseTarget, query, type D1Target } from "./lib/wrangler.ts";

export interface LedgerReport {
  figures: ConservationFigures;
  mismatches: MismatchedUser[];
  /** the running totals (what a page view reads) differ from the full sums in these figures */
  runningDiffers: string[];
  /** the counters kept by triggers (running counts, counter tables) that differ from the rows they count */
  countersDiffer: string[];
  holds: boolean;
}

export function checkLedger(target: D1Target): LedgerReport {
  const figures = figuresOf(query<Record<string, unknown>>(CONSERVATION_SQL, target)[0]);
  const mismatches =
    figures.mismatchedUsers + figures.mismatchedDebts > 0 ? query<MismatchedUser>(MISMATCHED_USERS_SQL, target) : [];
  const totals = query<{ name: string; value: unknown }>(RUNNING_TOTALS_SQL, target);
  const running = figuresOfTotals(totals);
  const runningDiffers = (Object.keys(running) as (keyof ConservationFigures)[]).filter(
    (k) => k !== "mismatchedUsers" && k !== "mismatchedDebts" && running[k] !== figures[k],
  );
  // both sides of a counter table come through the same driver, so equal rows serialize alike
  const same = (a: string, b: string) => JSON.stringify(query(a, target)) === JSON.stringify(query(b, target));
  const countersDiffer = [
    ...differingTotalCounts(totals, query<Record<string, unknown>>(TOTAL_COUNTS_SQL, target)[0]),
    ...COUNTER_TABLES.filter((t) => !same(t.kept, t.summed)).map((t) => t.name),
  ];
  return {
    figures,
    mismatches,
    runningDiffers,
    countersDiffer,
    holds: identityHolds(figures) && runningDiffers.length === 0 && countersDiffer.length === 0,
  };
}

export function printLedgerReport(r: LedgerReport, where: string): void {
  const f = r.figures;
  const n = (x: number) => x.toLocaleString("en-US").padStart(12);
  const right = accountedFor(f);
  console.log(
    [
      `Coin ledger of ${where}`,
      ``,
      `    sign-up bonuses                                        ${n(f.signupBonuses)}`,
      `  + purchases                                              ${n(f.purchases)}`,
      `  + admin adjustments                                      ${n(f.adjustments)}`,
      `  + advanced against debts (overturned rejections)         ${n(f.advances)}`,
      `  − reversed payments (refunds, disputes)                  ${n(f.reversals)}`,
      `  − debts settled by purchases                             ${n(f.settlements)}`,
      `                                                           ------------`,
      `  created                                                  ${n(f.created)}`,
      `  = balances of all users                                  ${n(f.balances)}`,
      `  + escrow for open task slots                             ${n(f.escrowOpenSlots)}`,
      `  + escrow for slots workers started (held)                 ${n(f.escrowHeld)}`,
      `  + escrow for pending submissions                         ${n(f.escrowPending)}`,
      `  + held for pending withdrawals                           ${n(f.heldForWithdrawals)}`,
      `  + paid out (approved withdrawals)                        ${n(f.paidOut)}`,
      `                                                           ------------`,
      `                                                           ${n(right)}   ${f.created === right ? "holds" : `DOES NOT HOLD (off by ${f.created - right})`}`,
      ``,
      `  owed by users (reversed payments, advances; not coins until settled): ${f.owed.toLocaleString("en-US")}`,
      `  bonuses charged to buyers less paid to workers (0 when each bonus paid what it charged): ${f.bonusNet}`,
      `  users whose balance differs from their ledger: ${f.mismatchedUsers}`,
      `  users whose debt differs from their debt ledger: ${f.mismatchedDebts}`,
      ...r.mismatches.map(
        (m) =>
          `    ${m.email} (${m.id}): coin ${m.coin}, ledger says ${m.ledger}; debt ${m.debt}, debt ledger says ${m.debtLedger}`,
      ),
      r.runningDiffers.length
        ? `  running totals that differ from the full sums: ${r.runningDiffers.join(", ")}`
        : `  running totals (what the admin pages read) equal the full sums`,
      r.countersDiffer.length
        ? `  counters kept by triggers that differ from the rows they count: ${r.countersDiffer.join("; ")}`
        : `  counters kept by triggers (${COUNTER_TABLES.length} tables and the running counts) equal the rows they count`,
      ``,
      r.holds ? "OK: the ledger agrees." : "FAILED: the ledger does not agree.",
    ].join("\n"),
  );
}

function main() {
  const { target, rest } = parseTarget(process.argv.slice(2));
  if (rest.length) throw new Error(`Unknown arguments: ${rest.join(" ")} (use --remote or --persist-to <dir>)`);
  const report = checkLedger(target);
  printLedgerReport(report, describeTarget(target));
  process.exit(report.holds ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    main();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  }
}
