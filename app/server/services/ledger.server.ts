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
import type { Language } from "~/lib/i18n/languages";
import type { Key, Values } from "~/lib/i18n/messages";
import { serverWords } from "~/lib/i18n/words.server";
import { getDb, type Db } from "../db/client.server";
import { users, type DebtKind, type LedgerKind } from "../db/schema";
import {
  accountedFor,
  conservationSql,
  figuresOf,
  figuresOfTotals,
  identityHolds,
  MISMATCHED_USERS_SQL,
  RUNNING_TOTALS_SQL,
  type ConservationFigures,
  type MismatchedUser,
} from "../db/conservation-sql";

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
  /** the payment reversal (refund, dispute) that takes these coins back */
  reversalId?: string | null;
  /** the bonus this row charges or pays */
  bonusId?: string | null;
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

/** The two ledgers and the column of `users` each one caches. Column names are fixed here, never from input. */
const LEDGERS = {
  coin: { table: "coin_ledger", cache: "coin" },
  debt: { table: "debt_ledger", cache: "debt_coins" },
} as const;

interface LedgerRow {
  id: string;
  userId: string;
  delta: number | SQL;
  kind: string;
  /** the row's references, by column */
  refs: Record<string, string | null | undefined>;
  note?: string | null;
  now: number;
  when?: SQL;
}

/**
 * A batch step's two statements on one of the ledgers: the row, which decides the step (its changes = rows
 * inserted, 0 or 1; none when `when` fails or the delta is 0), then the cached column read back from that row.
 */
function ledgerRow(ledger: keyof typeof LEDGERS, r: LedgerRow): [SQL, SQL] {
  const { table, cache } = LEDGERS[ledger];
  const delta = typeof r.delta === "number" ? sql`${r.delta}` : r.delta;
  const refs = Object.entries(r.refs);
  const refColumns = sql.raw(refs.map(([column]) => `, ${column}`).join(""));
  const refValues = sql.join(
    refs.map(([, value]) => sql`, ${value ?? null}`),
    sql``,
  );
  return [
    sql`INSERT INTO ${sql.raw(table)} (id, user_id, delta, kind${refColumns}, note, created_at)
      SELECT ${r.id}, ${r.userId}, (${delta}), ${r.kind}${refValues}, ${r.note ?? null}, ${r.now}
      WHERE (${r.when ?? always}) AND COALESCE((${delta}), 0) <> 0`,
    sql`UPDATE users SET ${sql.raw(cache)} = ${sql.raw(cache)} + (SELECT delta FROM ${sql.raw(table)} WHERE id = ${r.id})
      WHERE id = (SELECT user_id FROM ${sql.raw(table)} WHERE id = ${r.id})`,
  ];
}

/** A coin_ledger row and the cached `users.coin` read back from it (see `ledgerRow`). */
export function posting(p: Posting): [SQL, SQL] {
  return ledgerRow("coin", {
    ...p,
    refs: {
      task_id: p.taskId,
      submission_id: p.submissionId,
      withdrawal_id: p.withdrawalId,
      order_id: p.orderId,
      reversal_id: p.reversalId,
      bonus_id: p.bonusId,
    },
  });
}

export interface DebtPosting {
  id: string;
  userId: string;
  /** Coins added to what the user owes (negative when settled). */
  delta: number | SQL;
  kind: DebtKind;
  orderId?: string | null;
  reversalId?: string | null;
  /** the overturned rejection whose shortfall is advanced */
  submissionId?: string | null;
  note?: string | null;
  now: number;
  when?: SQL;
}

/** A debt_ledger row and the cached `users.debt_coins` read back from it; services/debts.server.ts composes these. */
export function debtPosting(d: DebtPosting): [SQL, SQL] {
  return ledgerRow("debt", {
    ...d,
    refs: { order_id: d.orderId, reversal_id: d.reversalId, submission_id: d.submissionId },
  });
}

/**
 * A notification's words in a language: text, or an SQL expression when they depend on the state the batch finds (a
 * balance). The recipient's language is read by the statement that stores them (`notification`).
 */
export type NoticeWords = (language: Language) => string | SQL;

/** The `notifications` message `key` in a language, its values given or made in it (an amount, a date). */
export function notice(key: Key<"notifications">, values?: Values | ((language: Language) => Values)): NoticeWords {
  return (language) =>
    serverWords(language, "notifications")(key, typeof values === "function" ? values(language) : values);
}

export interface NotificationInput {
  id: string;
  userId: string;
  /** the words in each language: the recipient's are stored */
  message: NoticeWords;
  actionRoute?: string | null;
  now: number;
  when?: SQL;
}

/**
 * A notification written in the same batch as the event that causes it, in its recipient's language: the statement
 * reads users.language itself, so no service reads it first (and a language changed meanwhile is the one used).
 */
export function notification(n: NotificationInput): SQL {
  return sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
    SELECT ${n.id}, ${n.userId}, ${noticeFor(n.userId, n.message)}, ${n.actionRoute ?? null}, ${n.now}
    WHERE (${n.when ?? always})`;
}

/**
 * A notice's words in the language of the user `userId` names (an id, or a column of a statement notifying many),
 * as SQL: the statement that stores them reads users.language itself.
 */
export function noticeFor(userId: string | SQL, words: NoticeWords): SQL {
  return sql`CASE (SELECT language FROM users WHERE id = ${userId})
    WHEN 'bn' THEN ${words("bn")} ELSE ${words("en")} END`;
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
export const exists = (table: "submissions" | "audit_log" | "payment_reversals", id: string) =>
  sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} WHERE id = ${id})`;

export interface Conservation extends ConservationFigures {
  /** the identity holds and no user's cached coin or debt differs from the sum of their ledger rows */
  holds: boolean;
}

/**
 * created (sign-up bonuses + purchases + admin adjustments − reversed payments − settled debts)
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
  const figures = figuresOf(await db.get<Record<string, unknown>>(sql.raw(conservationSql(scope))));
  return { ...figures, holds: identityHolds(figures) };
}

/**
 * The identity from the running totals (migrations/0006), at a constant cost: the admin pages read this on every
 * view. It proves created = accounted for; whether each user's balance equals their own ledger rows takes the
 * full check (`conservation`, `npm run ledger:check`).
 */
export async function runningConservation(db: Db): Promise<Conservation> {
  const figures = figuresOfTotals(await db.all<{ name: string; value: number }>(sql.raw(RUNNING_TOTALS_SQL)));
  return { ...figures, holds: identityHolds(figures) };
}

/** Admin Home's ledger card: whether the running totals balance (constant cost). */
export async function ledgerHolds(env: Env): Promise<boolean> {
  return (await runningConservation(getDb(env))).holds;
}

/** Users whose cached coin or debt differs from the sum of their ledger rows (at most 100). */
export async function mismatchedUsers(env: Env): Promise<MismatchedUser[]> {
  const { results } = await env.DB.prepare(MISMATCHED_USERS_SQL).all<MismatchedUser>();
  return results.map((r) => ({
    ...r,
    coin: Number(r.coin),
    ledger: Number(r.ledger),
    debt: Number(r.debt),
    debtLedger: Number(r.debtLedger),
  }));
}

/**
 * The Ledger page: the identity from the running totals; with `full` (or when the running totals do not balance, to
 * find who differs) the full check, which compares every user's balance with their own ledger rows, and the users
 * whose balance differs.
 */
export async function ledgerReport(env: Env, opts: { full: boolean }) {
  const db = getDb(env);
  const running = await runningConservation(db);
  const full = opts.full || !running.holds;
  const figures = full ? await conservation(db) : running;
  const mismatched = full && figures.mismatchedUsers + figures.mismatchedDebts > 0 ? await mismatchedUsers(env) : [];
  return { figures, accounted: accountedFor(figures), mismatched, full };
}
