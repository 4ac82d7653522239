// Reads whose SQL drizzle builds once per isolate instead of once per call: the fixed-shape statements that run on
// (nearly) every request (the session's user row, the bell, Buyer Home's figures and choices). Drizzle builds a query's SQL from its builder on each call, about half a
// millisecond of CPU a statement (docs/performance.md); a prepared query keeps its SQL and fills in its
// placeholders (`sql.placeholder("name")`) from the values it is run with.
//
// A drizzle prepared query holds the D1 statement it was prepared with, and each request has a database of its own
// (its D1 session and its batch of reads, session.server.ts). So the query is prepared once over a binding whose
// statements are late: each goes, when it runs, to the database of the call running it, which `preparedRead` names
// for the length of the call.
import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/d1";

type Database = Pick<D1Database, "prepare">;

/** The database of the prepared read now running (set by `preparedRead` around each call). */
const running = new AsyncLocalStorage<Database>();

function runningDatabase(): Database {
  const db = running.getStore();
  if (!db) throw new Error("a prepared read ran outside preparedRead");
  return db;
}

/** A statement bound to no database until it runs: then to the database of the read running it. */
class LateStatement implements D1PreparedStatement {
  constructor(
    private readonly sql: string,
    private readonly values: unknown[],
  ) {}

  private statement(): D1PreparedStatement {
    return runningDatabase()
      .prepare(this.sql)
      .bind(...this.values);
  }

  bind(...values: unknown[]): D1PreparedStatement {
    return new LateStatement(this.sql, values);
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.statement().run<T>();
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.statement().all<T>();
  }

  first<T = unknown>(column?: string): Promise<T | null> {
    return column === undefined ? this.statement().first<T>() : this.statement().first<T>(column);
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    return options?.columnNames ? this.statement().raw<T>({ columnNames: true }) : this.statement().raw<T>();
  }
}

const lateBinding = {
  prepare: (sql: string) => new LateStatement(sql, []),
  batch: () => Promise.reject(new Error("prepared reads run one at a time (each joins its request's batch)")),
} as unknown as D1Database;

/** The drizzle database prepared reads are built on. */
export const isolateDb = drizzle(lateBinding);

/**
 * A read whose SQL is built the first time it runs in an isolate: `prepare` makes the drizzle prepared query (its
 * values as `sql.placeholder`s); each call runs it on the caller's database with the values given.
 */
export function preparedRead<Values extends Record<string, unknown>, Row>(
  prepare: (db: typeof isolateDb) => { all(values: Values): Promise<Row[]> },
) {
  let query: { all(values: Values): Promise<Row[]> } | undefined;
  return (env: Pick<Env, "DB">, values: Values): Promise<Row[]> => {
    query ??= prepare(isolateDb);
    const prepared = query;
    return running.run(env.DB, () => prepared.all(values));
  };
}
