// A D1 batch whose statements are grouped in labelled steps, so a caller reads "did the approval happen" by
// name rather than by counting statements (which silently changes meaning when a statement is added or moved).
import { is, SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { isConstraintError } from "../errors";

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

  /** Runs every step. With `onConstraint`, a broken constraint throws its refusal; other errors pass. */
  async run(onConstraint?: ConstraintRefusal): Promise<BatchResult> {
    // Drizzle's own batch cannot take raw SQL with parameters, so statements are compiled here.
    const compiled = this.#steps.map((s) =>
      s.statements.map((statement) => (is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL())),
    );
    const prepared = compiled.flatMap((queries) =>
      queries.map((q, i) => this.#db.prepare(i === 0 ? countingRows(q.sql) : q.sql).bind(...q.params)),
    );
    let results: D1Result[];
    try {
      results = await this.#db.batch(prepared);
    } catch (e) {
      if (onConstraint && isConstraintError(e, onConstraint.constraint)) throw await onConstraint.refusal();
      throw e;
    }
    // The one place statements are counted: each step's result is its first statement's.
    const changes = new Map<string, number>();
    let first = 0;
    this.#steps.forEach((s, i) => {
      changes.set(s.label, rowsChanged(compiled[i][0].sql, results[first]));
      first += s.statements.length;
    });
    return new BatchResult(changes);
  }
}

/**
 * A deciding INSERT, UPDATE or DELETE is run with RETURNING, and its changes are the rows it returns: D1's
 * `meta.changes` also counts the rows triggers change (the counters of migrations/0006), so it cannot tell whether
 * the statement itself changed anything.
 */
const DML = /^\s*(?:insert|update|delete|replace)\b/i;
function countingRows(sql: string): string {
  if (!DML.test(sql)) return sql;
  return /\breturning\b/i.test(sql) ? sql : `${sql.replace(/[\s;]+$/, "")} RETURNING 1`;
}
function rowsChanged(sql: string, result: D1Result): number {
  return DML.test(sql) ? (result.results ?? []).length : result.meta.changes;
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
