// The conservation identity of the coin ledger (docs/product/coins.md), defined once as SQL.
// Import-free on purpose: the Worker (services/ledger.server.ts) and the Node scripts
// (`npm run ledger:check`, the seed) run this same text.
//
//   created = sign-up bonuses + purchases + admin adjustments + coins advanced against debts
//             − reversed payments − settled debts
//           = balances + escrow for open slots + escrow for slots workers hold (started, not yet sent)
//             + escrow for pending submissions + held for pending withdrawals + paid out by approved withdrawals
//
// Coins enter as bonuses, purchases and adjustments; a refunded or disputed payment takes back what the buyer's
// balance still holds (`purchase_reversal`), and a later purchase pays what the balance could not
// (`debt_settlement`): both are coins leaving circulation. An overturned rejection whose buyer's balance is short
// credits the shortfall to that balance as it charges the pay (`debt_advance`, owed at once): coins entering
// circulation against a debt. A debt itself is not coins, so it is no term of the identity; beside it, every user's cached `coin` equals the sum of their coin_ledger rows and every user's
// `debt_coins` the sum of their debt_ledger rows. A bonus moves coins from a buyer's balance to a worker's
// (`bonus`, one row each): it creates none, so the net of all bonus rows (`bonusNet`) must be 0 for the identity to hold.

/**
 * The figures of the identity as one SELECT. `scope(column)` may add a condition on the owning user's id column of
 * each sum (e.g. `AND user_id IN (...)`), to check a closed group of users in a database others write to.
 */
export function conservationSql(scope: (column: string) => string = () => ""): string {
  const ledgerSum = (kind: string, sign = "") =>
    `(SELECT COALESCE(${sign}SUM(delta), 0) FROM coin_ledger WHERE kind = '${kind}' ${scope("user_id")})`;
  return `SELECT
  ${ledgerSum("signup_bonus")} AS signupBonuses,
  ${ledgerSum("purchase")} AS purchases,
  ${ledgerSum("admin_adjustment")} AS adjustments,
  ${ledgerSum("debt_advance")} AS advances,
  ${ledgerSum("purchase_reversal", "-")} AS reversals,
  ${ledgerSum("debt_settlement", "-")} AS settlements,
  ${ledgerSum("bonus")} AS bonusNet,
  (SELECT COALESCE(SUM(coin), 0) FROM users WHERE 1 ${scope("id")}) AS balances,
  (SELECT COALESCE(SUM(required_workers * payable_amount), 0) FROM tasks WHERE deleted_at IS NULL ${scope("buyer_id")}) AS escrowOpenSlots,
  (SELECT COALESCE(SUM(payable_amount), 0) FROM task_holds WHERE 1 ${scope("buyer_id")}) AS escrowHeld,
  (SELECT COALESCE(SUM(payable_amount), 0) FROM submissions WHERE status = 'pending' ${scope("buyer_id")}) AS escrowPending,
  (SELECT COALESCE(SUM(withdrawal_coin), 0) FROM withdrawals WHERE status = 'pending' ${scope("worker_id")}) AS heldForWithdrawals,
  (SELECT COALESCE(SUM(withdrawal_coin), 0) FROM withdrawals WHERE status = 'approved' ${scope("worker_id")}) AS paidOut,
  (SELECT COALESCE(SUM(debt_coins), 0) FROM users WHERE 1 ${scope("id")}) AS owed,
  (SELECT COUNT(*) FROM users u WHERE u.coin <> (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = u.id) ${scope("u.id")}) AS mismatchedUsers,
  (SELECT COUNT(*) FROM users u WHERE u.debt_coins <> (SELECT COALESCE(SUM(delta), 0) FROM debt_ledger d WHERE d.user_id = u.id) ${scope("u.id")}) AS mismatchedDebts`;
}

export const CONSERVATION_SQL = conservationSql();

/** Users whose cached balance or debt differs from the sum of their ledger rows (at most 100). */
export const MISMATCHED_USERS_SQL = `SELECT u.id AS id, u.email AS email, u.coin AS coin,
  (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = u.id) AS ledger,
  u.debt_coins AS debt,
  (SELECT COALESCE(SUM(delta), 0) FROM debt_ledger d WHERE d.user_id = u.id) AS debtLedger
FROM users u
WHERE u.coin <> (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = u.id)
   OR u.debt_coins <> (SELECT COALESCE(SUM(delta), 0) FROM debt_ledger d WHERE d.user_id = u.id)
ORDER BY u.email
LIMIT 100`;

/** The running totals the triggers of migrations/0006 keep: one row per name. */
export const RUNNING_TOTALS_SQL = "SELECT name, value FROM totals";

/**
 * The identity's figures from the running totals (constant cost: what a page view reads). They are the same sums
 * as CONSERVATION_SQL's; the per-user comparisons need every ledger row, so they are left at 0 here.
 */
export function figuresOfTotals(rows: { name: string; value: unknown }[]): ConservationFigures {
  const t = new Map(rows.map((r) => [r.name, Number(r.value ?? 0)]));
  const n = (name: string) => t.get(name) ?? 0;
  // the ledger keeps what leaves circulation as negative deltas; `|| 0` keeps -0 out of the figures
  const taken = (name: string) => -n(name) || 0;
  return figuresOf({
    signupBonuses: n("ledger.signup_bonus"),
    purchases: n("ledger.purchase"),
    adjustments: n("ledger.admin_adjustment"),
    advances: n("ledger.debt_advance"),
    reversals: taken("ledger.purchase_reversal"),
    settlements: taken("ledger.debt_settlement"),
    bonusNet: n("ledger.bonus"),
    balances: n("balances"),
    escrowOpenSlots: n("escrow_open_slots"),
    escrowHeld: n("escrow_held"),
    escrowPending: n("escrow_pending"),
    heldForWithdrawals: n("held_for_withdrawals"),
    paidOut: n("paid_out"),
    owed: n("owed"),
  });
}

/** A row of MISMATCHED_USERS_SQL. */
export interface MismatchedUser {
  id: string;
  email: string;
  coin: number;
  ledger: number;
  debt: number;
  debtLedger: number;
}

export interface ConservationFigures {
  /** the left-hand side: signupBonuses + purchases + adjustments + advances − reversals − settlements */
  created: number;
  signupBonuses: number;
  purchases: number;
  adjustments: number;
  /** coins credited to buyers' balances against their debt, to pay overturned rejections the balance could not */
  advances: number;
  /** coins taken back from balances by refunded or disputed payments */
  reversals: number;
  /** coins that paid debts (taken from balances by later purchases) */
  settlements: number;
  /** the net of every bonus row (charged to buyers, paid to workers): 0 when each bonus paid what it charged */
  bonusNet: number;
  balances: number;
  escrowOpenSlots: number;
  /** slots workers started and hold, escrowed at the pay of their start (migrations/0030) */
  escrowHeld: number;
  escrowPending: number;
  heldForWithdrawals: number;
  paidOut: number;
  /** coins users still owe: no term of the identity (they are not coins until a purchase settles them) */
  owed: number;
  mismatchedUsers: number;
  mismatchedDebts: number;
}

/** The figures out of the identity's row (D1 and the wrangler CLI may answer numbers as strings or leave them out). */
export function figuresOf(row: Record<string, unknown> | null | undefined): ConservationFigures {
  const n = (key: string) => Number(row?.[key] ?? 0);
  const f = {
    signupBonuses: n("signupBonuses"),
    purchases: n("purchases"),
    adjustments: n("adjustments"),
    advances: n("advances"),
    reversals: n("reversals"),
    settlements: n("settlements"),
    bonusNet: n("bonusNet"),
    balances: n("balances"),
    escrowOpenSlots: n("escrowOpenSlots"),
    escrowHeld: n("escrowHeld"),
    escrowPending: n("escrowPending"),
    heldForWithdrawals: n("heldForWithdrawals"),
    paidOut: n("paidOut"),
    owed: n("owed"),
    mismatchedUsers: n("mismatchedUsers"),
    mismatchedDebts: n("mismatchedDebts"),
  };
  return { ...f, created: f.signupBonuses + f.purchases + f.adjustments + f.advances - f.reversals - f.settlements };
}

/** The right-hand side of the identity. */
export function accountedFor(r: ConservationFigures): number {
  return r.balances + r.escrowOpenSlots + r.escrowHeld + r.escrowPending + r.heldForWithdrawals + r.paidOut;
}

/** The identity holds, every bonus paid what it charged, and every cached balance and debt agrees with its ledger. */
export function identityHolds(r: ConservationFigures): boolean {
  return r.created === accountedFor(r) && r.bonusNet === 0 && r.mismatchedUsers === 0 && r.mismatchedDebts === 0;
}
