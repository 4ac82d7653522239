// The coin ledger. Every balance change is a coin_ledger row plus the matching update of users.coin,
// written as steps of one D1 batch (`newBatch`, all commit or none). Statements are made conditional with
// `when`: a ledger row that is not inserted moves no coins, and CHECK (coin >= 0) aborts the whole batch
// when a charge would overdraw.
//
// Notification and audit texts are plain strings the services build from values they read before the batch, and
// the same values are bound into the money statements. Each value a text states is either fixed once written (a
// submission's pay and worker, a withdrawal's coins, a user's name and e-mail) or required unchanged by the
// batch's guard, so a batch either does what its texts say or changes nothing.
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "../db/client.server";
import { users, type LedgerKind } from "../db/schema";
import { accountedFor, conservationSql, type ConservationFigures } from "../db/conservation-sql";

export interface Posting {
  id: string;
  userId: string;
  /** Coins added to the user's balance (negative to charge). An SQL expression may compute it in the batch. */
  delta: number | SQL;
  kind: LedgerKind;
  taskId?: string | null;
  submissionId?: string | null;
  withdrawalId?: string | null;
  orderId?: string | null;
  note?: string | null;
  now: number;
  /** Post only when this holds at the moment the batch runs. */
  when?: SQL;
}

const always = sql`1`;

/** The refusal of a request whose read went stale before its batch ran: the batch changed nothing. */
export const CHANGED_MEANWHILE = "Someone changed this at the same moment. Reload and try again.";

/** A user's cached balance now (0 for no such user): for early refusals and their words; CHECK (coin >= 0) is the guard. */
export async function coinsOf(env: Env, userId: string): Promise<number> {
  const row = await getDb(env).select({ coin: users.coin }).from(users).where(eq(users.id, userId)).limit(1);
  return row[0]?.coin ?? 0;
}

/**
 * A batch step's two statements: the ledger row, which decides the step (its changes = ledger rows inserted, 0 or
 * 1; none when `when` fails or the delta is 0), then the cached balance read back from that row.
 */
export function posting(p: Posting): [SQL, SQL] {
  const delta = typeof p.delta === "number" ? sql`${p.delta}` : p.delta;
  return [
    sql`INSERT INTO coin_ledger (id, user_id, delta, kind, task_id, submission_id, withdrawal_id, order_id, note, created_at)
      SELECT ${p.id}, ${p.userId}, (${delta}), ${p.kind}, ${p.taskId ?? null}, ${p.submissionId ?? null},
             ${p.withdrawalId ?? null}, ${p.orderId ?? null}, ${p.note ?? null}, ${p.now}
      WHERE (${p.when ?? always}) AND COALESCE((${delta}), 0) <> 0`,
    sql`UPDATE users SET coin = coin + (SELECT delta FROM coin_ledger WHERE id = ${p.id})
      WHERE id = (SELECT user_id FROM coin_ledger WHERE id = ${p.id})`,
  ];
}

export interface NotificationInput {
  id: string;
  userId: string;
  message: string;
  actionRoute?: string | null;
  now: number;
  when?: SQL;
}

/** A notification written in the same batch as the event that causes it. */
export function notification(n: NotificationInput): SQL {
  return sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
    SELECT ${n.id}, ${n.userId}, ${n.message}, ${n.actionRoute ?? null}, ${n.now}
    WHERE (${n.when ?? always})`;
}

export interface AuditInput {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  detail?: string | null;
  reason?: string | null;
  now: number;
  when?: SQL;
}

/** An admin action recorded in the same batch as its effect. */
export function audit(a: AuditInput): SQL {
  return sql`INSERT INTO audit_log (id, actor_id, action, target_type, target_id, detail, reason, created_at)
    SELECT ${a.id}, ${a.actorId}, ${a.action}, ${a.targetType}, ${a.targetId}, ${a.detail ?? null}, ${a.reason ?? null}, ${a.now}
    WHERE (${a.when ?? always})`;
}

/** SQL that is true when a row with this id exists in the table: the pivot that chains a batch's statements. */
export const exists = (table: "submissions" | "audit_log", id: string) =>
  sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} WHERE id = ${id})`;

export interface Conservation extends ConservationFigures {
  /** the identity holds and no user's cached coin differs from the sum of their ledger rows */
  holds: boolean;
}

/**
 * created (sign-up bonuses, purchases, admin adjustments)
 *   = balances + escrow (open slots and pending submissions) + held for pending withdrawals + paid out.
 * With `userIds`, the same identity for a closed group of users (their coins, their tasks' escrow, their
 * withdrawals), for checks that must not see other activity in a shared database.
 */
export async function conservation(db: Db, userIds?: string[]): Promise<Conservation> {
  let scope: ((column: string) => string) | undefined;
  if (userIds) {
    // ids are written into the text (the identity is one shared SQL text), so only plain id characters pass
    if (!userIds.every((id) => /^[\w-]+$/.test(id)))
      throw new Error("conservation: unexpected characters in a user id");
    const list = userIds.length ? userIds.map((id) => `'${id}'`).join(", ") : "NULL";
    scope = (column) => `AND ${column} IN (${list})`;
  }
  const row = await db.get<Record<string, number>>(sql.raw(conservationSql(scope)));
  const r = {
    created: Number(row?.created ?? 0),
    balances: Number(row?.balances ?? 0),
    escrowOpenSlots: Number(row?.escrowOpenSlots ?? 0),
    escrowPending: Number(row?.escrowPending ?? 0),
    heldForWithdrawals: Number(row?.heldForWithdrawals ?? 0),
    paidOut: Number(row?.paidOut ?? 0),
    mismatchedUsers: Number(row?.mismatchedUsers ?? 0),
  };
  return { ...r, holds: r.created === accountedFor(r) && r.mismatchedUsers === 0 };
}
