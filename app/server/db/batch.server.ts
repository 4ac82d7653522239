// A D1 batch whose statements are grouped in labelled steps, so a caller reads "did the approval happen" by
// name rather than by counting statements (which silently changes meaning when a statement is added or moved).
// It carries a receipt (migrations/0025), so that a call whose answer was lost still ends with what happened.
import { AsyncLocalStorage } from "node:async_hooks";
import { is, SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { AppError, D1_ATTEMPTS, isConstraintError, isTransientD1Error } from "../errors";

/** A statement of a batch: raw drizzle SQL or a drizzle query builder (insert/update/delete). */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/** How `run` turns a broken constraint (the batch wrote nothing) into the caller's refusal. */
export interface ConstraintRefusal {
  /** The error thrown instead, e.g. 'Insufficient Coins' when CHECK (coin >= 0) breaks after a concurrent spend. */
  refusal: () => Error | Promise<Error>;
  /** Only a constraint whose error text names this (e.g. "users.email") is refused; without it, any constraint. */
  constraint?: string;
}

const dialect = new SQLiteAsyncDialect();

/**
 * Whether the request being answered ran a batch (workers/app.ts sets a store per request): only a request that
 * wrote can have made the requester API's HIT events, which are sent after its answer (http/hit-events.server.ts);
 * and whether one of its batches may have queued a push (services/push.server.ts), sent after its answer too.
 */
export const requestWrites = new AsyncLocalStorage<{ batches: number; pushes?: boolean }>();

interface Step {
  label: string;
  statements: Statement[];
}

/**
 * Steps run in the order they are added, all in one D1 batch: every statement commits or none does (D1 has no
 * interactive transactions). A step guarded by some state must come before the step that changes that state.
 */
export class Batch {
  readonly #steps: Step[] = [];
  readonly #db: D1Database;

  constructor(db: D1Database) {
    this.#db = db;
  }

  /**
   * Adds a step. Its first statement decides it: `changes(label)` reports the rows that statement changed. The
   * others follow from it (a posting's balance update reads back the ledger row the first one inserted).
   * Labels are unique within a batch.
   */
  step(label: string, decisive: Statement, ...followUps: Statement[]): this {
    if (this.#steps.some((s) => s.label === label)) throw new Error(`Batch step "${label}" was added twice`);
    this.#steps.push({ label, statements: [decisive, ...followUps] });
    return this;
  }

  /**
   * Runs every step. With `onConstraint`, a broken constraint throws its refusal; other errors pass.
   *
   * A call that fails as a lost connection does (`isTransientD1Error`) may have been committed or not: the batch is
   * sent again. Its receipt's key refuses a second commit before any other statement runs, so the second call
   * either does the work (the first never ran) or is refused by the receipt, which then says what each step did.
   * After D1_ATTEMPTS such failures in a row, nobody can know: 503, saying so.
   */
  async run(onConstraint?: ConstraintRefusal): Promise<BatchResult> {
    const writes = requestWrites.getStore();
    if (writes) writes.batches += 1;
    // Drizzle's own batch cannot take raw SQL with parameters, so statements are compiled here.
    const compiled = this.#steps.map((s) =>
      s.statements.map((statement) => (is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL())),
    );
    const receipt = crypto.randomUUID();
    const prepared = [
      this.#db.prepare(OPEN_RECEIPT).bind(receipt, Date.now()),
      ...compiled.flatMap(([decisive, ...followUps]) => {
        if (!DML.test(decisive.sql)) throw new Error(`A batch step must begin with a write: ${decisive.sql}`);
        return [
          this.#db.prepare(countingRows(decisive.sql)).bind(...decisive.params),
          this.#db.prepare(RECORD_STEP).bind(receipt),
          ...followUps.map((q) => this.#db.prepare(q.sql).bind(...q.params)),
        ];
      }),
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        return this.#result(await this.#db.batch(prepared));
      } catch (e) {
        if (isConstraintError(e, "batch_receipts.id")) return this.#recorded(receipt);
        if (onConstraint && isConstraintError(e, onConstraint.constraint)) throw await onConstraint.refusal();
        if (!isTransientD1Error(e)) throw e;
        if (attempt === D1_ATTEMPTS) throw outcomeUnknown(e);
      }
    }
  }

  /** The changes of each step from the batch's answer: a step's result is its deciding statement's. */
  #result(results: D1Result[]): BatchResult {
    // The one place statements are counted: the receipt first, then per step its deciding statement, the receipt's
    // record of it, and its follow-ups.
    const changes = new Map<string, number>();
    let decisive = 1;
    this.#steps.forEach((s) => {
      changes.set(s.label, (results[decisive].results ?? []).length);
      decisive += s.statements.length + 1;
    });
    return new BatchResult(changes);
  }

  /** The changes of each step as an earlier, committed call of this batch recorded them. */
  async #recorded(receipt: string): Promise<BatchResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await this.#db.prepare(READ_RECEIPT).bind(receipt).first<{ steps: string }>();
        if (!row) throw new Error(`Batch receipt ${receipt} refused a second commit but cannot be read`);
        const counts = row.steps.trim().split(" ").map(Number);
        return new BatchResult(new Map(this.#steps.map((s, i) => [s.label, counts[i]])));
      } catch (e) {
        if (!isTransientD1Error(e)) throw e;
        if (attempt === D1_ATTEMPTS) throw outcomeUnknown(e);
      }
    }
  }
}

const OPEN_RECEIPT = "INSERT INTO batch_receipts (id, steps, created_at) VALUES (?, '', ?)";
/** After a deciding statement: changes() counts that statement's own rows, not those its triggers change. */
const RECORD_STEP = "UPDATE batch_receipts SET steps = steps || changes() || ' ' WHERE id = ?";
/** Read as a write, so that it goes to the primary, which committed the batch, and never to a replica behind it. */
const READ_RECEIPT = "UPDATE batch_receipts SET steps = steps WHERE id = ? RETURNING steps";

/** Whether the change was made is unknown: the database stopped answering (logged, so the failure can be traced). */
function outcomeUnknown(cause: unknown): AppError {
  console.error("D1 did not answer a batch", cause);
  return new AppError("database_unavailable", OUTCOME_UNKNOWN);
}
export const OUTCOME_UNKNOWN =
  "The database did not answer, so we cannot tell whether this was done. Reload the page to see before trying again.";

/**
 * A step's deciding statement is an INSERT, UPDATE or DELETE, run with RETURNING: its changes are the rows it
 * returns (D1's `meta.changes` also counts the rows triggers change, the counters of migrations/0006, so it cannot
 * tell whether the statement itself changed anything).
 */
const DML = /^\s*(?:insert|update|delete|replace)\b/i;
function countingRows(sql: string): string {
  return /\breturning\b/i.test(sql) ? sql : `${sql.replace(/[\s;]+$/, "")} RETURNING 1`;
}

/** What a batch's steps did, read by label. */
export class BatchResult {
  readonly #changes: ReadonlyMap<string, number>;

  constructor(changes: ReadonlyMap<string, number>) {
    this.#changes = changes;
  }

  /** Rows changed by the step's deciding statement. An unknown label is a programming error and throws. */
  changes(label: string): number {
    const n = this.#changes.get(label);
    if (n === undefined) throw new Error(`No batch step "${label}"`);
    return n;
  }
}

/** A new, empty batch on this environment's D1 database. */
export function newBatch(env: Pick<Env, "DB">): Batch {
  return new Batch(env.DB);
}
