// A request's reads, started together, go to D1 together: one batch, one round trip (docs/decisions/016).
//
// A page's loaders (the dashboard's bell, the page's list and its count, the figures…) each ask for their rows
// with `Promise.all`, in parallel with each other. Every D1 call is a round trip with a fixed cost, on this machine
// about half a millisecond of CPU under load, more than most of these queries take. `ReadBatch` holds the reads
// of a request until the current turn of the event loop ends, then sends them as one `batch` and hands each caller
// its own answer, in the shape its call returns. Writes are never held: they run as they are called, and a
// request's writes that must happen together are already one batch of their own (`Batch`). A read that fails as a
// lost connection does is asked again: a read changes nothing.
import { D1_ATTEMPTS, isTransientD1Error } from "../errors";

/** What is held: queries (the request's database hands writes to D1 directly); PRAGMA, EXPLAIN… run as called. */
const QUERY = /^\s*(?:select|with)\b/i;

/** A key JavaScript orders before the others in an object, whatever its column's place. */
const INTEGER_KEY = /^(?:0|[1-9]\d*)$/;

/** A batch answers rows as objects; `raw()` answers arrays of the columns in order. */
function rowsAsArrays(rows: Record<string, unknown>[]): unknown[][] | undefined {
  const keys = rows.length ? Object.keys(rows[0]) : [];
  // An object puts integer-like names ("1" of `select 1, …`) first: the order would be lost, so it runs alone.
  if (keys.length > 1 && keys.some((k) => INTEGER_KEY.test(k))) return undefined;
  return rows.map((row) => Object.values(row));
}

interface HeldRead {
  /** the statement sent in the batch */
  batched: D1PreparedStatement;
  /** the caller's answer from the batch's result, or undefined when this read must run on its own */
  answer: (result: D1Result<Record<string, unknown>>) => { value: unknown } | undefined;
  /** the same read on its own, as the caller asked for it */
  alone: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class ReadBatch {
  readonly #db: Pick<D1DatabaseSession, "prepare" | "batch">;
  #held: HeldRead[] = [];

  constructor(db: Pick<D1DatabaseSession, "prepare" | "batch">) {
    this.#db = db;
  }

  /** `prepare(sql)` for a statement that does not write: a query comes back held, anything else as D1 made it. */
  prepare(sql: string): D1PreparedStatement {
    const statement = this.#db.prepare(sql);
    return QUERY.test(sql) ? new HeldStatement(this, this.#db, sql.replace(/;\s*$/, ""), statement, []) : statement;
  }

  hold<T>(read: Omit<HeldRead, "resolve" | "reject">): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.#held.length === 0) setImmediate(() => void this.#send());
      this.#held.push({ ...read, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  async #send(): Promise<void> {
    const reads = this.#held;
    this.#held = [];
    if (reads.length === 1) return settle(reads[0]);
    let results: D1Result<Record<string, unknown>>[];
    try {
      results = await this.#db.batch<Record<string, unknown>>(reads.map((r) => r.batched));
    } catch {
      // One bad read fails a whole batch: each runs on its own, so every caller gets its own answer or error.
      for (const read of reads) settle(read);
      return;
    }
    reads.forEach((read, i) => {
      const answer = read.answer(results[i]);
      if (answer) read.resolve(answer.value);
      else settle(read);
    });
  }
}

/** The read on its own, asked again while it fails transiently (D1_ATTEMPTS calls at most). */
function settle(read: HeldRead): void {
  const attempt = (n: number): Promise<unknown> =>
    read.alone().catch((e: unknown) => (n < D1_ATTEMPTS && isTransientD1Error(e) ? attempt(n + 1) : Promise.reject(e)));
  attempt(1).then(read.resolve, read.reject);
}

/** A prepared read whose `all`, `first` and `raw` wait for the request's next batch. */
class HeldStatement implements D1PreparedStatement {
  constructor(
    private readonly reads: ReadBatch,
    private readonly db: Pick<D1DatabaseSession, "prepare">,
    private readonly sql: string,
    /** the D1 statement itself, with the values bound so far (what `Batch` and `db.batch` send) */
    readonly statement: D1PreparedStatement,
    private readonly values: unknown[],
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new HeldStatement(this.reads, this.db, this.sql, this.statement.bind(...values), values);
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.statement.run<T>();
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.reads.hold({
      batched: this.statement,
      answer: (result) => ({ value: result }),
      alone: () => this.statement.all(),
    });
  }

  first<T = unknown>(column?: string): Promise<T | null> {
    return this.reads.hold({
      batched: this.statement,
      answer: (result) => {
        const row = result.results[0];
        if (!row) return { value: null };
        if (column === undefined) return { value: row };
        // D1 refuses a column the row does not have; on its own the read says so in D1's words
        return column in row ? { value: row[column] } : undefined;
      },
      alone: () => (column === undefined ? this.statement.first() : this.statement.first(column)),
    });
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    if (options?.columnNames) return this.statement.raw<T>({ columnNames: true });
    return this.reads.hold({
      // As a subquery, SQLite names repeated columns apart ("id", "id:1"), so no column is lost in the object a
      // batch answers; the rows and their order are the query's own.
      batched: this.db.prepare(`select * from (\n${this.sql}\n)`).bind(...this.values),
      answer: (result) => {
        const rows = rowsAsArrays(result.results);
        return rows && { value: rows };
      },
      alone: () => this.statement.raw(),
    });
  }
}

/** The D1 statement behind a statement of the request's database, for `batch`. */
export function d1Statement(statement: D1PreparedStatement): D1PreparedStatement {
  return statement instanceof HeldStatement ? statement.statement : statement;
}
