// The services' paging (app/server/db/paging.ts): the window a page asks for, and a page size written into the SQL.
import fc from "fast-check";
import { integer, QueryBuilder, sqliteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { pageWindow, writtenLimit } from "~/server/db/paging";

const rows = sqliteTable("rows", { n: integer("n") });

describe("writtenLimit", () => {
  it("writes the page size into the statement, while the offset stays bound", () => {
    const query = new QueryBuilder().select().from(rows).limit(writtenLimit(12)).offset(24).toSQL();
    expect(query.sql).toMatch(/ limit 12 offset \?$/);
    expect(query.params).toEqual([24]);
  });

  it("writes only a whole page size from 1 to 100, whatever pageWindow is asked", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (asked) => {
        const { limit } = pageWindow({ limit: asked }, 12);
        expect(new QueryBuilder().select().from(rows).limit(writtenLimit(limit)).toSQL().sql).toMatch(
          new RegExp(` limit ${limit}$`),
        );
      }),
    );
    for (const bad of [0, 101, 1.5, Number.NaN]) expect(() => writtenLimit(bad)).toThrow(RangeError);
  });
});
