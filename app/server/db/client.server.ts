import { is, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";
import { isConstraintError } from "../errors";

export type Db = ReturnType<typeof getDb>;

const cache = new WeakMap<D1Database, ReturnType<typeof create>>();
const create = (d1: D1Database) => drizzle(d1, { schema });

export function getDb(env: Pick<Env, "DB">) {
  let db = cache.get(env.DB);
  if (!db) {
    db = create(env.DB);
    cache.set(env.DB, db);
  }
  return db;
}

export function newId(): string {
  return crypto.randomUUID();
}

const dialect = new SQLiteAsyncDialect();

/** A statement of a batch: raw drizzle SQL or a drizzle query builder (insert/update/delete). */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * Runs statements as one D1 batch: all commit or none (D1 has no interactive transactions).
 * Drizzle's own batch cannot take raw SQL with parameters, so statements are compiled here.
 */
export async function runBatch(env: Pick<Env, "DB">, statements: Statement[]): Promise<D1Result[]> {
  const prepared = statements.map((s) => {
    const q = is(s, SQL) ? dialect.sqlToQuery(s) : s.toSQL();
    return env.DB.prepare(q.sql).bind(...q.params);
  });
  return env.DB.batch(prepared);
}

/**
 * runBatch, where a broken constraint (any, or the one `constraint` names) means the caller's refusal: the batch
 * wrote nothing, and `refusal()` says why (e.g. CHECK (coin >= 0) after a concurrent spend). Other errors pass.
 */
export async function runBatchOr(
  env: Pick<Env, "DB">,
  statements: Statement[],
  refusal: () => Error | Promise<Error>,
  constraint?: string,
): Promise<D1Result[]> {
  try {
    return await runBatch(env, statements);
  } catch (e) {
    if (isConstraintError(e, constraint)) throw await refusal();
    throw e;
  }
}
