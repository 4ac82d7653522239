import { drizzle } from "drizzle-orm/d1";

export type Db = ReturnType<typeof getDb>;

const cache = new WeakMap<D1Database, ReturnType<typeof create>>();
// No `schema` option: the app writes its queries with the query builder, never `db.query.*`, and the option would
// have drizzle rebuild its relational config of every table for each request's database session.
const create = (d1: D1Database) => drizzle(d1);

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
