// A request's reads started together go to D1 as one batch (app/server/db/read-batch.server.ts, decision 016), and
// each caller still gets exactly what D1 would have answered its own call: the same rows in the same order, the
// same shapes for all, first and raw, its own error and nobody else's.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { drizzle } from "drizzle-orm/d1";
import { desc, eq, sql } from "drizzle-orm";
import { alias, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ReadBatch } from "~/server/db/read-batch.server";
import { SessionDatabase } from "~/server/db/session.server";
import { env } from "./fixtures";

/** A D1 statement that counts the calls it makes on its own (each one a round trip). */
class CountedStatement {
  constructor(
    readonly statement: D1PreparedStatement,
    private readonly trips: { batches: number[]; alone: number },
  ) {}
  bind(...values: unknown[]) {
    return new CountedStatement(this.statement.bind(...values), this.trips);
  }
  all() {
    this.trips.alone++;
    return this.statement.all();
  }
  first(column?: string) {
    this.trips.alone++;
    return column === undefined ? this.statement.first() : this.statement.first(column);
  }
  raw() {
    this.trips.alone++;
    return this.statement.raw();
  }
}

/** A request's reads on the real local D1, counting the round trips they take. */
function countedReads() {
  const session = env.DB.withSession("first-primary");
  const trips = { batches: [] as number[], alone: 0 };
  const counted = {
    prepare: (sql: string) => new CountedStatement(session.prepare(sql), trips),
    batch: (statements: CountedStatement[]) => {
      trips.batches.push(statements.length);
      return session.batch(statements.map((s) => s.statement));
    },
  };
  return { reads: new ReadBatch(counted as unknown as D1DatabaseSession), trips };
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "CREATE TABLE IF NOT EXISTS read_batch_probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL, n INTEGER)",
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO read_batch_probe SELECT value, 'row ' || value, value % 7 FROM " +
        "(WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM s WHERE value < 60) SELECT value FROM s)",
    ),
  ]);
});

describe("reads started together", () => {
  it("go to D1 in one batch, and each caller gets its own call's answer", async () => {
    const { reads, trips } = countedReads();
    const [all, first, column, raw, none] = await Promise.all([
      reads.prepare("SELECT id, name FROM read_batch_probe WHERE n = ? ORDER BY id DESC LIMIT 3").bind(2).all(),
      reads.prepare("SELECT id, name FROM read_batch_probe WHERE id = ?").bind(5).first(),
      reads.prepare("SELECT count(*) AS total FROM read_batch_probe").first<number>("total"),
      reads.prepare("SELECT id, n FROM read_batch_probe ORDER BY n, id LIMIT 4").raw(),
      reads.prepare("SELECT id FROM read_batch_probe WHERE id < 0").first(),
    ]);
    expect(trips.batches).toEqual([5]);
    expect(trips.alone).toBe(0);
    expect(all.results).toEqual([
      { id: 58, name: "row 58" },
      { id: 51, name: "row 51" },
      { id: 44, name: "row 44" },
    ]);
    expect(first).toEqual({ id: 5, name: "row 5" });
    expect(column).toBe(60);
    expect(raw).toEqual([
      [7, 0],
      [14, 0],
      [21, 0],
      [28, 0],
    ]);
    expect(none).toBeNull();
  });

  it("a read alone runs alone, and reads one after another each go when they are started", async () => {
    const { reads, trips } = countedReads();
    const one = await reads.prepare("SELECT name FROM read_batch_probe WHERE id = 1").first<string>("name");
    const two = await reads.prepare("SELECT name FROM read_batch_probe WHERE id = 2").first<string>("name");
    expect([one, two]).toEqual(["row 1", "row 2"]);
    expect(trips.batches).toEqual([]);
    expect(trips.alone).toBe(2);
  });

  it("raw keeps repeated column names, integer-like names and WITH queries in D1's own order", async () => {
    const queries = [
      // two columns named id and two named name: a batch answers objects, where one of each would be lost
      "SELECT a.id, b.id, a.name, b.name FROM read_batch_probe a JOIN read_batch_probe b ON b.id = a.id + 1 ORDER BY a.id DESC LIMIT 3",
      // an object puts the key "1" first: this one is run on its own
      "SELECT name, 1, id FROM read_batch_probe WHERE id < 4 ORDER BY id",
      "WITH odd AS (SELECT id, n FROM read_batch_probe WHERE id % 2 = 1) SELECT n, count(*) FROM odd GROUP BY n ORDER BY n -- the last line's comment",
    ];
    const { reads, trips } = countedReads();
    const batched = await Promise.all(queries.map((q) => reads.prepare(q).raw()));
    const alone = await Promise.all(queries.map((q) => env.DB.prepare(q).raw()));
    expect(batched).toEqual(alone);
    expect(batched[0][0]).toEqual([59, 60, "row 59", "row 60"]);
    expect(trips.batches).toEqual([3]);
    expect(trips.alone).toBe(1);
  });

  it("a failing read fails its own caller with D1's error, and the others get their answers", async () => {
    const { reads } = countedReads();
    const [good, bad, missingColumn, alsoGood] = await Promise.allSettled([
      reads.prepare("SELECT name FROM read_batch_probe WHERE id = 3").first<string>("name"),
      reads.prepare("SELECT no_such_column FROM read_batch_probe").all(),
      reads.prepare("SELECT id FROM read_batch_probe WHERE id = 3").first("name"),
      reads.prepare("SELECT id FROM read_batch_probe WHERE id = 4").raw(),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: "row 3" });
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/no such column: no_such_column/);
    expect(missingColumn.status).toBe("rejected");
    const aloneError = await env.DB.prepare("SELECT id FROM read_batch_probe WHERE id = 3")
      .first("name")
      .then(() => "no error", String);
    expect(String((missingColumn as PromiseRejectedResult).reason)).toBe(aloneError);
    expect(alsoGood).toEqual({ status: "fulfilled", value: [[4]] });
  });

  it("any select list, filter and order answers in a batch as it does alone (property)", async () => {
    const column = fc.constantFrom("a.id", "b.id", "a.name", "b.name", "a.n", "b.n", "a.n * 2", "1", "'x'", "NULL");
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            columns: fc.array(column, { minLength: 1, maxLength: 5 }),
            below: fc.integer({ min: 0, max: 62 }),
            order: fc.constantFrom("a.id", "a.n, a.id DESC", "b.name"),
            limit: fc.integer({ min: 0, max: 8 }),
            method: fc.constantFrom("all", "raw", "first"),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (queries) => {
          const sqls = queries.map(
            (q) =>
              `SELECT ${q.columns.join(", ")} FROM read_batch_probe a LEFT JOIN read_batch_probe b ON b.id = a.id + 1 ` +
              `WHERE a.id < ? ORDER BY ${q.order} LIMIT ${q.limit}`,
          );
          const run = (db: { prepare(sql: string): D1PreparedStatement }) =>
            Promise.all(
              queries.map((q, i) => {
                const s = db.prepare(sqls[i]).bind(q.below);
                return q.method === "all" ? s.all().then((r) => r.results) : q.method === "raw" ? s.raw() : s.first();
              }),
            );
          const { reads } = countedReads();
          expect(await run(reads)).toEqual(await run(env.DB));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("the request's database", () => {
  it("holds its reads, drizzle's included, and hands writes and batches to D1 as they come", async () => {
    const probe = sqliteTable("read_batch_probe", { id: integer("id").primaryKey(), name: text("name").notNull() });
    const next = alias(probe, "next");
    // both columns are named id, and name: drizzle reads them by position from raw()
    const pairs = (orm: ReturnType<typeof drizzle>) =>
      orm
        .select({ id: probe.id, nextId: next.id, name: probe.name, nextName: next.name })
        .from(probe)
        .innerJoin(next, eq(next.id, sql`${probe.id} + 1`))
        .orderBy(desc(probe.id))
        .limit(2);
    const db = new SessionDatabase(env.DB, "first-primary");
    const [held, count] = await Promise.all([
      pairs(drizzle(db)),
      drizzle(db)
        .select({ n: sql<number>`count(*)` })
        .from(probe),
    ]);
    expect(held).toEqual([
      { id: 59, nextId: 60, name: "row 59", nextName: "row 60" },
      { id: 58, nextId: 59, name: "row 58", nextName: "row 59" },
    ]);
    expect(held).toEqual(await pairs(drizzle(env.DB)));
    expect(count).toEqual([{ n: 60 }]);
    expect(db.wrote).toBe(false);

    // a write is D1's own statement, and a batch takes held reads beside writes
    const write = db.prepare("UPDATE read_batch_probe SET name = name WHERE id = ?").bind(1);
    const read = db.prepare("SELECT name FROM read_batch_probe WHERE id = ?").bind(1);
    const [changed, readBack] = await db.batch<{ name: string }>([write, read]);
    expect(changed.meta.changes).toBe(1);
    expect(readBack.results).toEqual([{ name: "row 1" }]);
    expect(db.wrote).toBe(true);
  });
});
