// Debts: coins a user owes because coins had to be taken back that their balance no longer held (a card payment
// refunded or disputed after its coins were spent), or had to be paid that it did not hold (an overturned rejection). One mechanism for every such case (docs/product/coins.md,
// decision 009):
//   takeOrOwe    batch steps that take coins "up to the balance now, the rest as debt"
//   chargeOrAdvance  batch steps that charge coins another user is paid, advancing what the balance lacks as debt
//                (an overturned rejection, services/appeals.server.ts)
//   settleDebt   batch steps that pay the debt out of the balance (a purchase does it in its own batch)
//   refuseWhileOwing, spendRefusal   the words of the spending guard. The guard itself is in the database: the
//                trigger coin_ledger_no_spending_in_debt (migrations/0003) aborts any batch that charges a task,
//                raises its cost or holds a withdrawal for a user who owes coins, however the requests raced.
// users.debt_coins caches the sum of the user's debt_ledger rows, written in the same step as the row it reads
// back, exactly as users.coin caches coin_ledger (services/ledger.server.ts).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Batch } from "../db/batch.server";
import { newId } from "../db/client.server";
import { preparedRead } from "../db/prepared.server";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { debtPosting, posting } from "./ledger.server";
import { formatCoins } from "~/lib/format";

export interface Take {
  userId: string;
  /**
   * The coins to take back. It must not depend on the user's balance or debt, which these very steps change (a
   * number, or e.g. a sub-select of a row an earlier step of the batch wrote).
   */
  coins: number | SQL;
  /** the kind of both rows: the coin_ledger posting of what is taken and the debt_ledger row of what is owed */
  kind: "purchase_reversal";
  orderId?: string | null;
  reversalId?: string | null;
  note?: string | null;
  now: number;
  /** take nothing unless this holds when the batch runs (it too must not depend on the balance or the debt) */
  when?: SQL;
}

/**
 * Adds two steps to `batch`: `${label}: taken` posts −min(coins, balance) to the coin ledger, then
 * `${label}: owed` adds what the balance did not cover to the user's debt. Read either with `result.changes`
 * (1 when that part moved anything). The balance never goes below zero and nothing is lost: taken + owed = coins.
 */
export function takeOrOwe(batch: Batch, label: string, t: Take): Batch {
  const takenId = newId();
  const coins = typeof t.coins === "number" ? sql`${t.coins}` : t.coins;
  const refs = { orderId: t.orderId, reversalId: t.reversalId, note: t.note, now: t.now, when: t.when };
  return batch
    .step(
      `${label}: taken`,
      ...posting({
        id: takenId,
        userId: t.userId,
        delta: sql`-MIN((${coins}), (SELECT coin FROM users WHERE id = ${t.userId}))`,
        kind: t.kind,
        ...refs,
      }),
    )
    .step(
      `${label}: owed`,
      ...debtPosting({
        id: newId(),
        userId: t.userId,
        delta: sql`(${coins}) + COALESCE((SELECT delta FROM coin_ledger WHERE id = ${takenId}), 0)`,
        kind: t.kind,
        ...refs,
      }),
    );
}

export interface Charge {
  userId: string;
  /** the coins charged (negative: credited); a number fixed before the batch, never the balance it changes */
  coins: number;
  /** the overturned rejection the charge pays for (the UNIQUE indexes of migrations/0007 charge it once) */
  submissionId: string;
  now: number;
  when?: SQL;
}

/**
 * Adds three steps to `batch`: `${label}: advanced` credits what the balance lacks for the charge (`debt_advance`,
 * coins created against the debt), `${label}: owed` adds the same to the user's debt, then `${label}: charged` posts
 * −coins (`appeal_charge`). The balance ends at max(0, balance − coins) and the debt grows by what it lacked. The
 * charge is not spending the debt blocks: the coins are owed to someone already paid.
 */
export function chargeOrAdvance(batch: Batch, label: string, c: Charge): Batch {
  const advancedId = newId();
  return batch
    .step(
      `${label}: advanced`,
      ...posting({
        id: advancedId,
        userId: c.userId,
        delta: sql`MAX(0, ${c.coins} - (SELECT coin FROM users WHERE id = ${c.userId}))`,
        kind: "debt_advance",
        submissionId: c.submissionId,
        now: c.now,
        when: c.when,
      }),
    )
    .step(
      `${label}: owed`,
      ...debtPosting({
        id: newId(),
        userId: c.userId,
        delta: sql`COALESCE((SELECT delta FROM coin_ledger WHERE id = ${advancedId}), 0)`,
        kind: "debt_advance",
        submissionId: c.submissionId,
        now: c.now,
      }),
    )
    .step(
      `${label}: charged`,
      ...posting({
        id: newId(),
        userId: c.userId,
        delta: -c.coins,
        kind: "appeal_charge",
        submissionId: c.submissionId,
        now: c.now,
        when: c.when,
      }),
    );
}

export interface Settlement {
  userId: string;
  /** the purchase that settles */
  orderId: string;
  now: number;
  when?: SQL;
}

/**
 * Adds two steps to `batch`: `${label}: paid` posts −min(debt, balance) to the coin ledger (`debt_settlement`),
 * then `${label}: settled` lowers the debt by the same amount. Put it after the steps that credit the balance.
 */
export function settleDebt(batch: Batch, label: string, s: Settlement): Batch {
  const paidId = newId();
  return batch
    .step(
      `${label}: paid`,
      ...posting({
        id: paidId,
        userId: s.userId,
        delta: sql`-(SELECT MIN(coin, debt_coins) FROM users WHERE id = ${s.userId})`,
        kind: "debt_settlement",
        orderId: s.orderId,
        now: s.now,
        when: s.when,
      }),
    )
    .step(
      `${label}: settled`,
      ...debtPosting({
        id: newId(),
        userId: s.userId,
        delta: sql`(SELECT delta FROM coin_ledger WHERE id = ${paidId})`,
        kind: "debt_settlement",
        orderId: s.orderId,
        now: s.now,
      }),
    );
}

// read on every buyer page (its layout's banner): its SQL is built once (db/prepared.server.ts)
const debtRow = preparedRead((db) =>
  db
    .select({ debt: users.debtCoins })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare(),
);

/** The coins a user owes now (0 for no such user). */
export async function debtOf(env: Env, userId: string): Promise<number> {
  const row = await debtRow(env, { userId });
  return row[0]?.debt ?? 0;
}

/** The refusal of any spending while coins are owed (409 `coins_owed`, with the debt). */
export function coinsOwed(debt: number): AppError {
  return new AppError(
    "coins_owed",
    `You owe ${formatCoins(debt)}. Buy coins to settle the debt before spending coins.`,
    undefined,
    { owed: debt },
  );
}

/** The early check of a spend: refused while the user owes coins (the trigger is the final guard). */
export async function refuseWhileOwing(env: Env, userId: string): Promise<void> {
  const debt = await debtOf(env, userId);
  if (debt > 0) throw coinsOwed(debt);
}

/**
 * The refusal of a spending batch that a constraint aborted: the debt trigger when the user owes coins now (a
 * reversal won the race), else `otherwise` (CHECK (coin >= 0): the balance was spent meanwhile).
 */
export async function spendRefusal(env: Env, userId: string, otherwise: () => Promise<Error>): Promise<Error> {
  const debt = await debtOf(env, userId);
  return debt > 0 ? coinsOwed(debt) : otherwise();
}
