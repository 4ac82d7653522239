// The drizzle schema the code queries through must match the SQL migrations D1 actually runs.
import { describe, expect, it } from "vitest";
import { env, row } from "./fixtures";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "~/server/db/schema";

const tables = (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable));

describe("schema", () => {
  it("every drizzle table and column exists in the migrated D1 with the same nullability", async () => {
    expect(tables.length).toBeGreaterThanOrEqual(11);
    for (const table of tables) {
      const name = getTableName(table);
      const info = await env.DB.prepare(`PRAGMA table_xinfo(${name})`).all<{
        name: string;
        notnull: number;
        pk: number;
      }>();
      const inDb = new Map(info.results.map((c) => [c.name, c]));
      const columns = Object.values(getTableColumns(table));
      expect([...inDb.keys()].sort(), name).toEqual(columns.map((c) => c.name).sort());
      for (const c of columns)
        expect(Boolean(inDb.get(c.name)!.notnull || inDb.get(c.name)!.pk), `${name}.${c.name}`).toBe(c.notNull);
    }
  });

  it("the constraints that make overspending impossible are in place", async () => {
    const users = await row<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'users'");
    expect(users?.sql).toContain("CHECK (coin >= 0)");
    const tasks = await row<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'tasks'");
    expect(tasks?.sql).toContain("CHECK (required_workers >= 0)");
    const indexes = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all<{ name: string }>();
    const names = indexes.results.map((r) => r.name);
    for (const n of [
      "users_email_unique",
      "orders_payment_unique",
      "submissions_active_unique",
      "coin_ledger_payout_unique",
    ])
      expect(names).toContain(n);
  });

  it("list queries use indexes, not table scans", async () => {
    const plans: Record<string, string> = {
      "open tasks newest":
        "SELECT * FROM tasks WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= '2026-01-01' ORDER BY created_at DESC LIMIT 12",
      "buyer tasks":
        "SELECT * FROM tasks WHERE buyer_id = 'x' AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 10",
      "worker submissions": "SELECT * FROM submissions WHERE worker_id = 'x' ORDER BY created_at DESC LIMIT 10",
      "buyer pending":
        "SELECT * FROM submissions WHERE buyer_id = 'x' AND status = 'pending' ORDER BY created_at DESC LIMIT 20",
      "pending withdrawals": "SELECT * FROM withdrawals WHERE status = 'pending' ORDER BY created_at DESC LIMIT 20",
      orders: "SELECT * FROM orders WHERE user_id = 'x' ORDER BY created_at DESC LIMIT 20",
      notifications: "SELECT * FROM notifications WHERE user_id = 'x' ORDER BY created_at DESC LIMIT 8",
      "tasks requiring a qualification": "SELECT task_id FROM task_qualifications WHERE qualification_id = 'x'",
      "a qualification's attempts": "SELECT worker_id FROM qualification_attempts WHERE qualification_id = 'x'",
      "a qualification's holders":
        "SELECT * FROM qualification_grants WHERE qualification_id = 'x' ORDER BY granted_at DESC LIMIT 20",
    };
    for (const [label, q] of Object.entries(plans)) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q}`).all<{ detail: string }>();
      const text = plan.results.map((r) => r.detail).join(" | ");
      expect(text, label).toMatch(/USING (COVERING )?INDEX/);
      expect(text, label).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });
});
