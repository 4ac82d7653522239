// Reads prepared once per isolate (app/server/db/prepared.server.ts): each call runs on the database it is given,
// even when calls on different databases overlap, and joins that database's batch of reads.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env, registerUser } from "./fixtures";
import { FaultyD1, NO_FAULTS } from "./fixtures/faults";
import { preparedRead } from "~/server/db/prepared.server";
import { SessionDatabase } from "~/server/db/session.server";
import { users } from "~/server/db/schema";

const nameOf = preparedRead((db) =>
  db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare(),
);

/** A request's database over a binding that counts its calls to D1. */
function countedRequest() {
  const binding = new FaultyD1(env.DB, NO_FAULTS, () => 1, { before: 0, after: 0, afterCommit: 0, writeBatches: 0 });
  return { env: { ...env, DB: new SessionDatabase(binding, "first-primary") }, binding };
}

describe("a prepared read", () => {
  it("runs on the database of each call, with that call's values, when calls on two databases overlap", async () => {
    const [ana, bo] = await Promise.all([registerUser("Worker", "Ana Prepared"), registerUser("Buyer", "Bo Prepared")]);
    const first = countedRequest();
    const second = countedRequest();
    const [a, b] = await Promise.all([nameOf(first.env, { id: ana.id }), nameOf(second.env, { id: bo.id })]);
    expect(a).toEqual([{ name: "Ana Prepared" }]);
    expect(b).toEqual([{ name: "Bo Prepared" }]);
    expect([first.binding.calls, second.binding.calls]).toEqual([1, 1]);
  });

  it("joins the batch of the reads its request starts with it: one call to D1", async () => {
    const worker = await registerUser("Worker", "Cy Prepared");
    const request = countedRequest();
    const [[row], other] = await Promise.all([
      nameOf(request.env, { id: worker.id }),
      request.env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE id = ?").bind(worker.id).first<{ n: number }>(),
    ]);
    expect(row).toEqual({ name: "Cy Prepared" });
    expect(other).toEqual({ n: 1 });
    expect(request.binding.calls).toBe(1);
  });
});
