import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

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
