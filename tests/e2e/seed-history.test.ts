// The demo data's history keeps the demo's promises on any day, at any hour, it runs (seed.test.ts checks the seed
// and its ledger on the served database).
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../app/lib/categories.ts";
import { checkLedger } from "../../scripts/ledger-check.ts";
import { localD1File, query } from "../../scripts/lib/wrangler.ts";
import { throwawayDatabase } from "./browser";

/** A demo account's id, as a subquery. */
const demo = (email: string) => `(SELECT id FROM users WHERE email = '${email}')`;

describe("the demo history", () => {
  it("the history keeps the demo's promises on any day it runs", { timeout: 600_000 }, async () => {
    const { playDemoHistory } = await import("../../scripts/seed-data.ts");
    for (const offsetHours of [0, 5, 13, 23, 24 * 40 + 7]) {
      const now = Date.now() + offsetHours * 3_600_000;
      const today = new Date(now).toISOString().slice(0, 10);
      const dir = throwawayDatabase();
      await playDemoHistory(localD1File(dir), now);
      const one = <T>(sql: string) => query<T>(sql, { persistTo: dir })[0];
      const values = (sql: string) => query<{ v: string }>(sql, { persistTo: dir }).map((r) => r.v);
      const coins = (email: string) => one<{ coin: number }>(`SELECT coin FROM users WHERE email = '${email}'`).coin;

      expect(checkLedger({ persistTo: dir }).holds).toBe(true);
      expect(
        one<{ n: number; verified: number }>(`SELECT COUNT(*) AS n, COUNT(email_verified_at) AS verified FROM users`),
      ).toEqual({ n: 20, verified: 20 });
      expect(coins("worker@coinwork.dev")).toBeGreaterThanOrEqual(200); // enough to withdraw
      expect(coins("buyer@coinwork.dev")).toBeGreaterThanOrEqual(300); // enough to post a task
      expect(values("SELECT DISTINCT category AS v FROM tasks").sort()).toEqual([...CATEGORIES].sort());
      expect(values("SELECT DISTINCT status AS v FROM submissions").sort()).toEqual([
        "approved",
        "cancelled",
        "pending",
        "rejected",
      ]);
      expect(values("SELECT DISTINCT status AS v FROM withdrawals").sort()).toEqual([
        "approved",
        "pending",
        "rejected",
      ]);
      expect(
        values(`SELECT DISTINCT status AS v FROM withdrawals WHERE worker_id = ${demo("worker@coinwork.dev")}`).sort(),
      ).toEqual(["approved", "pending", "rejected"]);
      expect(
        values(`SELECT DISTINCT status AS v FROM submissions WHERE worker_id = ${demo("worker@coinwork.dev")}`),
      ).toEqual(expect.arrayContaining(["approved", "pending", "rejected"]));
      expect(values(`SELECT status AS v FROM appeals`).sort()).toEqual(["overturned", "pending", "upheld"]);
      expect(values(`SELECT worker_id AS v FROM appeals WHERE status = 'pending'`)).toEqual([
        one<{ id: string }>(`SELECT id FROM users WHERE email = 'worker@coinwork.dev'`).id,
      ]);
      // work waiting for the demo buyer's review
      expect(
        one<{ n: number }>(
          `SELECT COUNT(*) AS n FROM submissions WHERE status = 'pending' AND buyer_id = ${demo("buyer@coinwork.dev")}`,
        ).n,
      ).toBeGreaterThanOrEqual(5);
      // most live tasks are due after the day the seed runs
      const due = values("SELECT completion_date AS v FROM tasks WHERE deleted_at IS NULL");
      expect(due.filter((d) => d >= today).length).toBeGreaterThan(due.length / 2);
      expect(
        one<{ n: number; unread: number }>(
          "SELECT COUNT(*) AS n, COUNT(*) - COUNT(read_at) AS unread FROM contact_messages",
        ),
      ).toEqual({ n: 3, unread: 2 });
    }
  });
});
