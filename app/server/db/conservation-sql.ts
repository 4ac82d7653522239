// The conservation identity of the coin ledger (docs/product/coins.md), defined once as SQL.
// Import-free on purpose: the Worker (services/ledger.server.ts) and the Node scripts
// (`npm run ledger:check`, the seed) run this same text.
//
//   created (sign-up bonuses, purchases, admin adjustments)
//     = balances + escrow for open slots + escrow for pending submissions
//       + held for pending withdrawals + paid out by approved withdrawals
//
// and every user's cached `coin` equals the sum of their ledger rows.

/**
 * The figures of the identity as one SELECT. `scope(column)` may add a condition on the owning user's id column of
 * each sum (e.g. `AND user_id IN (...)`), to check a closed group of users in a database others write to.
 */
export function conservationSql(scope: (column: string) => string = () => ""): string {
  return `SELECT
  (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger WHERE kind IN ('signup_bonus', 'purchase', 'admin_adjustment') ${scope("user_id")}) AS created,
  (SELECT COALESCE(SUM(coin), 0) FROM users WHERE 1 ${scope("id")}) AS balances,
  (SELECT COALESCE(SUM(required_workers * payable_amount), 0) FROM tasks WHERE deleted_at IS NULL ${scope("buyer_id")}) AS escrowOpenSlots,
  (SELECT COALESCE(SUM(payable_amount), 0) FROM submissions WHERE status = 'pending' ${scope("buyer_id")}) AS escrowPending,
  (SELECT COALESCE(SUM(withdrawal_coin), 0) FROM withdrawals WHERE status = 'pending' ${scope("worker_id")}) AS heldForWithdrawals,
  (SELECT COALESCE(SUM(withdrawal_coin), 0) FROM withdrawals WHERE status = 'approved' ${scope("worker_id")}) AS paidOut,
  (SELECT COUNT(*) FROM users u WHERE u.coin <> (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = u.id) ${scope("u.id")}) AS mismatchedUsers`;
}

export const CONSERVATION_SQL = conservationSql();

/** Users whose cached balance differs from the sum of their ledger rows (at most 100). */
export const MISMATCHED_USERS_SQL = `SELECT u.id AS id, u.email AS email, u.coin AS coin,
  (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = u.id) AS ledger
FROM users u
WHERE u.coin <> (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = u.id)
ORDER BY u.email
LIMIT 100`;

export interface ConservationFigures {
  created: number;
  balances: number;
  escrowOpenSlots: number;
  escrowPending: number;
  heldForWithdrawals: number;
  paidOut: number;
  mismatchedUsers: number;
}

/** The right-hand side of the identity. */
export function accountedFor(r: ConservationFigures): number {
  return r.balances + r.escrowOpenSlots + r.escrowPending + r.heldForWithdrawals + r.paidOut;
}
