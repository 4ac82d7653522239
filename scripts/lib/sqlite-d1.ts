// The D1 binding's interface over a node:sqlite connection, so that the app's services can write a local D1 file
// from a Node script (scripts/lib/history.ts): the same SQLite file wrangler serves, the migrations' triggers and
// constraints all in force. Only what drizzle's D1 driver and the app call: prepare, bind, all, run, first, raw,
// batch (one transaction: all statements or none, as D1's) and exec.
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";

type Bound = SQLInputValue | boolean | undefined;
/** D1 binds booleans as 1 and 0 and refuses undefined; node:sqlite takes neither. */
const sqlite = (v: Bound): SQLInputValue => (v === undefined ? null : typeof v === "boolean" ? Number(v) : v);

class Statement {
  readonly #d1: SqliteD1;
  readonly #sql: string;
  readonly #params: SQLInputValue[];

  constructor(d1: SqliteD1, sql: string, params: SQLInputValue[] = []) {
    this.#d1 = d1;
    this.#sql = sql;
    this.#params = params;
  }

  bind(...params: Bound[]): Statement {
    return new Statement(this.#d1, this.#sql, params.map(sqlite));
  }

  /** D1's result of all() and run(): the rows (a write's RETURNING rows) and the rows changed. */
  execute() {
    const { statement, rows, writes } = this.#d1.prepared(this.#sql);
    if (!rows) {
      const r = statement.run(...this.#params);
      const meta = { changes: Number(r.changes), last_row_id: Number(r.lastInsertRowid) };
      return { results: [], success: true, meta };
    }
    const results = statement.all(...this.#params);
    return { results, success: true, meta: { changes: writes ? this.#d1.changes() : 0, last_row_id: 0 } };
  }

  async all() {
    return this.execute();
  }

  async run() {
    return this.execute();
  }

  async first(column?: string) {
    const row = this.#d1.prepared(this.#sql).statement.get(...this.#params);
    return row === undefined ? null : column ? row[column] : row;
  }

  /** Rows as arrays in column order (drizzle reads selects this way, repeated column names included). */
  async raw() {
    const st = this.#d1.prepared(this.#sql).statement;
    st.setReturnArrays(true);
    try {
      return st.all(...this.#params);
    } finally {
      st.setReturnArrays(false);
    }
  }
}

interface Prepared {
  statement: StatementSync;
  /** it answers rows (a query, or a write with RETURNING) */
  rows: boolean;
  /** it writes */
  writes: boolean;
}

export class SqliteD1 {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, Prepared>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** The compiled statement of this SQL text, compiled once (the services run the same texts again and again). */
  prepared(sql: string): Prepared {
    let p = this.#statements.get(sql);
    if (!p) {
      const statement = this.#db.prepare(sql);
      p = { statement, rows: statement.columns().length > 0, writes: !/^\s*(select|with)\b/i.test(sql) };
      this.#statements.set(sql, p);
    }
    return p;
  }

  /** Rows the last write changed. */
  changes(): number {
    return Number(this.prepared("SELECT changes() AS n").statement.get()!.n);
  }

  prepare(sql: string): Statement {
    return new Statement(this, sql);
  }

  /** All statements or none; a savepoint, so that it also nests in a transaction the caller holds open. */
  async batch(statements: Statement[]) {
    this.#db.exec("SAVEPOINT d1_batch");
    try {
      const results = statements.map((s) => s.execute());
      this.#db.exec("RELEASE d1_batch");
      return results;
    } catch (e) {
      this.#db.exec("ROLLBACK TO d1_batch; RELEASE d1_batch");
      throw e;
    }
  }

  async exec(sql: string) {
    this.#db.exec(sql);
    return { count: 0, duration: 0 };
  }
}
