// Audit log: every admin action with who, what, target, when and why, paginated and filterable.
// Ledger: the conservation identity's figures as the page shows them, consistent with the database.
import { describe, expect, it } from "vitest";
import {
  adminWorld,
  env,
  expectText,
  jsPost,
  pageHtml,
  pendingWithdrawal,
  registerUser,
  row,
  sessionUser,
  taskWithPendingSubmission,
} from "./fixtures";
import { getDb } from "~/server/db/client.server";
import { conservation } from "~/server/services/ledger.server";
import { formatDateTime } from "~/lib/format";

describe("Audit log", () => {
  it("shows each kind of admin action made through the screens, with the admin, the target, the detail and the reason", async () => {
    const w = await adminWorld();
    const admin = await sessionUser(w.admin.id);
    const target = await registerUser("Worker", "Audit Target");
    const { request, worker: payee } = await pendingWithdrawal(w);
    const rejected = await pendingWithdrawal(w);
    const { task, title } = await taskWithPendingSubmission();
    const doomed = await registerUser("Buyer", "Doomed Buyer");

    await jsPost("/dashboard/manageusers", { intent: "role", id: target.id, role: "Buyer" }, w.admin.cookie);
    await jsPost(
      "/dashboard/manageusers",
      { intent: "adjust", id: target.id, addcoin: "7", reason: "Audit bonus" },
      w.admin.cookie,
    );
    await jsPost(
      "/dashboard/manageusers",
      { intent: "remove", id: doomed.id, reason: "Audit removal" },
      w.admin.cookie,
    );
    await jsPost("/dashboard/managetasks", { intent: "delete", id: task.id, reason: "Audit delete" }, w.admin.cookie);
    await jsPost(
      "/dashboard/adminhome",
      { intent: "approve", id: request.id, payout_reference: "AUD1T0001" },
      w.admin.cookie,
    );
    await jsPost(
      "/dashboard/adminhome",
      { intent: "reject", id: rejected.request.id, reason: "Audit reject" },
      w.admin.cookie,
    );

    const page = await pageHtml("/dashboard/auditlog", w.admin.cookie);
    expect(page.status).toBe(200);
    const payeeEmail = (await sessionUser(payee.id)).email;
    expectText(page.text, [
      `${admin.name}</span> <span class="text-muted-foreground">changed the role of</span> <span class="font-semibold">Audit Target</span>`,
      `${target.email}: Worker → Buyer`,
      "adjusted the coins of",
      "+7 coins to",
      "Audit bonus",
      'removed</span> <span class="font-semibold">Doomed Buyer',
      "Audit removal",
      `deleted the task</span> <span class="font-semibold">“${title}”`,
      "Audit delete",
      "approved the withdrawal of",
      payeeEmail,
      "rejected the withdrawal of",
      "Audit reject",
      `by ${admin.email}`,
    ]);
    const entry = await row<{ created_at: number }>("SELECT created_at FROM audit_log WHERE target_id = ?", request.id);
    expectText(page.text, [formatDateTime(entry!.created_at, "UTC")]);
  });

  it("filters by action and pages, newest first", async () => {
    const w = await adminWorld();
    const people = [];
    for (let i = 0; i < 22; i++) people.push(await registerUser("Worker", `Bulk ${i}`));
    for (const p of people)
      await jsPost("/dashboard/manageusers", { intent: "role", id: p.id, role: "Buyer" }, w.admin.cookie);
    const onlyRoles = await pageHtml("/dashboard/auditlog?action=user.role", w.admin.cookie);
    const actions = [...onlyRoles.text.matchAll(/data-action="([^"]+)"/g)].map((m) => m[1]);
    expect(actions).toHaveLength(20);
    expect(new Set(actions)).toEqual(new Set(["user.role"]));
    expectText(onlyRoles.text, ["Page 1 of"]);
    // the newest entry first
    expect(onlyRoles.text.indexOf(people[21].email)).toBeLessThan(onlyRoles.text.indexOf(people[20].email));
    const n = (await row<{ n: number }>("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'user.role'"))!.n;
    const last = await pageHtml(`/dashboard/auditlog?action=user.role&page=${Math.ceil(n / 20)}`, w.admin.cookie);
    expect([...last.text.matchAll(/data-action=/g)]).toHaveLength(n - 20 * (Math.ceil(n / 20) - 1));
    expect((await pageHtml("/dashboard/auditlog?action=drop-table", w.admin.cookie)).status).toBe(200);
  });
});

describe("Ledger", () => {
  it("shows the identity's figures as the database has them, and says whether it holds", async () => {
    const w = await adminWorld();
    await pendingWithdrawal(w);
    await taskWithPendingSubmission();
    const page = await pageHtml("/dashboard/ledger", w.admin.cookie);
    const f = await conservation(getDb(env));
    expect(page.status).toBe(200);
    const figure = (key: string) => {
      const m = new RegExp(`data-testid="ledger-${key}"[\\s\\S]*?font-bold tabular-nums">([\\d,]+)<`).exec(page.text);
      return m ? Number(m[1].replace(/,/g, "")) : NaN;
    };
    expect(figure("created")).toBe(f.created);
    expect(figure("balances")).toBe(f.balances);
    expect(figure("escrowOpenSlots")).toBe(f.escrowOpenSlots);
    expect(figure("escrowHeld")).toBe(f.escrowHeld);
    expect(figure("escrowPending")).toBe(f.escrowPending);
    expect(figure("heldForWithdrawals")).toBe(f.heldForWithdrawals);
    expect(figure("paidOut")).toBe(f.paidOut);
    expect(f.escrowPending).toBeGreaterThan(0);
    expect(f.heldForWithdrawals).toBeGreaterThan(0);
    const accounted =
      f.balances + f.escrowOpenSlots + f.escrowHeld + f.escrowPending + f.heldForWithdrawals + f.paidOut;
    expect(figure("accounted")).toBe(accounted);
    expectText(page.text, [f.holds ? "The ledger balances" : "Warning: the ledger does not balance"]);
    // the other verdict is not shown (the page's data carries both in its words)
    const shown = page.text.replace(/<script[\s\S]*?<\/script>/g, "");
    expectText(shown, [f.holds ? "Warning: the ledger does not balance" : "The ledger balances"], false);
  });

  it("warns when a balance no longer matches the ledger, and lists the user", async () => {
    const w = await adminWorld();
    const victim = await registerUser("Worker");
    // corrupt one cached balance behind the ledger's back (what the page exists to catch)
    await env.DB.prepare("UPDATE users SET coin = coin + 3 WHERE id = ?").bind(victim.id).run();
    try {
      const page = await pageHtml("/dashboard/ledger", w.admin.cookie);
      expectText(page.text, [
        "Warning: the ledger does not balance",
        'role="alert"',
        "cached balance differs",
        victim.email,
        "Balances that differ from the ledger",
      ]);
      const home = await pageHtml("/dashboard/adminhome", w.admin.cookie);
      expectText(home.text, ["The ledger does not balance"]);
    } finally {
      await env.DB.prepare("UPDATE users SET coin = coin - 3 WHERE id = ?").bind(victim.id).run();
    }
    expectText((await pageHtml("/dashboard/ledger", w.admin.cookie)).text, [victim.email], false);
  });
});
