// Shared set-ups for the admin screen tests (tests/server/admin-*.test.ts).
import { expect } from "vitest";
import { call, env, makeAdmin, registerUser, sessionUser, taskInput, type TestUser } from "./helpers";
import { adjustCoins } from "~/server/services/users.server";
import { requestWithdrawal } from "~/server/services/withdrawals.server";
import { postTask } from "~/server/services/tasks.server";
import { createSubmission } from "~/server/services/submissions.server";
import type { Flash } from "~/lib/flash";

export const ADMIN_PAGES = [
  "/dashboard/adminhome",
  "/dashboard/managetasks",
  "/dashboard/manageusers",
  "/dashboard/messages",
  "/dashboard/auditlog",
  "/dashboard/ledger",
] as const;

export function tag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** The flash a no-JavaScript action left for the next page (cw_flash cookie). */
export function flashOf(res: Response): Flash | null {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    if (pair.startsWith("cw_flash=") && pair.length > "cw_flash=".length)
      return JSON.parse(decodeURIComponent(pair.slice("cw_flash=".length))) as Flash;
  }
  return null;
}

/** A page action called the way the page's fetchers call it (single-fetch `.data`, marked `_js=1`). */
export async function jsPost(path: string, fields: Record<string, string>, cookie?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, _js: "1" })) form.append(k, v);
  const res = await call(`${path}.data`, { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, text: await res.text(), res };
}

/** A page's HTML, with React's text separators (<!-- -->) removed so sentences read as the browser shows them. */
export async function html(path: string, cookie: string): Promise<{ status: number; text: string }> {
  const res = await call(path, { headers: { Cookie: cookie } });
  return { status: res.status, text: (await res.text()).replace(/<!-- -->/g, "") };
}

/** Asserts the page contains (or lacks) each needle, naming the needle instead of printing the whole page. */
export function expectText(text: string, needles: (string | RegExp)[], present = true) {
  for (const n of needles) {
    const found = typeof n === "string" ? text.includes(n) : n.test(text);
    expect(found, `${present ? "missing" : "unexpected"}: ${String(n)}`).toBe(present);
  }
}

export interface AdminWorld {
  admin: TestUser;
  adminUser: Awaited<ReturnType<typeof sessionUser>>;
}

export async function adminWorld(): Promise<AdminWorld> {
  const admin = await makeAdmin();
  return { admin, adminUser: await sessionUser(admin.id) };
}

/** A worker with a pending withdrawal of `coins` (the coins are held: the balance is what is left). */
export async function pendingWithdrawal(w: AdminWorld, coins = 250, extra = 40) {
  const worker = await registerUser("Worker", `Payee ${tag()}`);
  await adjustCoins(env, w.adminUser, worker.id, coins + extra - 10, "test funding");
  const account = `ACC-${tag()}`;
  const request = await requestWithdrawal(env, await sessionUser(worker.id), {
    withdrawal_coin: coins,
    payment_system: "Bkash",
    account_number: account,
  });
  return { worker, account, request };
}

/** A buyer's task (3 slots x 5 coins) with one pending submission by a worker. */
export async function taskWithPendingSubmission(w: AdminWorld, title = `Task ${tag()}`) {
  const buyer = await registerUser("Buyer", `Buyer ${tag()}`);
  const worker = await registerUser("Worker", `Worker ${tag()}`);
  const task = await postTask(
    env,
    await sessionUser(buyer.id),
    taskInput({ task_title: title, required_workers: 3, payable_amount: 5 }),
  );
  await createSubmission(env, await sessionUser(worker.id), {
    task_id: task.id,
    submission_details: "done",
    submission_image_url: "",
  });
  void w;
  return { buyer, worker, task, title };
}

export async function auditRows(targetId: string) {
  const { results } = await env.DB.prepare(
    "SELECT actor_id, action, target_type, detail, reason FROM audit_log WHERE target_id = ? ORDER BY created_at",
  )
    .bind(targetId)
    .all<{ actor_id: string; action: string; target_type: string; detail: string | null; reason: string | null }>();
  return results;
}

export async function addContactMessage(fields: {
  name?: string;
  email?: string;
  subject: string;
  message?: string;
  createdAt?: number;
}) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO contact_messages (id, name, email, subject, message, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      fields.name ?? "Visitor",
      fields.email ?? "visitor@example.com",
      fields.subject,
      fields.message ?? "Hello there",
      fields.createdAt ?? Date.now(),
    )
    .run();
  return id;
}
