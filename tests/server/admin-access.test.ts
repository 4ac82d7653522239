// Who may see and use the admin screens: only a signed-in Admin. Every page and every action of every page,
// for anonymous visitors, workers and buyers (and a demoted admin, and a removed one), as a document request
// and as the client router's `.data` request; nothing may change.
import { describe, expect, it } from "vitest";
import {
  addContactMessage,
  adminWorld,
  balance,
  call,
  env,
  expectRedirect,
  jsPost,
  makeAdmin,
  pendingWithdrawal,
  registerUser,
  row,
  sessionUser,
  taskWithPendingSubmission,
  type TestUser,
} from "./fixtures";
import { changeRole, removeUser } from "~/server/services/users.server";

const ADMIN_PAGES = [
  "/dashboard/adminhome",
  "/dashboard/managetasks",
  "/dashboard/manageusers",
  "/dashboard/messages",
  "/dashboard/auditlog",
  "/dashboard/ledger",
] as const;

type Caller = { label: string; cookie?: string; expect: (location: string | null) => void };

async function callers(): Promise<Caller[]> {
  const worker = await registerUser("Worker");
  const buyer = await registerUser("Buyer");
  const unauthorized = (l: string | null) => expect(l).toBe("/unauthorized");
  return [
    { label: "anonymous", expect: (l) => expect(l).toMatch(/^\/login\?redirectTo=%2Fdashboard%2F/) },
    { label: "worker", cookie: worker.cookie, expect: unauthorized },
    { label: "buyer", cookie: buyer.cookie, expect: unauthorized },
  ];
}

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** A redirect in the client router's `.data` answer (single fetch): 202 with the target in the body. */
function dataRedirect(status: number, text: string): string | null {
  if (status !== 202) return null;
  const m = /"redirect","([^"]+)"/.exec(text);
  return m ? m[1].replace(/\\u0026/g, "&") : null;
}

describe("admin pages refuse non-admins", () => {
  it.each(ADMIN_PAGES)("GET %s", async (path) => {
    for (const c of await callers()) {
      const res = await call(path, { headers: c.cookie ? { Cookie: c.cookie } : {} });
      expect(res.status, `${c.label} ${path}`).toBe(302);
      c.expect(res.headers.get("Location"));
      const body = await res.text();
      expect(body).not.toContain("Total buyers");
      // the client router's data request is refused the same way, with no loader data in it
      const data = await call(`${path}.data`, { headers: c.cookie ? { Cookie: c.cookie } : {} });
      const text = await data.text();
      c.expect(dataRedirect(data.status, text));
      expect(text).not.toMatch(/"stats"|"users"|"tasks"|"messages"|"figures"|"log"/);
    }
  });

  it("admins see every page", async () => {
    const admin = await makeAdmin();
    for (const path of ADMIN_PAGES) {
      const res = await call(path, { headers: { Cookie: admin.cookie } });
      expect(res.status, path).toBe(200);
    }
  });
});

describe("admin actions refuse non-admins and change nothing", () => {
  it("every action of every page, with and without JavaScript", async () => {
    const w = await adminWorld();
    const { worker: payee, request } = await pendingWithdrawal(w);
    const { buyer, task } = await taskWithPendingSubmission();
    const victim = await registerUser("Worker");
    const messageId = await addContactMessage({ subject: "Access check" });
    const before = { payee: await balance(payee.id), buyer: await balance(buyer.id), victim: await balance(victim.id) };

    const actions: [string, Record<string, string>][] = [
      ["/dashboard/adminhome", { intent: "approve", id: request.id, payout_reference: "TX1" }],
      ["/dashboard/adminhome", { intent: "taka_rate", taka_per_dollar: "1" }],
      ["/dashboard/adminhome", { intent: "reject", id: request.id, reason: "no" }],
      ["/dashboard/managetasks", { intent: "delete", id: task.id, reason: "no" }],
      ["/dashboard/manageusers", { intent: "role", id: victim.id, role: "Admin" }],
      ["/dashboard/manageusers", { intent: "adjust", id: victim.id, addcoin: "500", reason: "free coins" }],
      ["/dashboard/manageusers", { intent: "remove", id: victim.id }],
      ["/dashboard/messages", { intent: "read", id: messageId }],
      ["/dashboard/messages", { intent: "unread", id: messageId }],
    ];
    for (const c of await callers()) {
      for (const [path, fields] of actions) {
        const label = `${c.label} ${path} ${fields.intent}`;
        const res = await call(path, {
          method: "POST",
          body: form(fields),
          headers: c.cookie ? { Cookie: c.cookie } : {},
        });
        expect(res.status, label).toBe(302);
        c.expect(res.headers.get("Location"));
        const js = await jsPost(path, fields, c.cookie);
        c.expect(dataRedirect(js.status, js.text));
      }
    }

    const w2 = await row<{ status: string }>("SELECT status FROM withdrawals WHERE id = ?", request.id);
    expect(w2?.status).toBe("pending");
    const t = await row<{ deleted_at: number | null }>("SELECT deleted_at FROM tasks WHERE id = ?", task.id);
    expect(t?.deleted_at).toBeNull();
    const v = await row<{ role: string; disabled_at: number | null }>(
      "SELECT role, disabled_at FROM users WHERE id = ?",
      victim.id,
    );
    expect(v).toEqual({ role: "Worker", disabled_at: null });
    const m = await row<{ read_at: number | null }>("SELECT read_at FROM contact_messages WHERE id = ?", messageId);
    expect(m?.read_at).toBeNull();
    expect({
      payee: await balance(payee.id),
      buyer: await balance(buyer.id),
      victim: await balance(victim.id),
    }).toEqual(before);
    const audit = await row<{ n: number }>(
      "SELECT COUNT(*) AS n FROM audit_log WHERE target_id IN (?, ?, ?)",
      request.id,
      task.id,
      victim.id,
    );
    expect(audit?.n).toBe(0);
  });

  it("an admin who was demoted or removed loses the admin screens on the next request", async () => {
    const w = await adminWorld();
    const demoted: TestUser = await makeAdmin();
    const removed: TestUser = await makeAdmin();
    expect((await call("/dashboard/manageusers", { headers: { Cookie: demoted.cookie } })).status).toBe(200);
    await changeRole(env, w.adminUser, demoted.id, "Buyer");
    await removeUser(env, w.adminUser, removed.id, "left the company");

    const page = await call("/dashboard/manageusers", { headers: { Cookie: demoted.cookie } });
    expectRedirect(page, "/unauthorized");
    const victim = await registerUser("Worker");
    const act = await call("/dashboard/manageusers", {
      method: "POST",
      body: form({ intent: "role", id: victim.id, role: "Buyer" }),
      headers: { Cookie: demoted.cookie },
    });
    expect(act.headers.get("Location")).toBe("/unauthorized");

    const gone = await call("/dashboard/adminhome", { headers: { Cookie: removed.cookie } });
    expect(gone.status).toBe(302);
    expect(gone.headers.get("Location")).toMatch(/^\/login/);
    expect((await sessionUser(victim.id)).role).toBe("Worker");
  });
});
