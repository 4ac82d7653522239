// Your data, your account (docs/product/your-data.md): every user downloads what Coinwork holds about them as JSON,
// and closes their account after reading what happens: sign-in ends, the person is anonymised, open tasks are closed
// and refunded, the ledger stays and the coins still add up; a buyer with work to review and the last admin wait.
import { describe, expect, it } from "vitest";
import {
  adminWorld,
  approveAs,
  call,
  env,
  expectBooksAgree,
  flashOf,
  funded,
  getPage,
  holds,
  jsPost,
  newPayment,
  newWithdrawal,
  PASSWORD,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  submissionBy,
  taskOf,
  textOf,
  uniqueEmail,
  uniqueToken,
} from "./fixtures";
import yourDataPage from "../../docs/product/your-data.md?raw";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { approveWithdrawal } from "~/server/services/withdrawals.server";
import { WRONG_PASSWORD } from "~/server/services/passwords.server";
import {
  CLOSED_ACCOUNT_NAME,
  CONFIRM_WITH_EMAIL,
  LAST_ADMIN_CANNOT_CLOSE,
  REVIEWS_BLOCK_CLOSING,
  type AccountData,
} from "~/server/services/own-account.server";

const DATA = "/dashboard/settings/data";
const CLOSE = "/dashboard/settings/close";

/** The parts table of docs/product/your-data.md: each part's "Another person in it" cell. */
function documentedParts(): Map<string, string> {
  const rows = [...yourDataPage.matchAll(/^\| `(\w+)` \| [^|]+ \| ([^|]+) \|$/gm)];
  return new Map(rows.map((m) => [m[1], m[2].trim()]));
}

/** Where in the download a text occurs: the paths of the strings holding it ("notifications.0.message"). */
function pathsHolding(value: unknown, needle: string, path = ""): string[] {
  if (typeof value === "string") return value.includes(needle) ? [path] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => pathsHolding(v, needle, path ? `${path}.${k}` : k));
}

async function download(cookie: string) {
  const res = await call(DATA, { headers: { Cookie: cookie } });
  return { res, data: res.status === 200 ? ((await res.json()) as AccountData) : null };
}

/** Signs in through the login page from an address of its own: the session cookie, or null. */
async function signIn(email: string, password = PASSWORD) {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  const res = await call("/login", {
    method: "POST",
    body: form,
    headers: { "CF-Connecting-IP": `10.60.${Math.floor(Math.random() * 250)}.7` },
  });
  return res.status === 302 ? res : null;
}

describe("your data", () => {
  it("downloads as JSON everything the account holds: profile, tasks, submissions, withdrawals, orders, ledger, notifications", async () => {
    const buyer = await funded("Buyer", 500, "Dana Download");
    const worker = await funded("Worker", 400);
    const task = await taskOf(buyer, { task_title: "Sort twelve receipts", required_workers: 2, payable_amount: 20 });
    const submission = await submissionBy(worker, task.id, "sorted them by date");
    await approveAs(buyer, submission.id);
    const paid = await rest("POST", "/orders", buyer.token, { payment_id: (await newPayment(buyer, 10)).paymentId });
    expect(paid.status).toBe(201);
    await newWithdrawal(worker, 200, "01711112222");
    await env.DB.prepare("UPDATE users SET country = 'PT' WHERE id = ?").bind(buyer.id).run();

    const { res, data } = await download(buyer.cookie);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="coinwork-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(data!.profile).toMatchObject({
      id: buyer.id,
      name: "Dana Download",
      email: buyer.email,
      role: "Buyer",
      country: "PT",
    });
    expect(data!.profile.coins).toBe((await sessionUser(buyer.id)).coin);
    expect(data!.tasks.map((t) => t.title)).toEqual(["Sort twelve receipts"]);
    expect(data!.submissions).toMatchObject([{ id: submission.id, as: "buyer", status: "approved", pay: 20 }]);
    expect(data!.orders).toHaveLength(1);
    // every ledger posting of the account, and they add up to its balance
    expect(data!.ledger.map((l) => l.kind)).toEqual(
      expect.arrayContaining(["signup_bonus", "task_charge", "purchase"]),
    );
    expect(data!.ledger.reduce((sum, l) => sum + l.coins, 0)).toBe(data!.profile.coins);
    expect(data!.notifications.some((n) => n.message.includes("Sort twelve receipts"))).toBe(true);
    // nobody else's records, no password hash
    const text = JSON.stringify(data);
    expect(text).not.toContain(worker.email);
    expect(text).not.toMatch(/pbkdf2/);

    const own = (await download(worker.cookie)).data!;
    expect(own.submissions).toMatchObject([{ id: submission.id, as: "worker", details: "sorted them by date" }]);
    expect(own.withdrawals).toMatchObject([{ coins: 200, accountNumber: "01711112222", status: "pending" }]);
    expect(own.tasks).toEqual([]);
  });

  it("holds every part the page lists, and another person's name only where the page says: the notifications", async () => {
    const tag = uniqueToken();
    const names = { buyer: `Bea Quill ${tag}`, worker: `Wes Thorn ${tag}` };
    const buyer = await funded("Buyer", 500, names.buyer);
    const worker = await funded("Worker", 10, names.worker);
    const task = await taskOf(buyer, { task_title: `Label photos ${tag}`, required_workers: 1, payable_amount: 10 });
    const submission = await submissionBy(worker, task.id, "labelled all twelve");
    await approveAs(buyer, submission.id);
    const bonus = { submission_id: submission.id, coins: 2, reason: "Neat", request_key: uniqueToken("bonus") };
    expect((await rest("POST", "/bonuses", buyer.token, bonus)).status).toBe(201);
    for (const [from, body] of [
      [worker, "Was the order right?"],
      [buyer, "Yes, thank you."],
    ] as const)
      expect((await rest("POST", "/messages", from.token, { submission_id: submission.id, body })).status).toBe(201);

    const parts = documentedParts();
    for (const [self, other, otherName] of [
      [buyer, worker, names.worker],
      [worker, buyer, names.buyer],
    ] as const) {
      const data = (await download(self.cookie)).data!;
      expect(new Set(parts.keys()), "the page lists every part").toEqual(
        new Set(Object.keys(data).filter((k) => k !== "exportedAt")),
      );
      const named = pathsHolding(data, otherName);
      // the other side's submission, approval, bonus and message each told this user, by name
      expect(named.length).toBeGreaterThan(0);
      for (const path of named) {
        expect(path).toMatch(/^notifications\.\d+\.message$/);
        expect(parts.get(path.split(".")[0]), `the page says ${path} may name another person`).toMatch(/names/);
      }
      expect(JSON.stringify(data)).not.toContain(other.email);
    }
  });

  it("is for the signed-in user alone, at most 5 downloads an hour", async () => {
    const anonymous = await call(DATA);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(DATA)}`);
    const u = await registerUser("Worker");
    const settings = await textOf(await getPage("/dashboard/settings", u.cookie));
    expect(settings).toContain("Download your data");
    for (let i = 0; i < 5; i++) expect((await download(u.cookie)).res.status).toBe(200);
    // the sixth goes back to Settings, which says why
    const limited = (await download(u.cookie)).res;
    expect(limited.status).toBe(302);
    expect(limited.headers.get("Location")).toBe("/dashboard/settings");
    expect(flashOf(limited)).toMatchObject({ type: "error", title: "Download not ready" });
  });
});

describe("closing your account", () => {
  it("a worker is told the coins are lost and withdrawals stay; with the password the account closes for good", async () => {
    const w = await adminWorld();
    const worker = await funded("Worker", 450, "Wes Leaving");
    const withdrawal = await newWithdrawal(worker, 300, "01733334444");
    const ids = [worker.id, w.admin.id];

    const page = await textOf(await getPage(CLOSE, worker.cookie));
    expect(page).toContain("Your balance of 150 coins is lost");
    expect(page).toContain("pending withdrawal ($15.00) stays with the admins");
    expect(page).toContain("Current password");

    const wrong = await postForm(CLOSE, { currentPassword: "Not-My-Password-9" }, worker.cookie);
    expect(wrong.status).toBe(422);
    expect(await textOf(wrong)).toContain(WRONG_PASSWORD);
    expect((await sessionUser(worker.id)).name).toBe("Wes Leaving");

    await env.DB.prepare("UPDATE users SET country = 'PT' WHERE id = ?").bind(worker.id).run();
    const closed = await postForm(CLOSE, { currentPassword: PASSWORD }, worker.cookie);
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe("/");
    expect(flashOf(closed)).toMatchObject({ type: "success", title: "Account closed" });
    expect(closed.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);

    // signed out everywhere, and no way back in: the address is no longer the account's
    expect((await getPage("/dashboard/workerhome", worker.cookie)).status).toBe(302);
    expect(await signIn(worker.email)).toBeNull();
    const after = await row<{
      name: string;
      email: string;
      photo: string | null;
      password_hash: string | null;
      disabled_at: number;
      country: string | null;
    }>("SELECT name, email, photo, password_hash, disabled_at, country FROM users WHERE id = ?", worker.id);
    expect(after).toMatchObject({ name: CLOSED_ACCOUNT_NAME, photo: null, password_hash: null, country: null });
    expect(after!.email).toBe(`closed-${worker.id}@closed.invalid`);
    expect(after!.disabled_at).toBeGreaterThan(0);
    // the ledger and the money history stay; the coins still add up
    const kinds = await env.DB.prepare("SELECT kind FROM coin_ledger WHERE user_id = ? ORDER BY created_at")
      .bind(worker.id)
      .all<{ kind: string }>();
    expect(kinds.results.map((k) => k.kind)).toEqual(["signup_bonus", "admin_adjustment", "withdrawal_hold"]);
    expect(await holds(ids)).toBe(true);
    // the pending withdrawal is still the admins' to decide, and paying it keeps the identity
    await approveWithdrawal(env, w.adminUser, withdrawal.id);
    await expectBooksAgree(ids);
    // the address is free for a new account
    const again = await postForm("/register", {
      name: "Wes Again",
      email: worker.email,
      password: PASSWORD,
      role: "Worker",
    });
    expect(again.status).toBe(302);
  });

  it("a buyer with submissions to review is told to review them first; after that, open tasks are closed and refunded", async () => {
    const buyer = await funded("Buyer", 300, "Bea Leaving");
    const worker = await registerUser("Worker");
    const open = await taskOf(buyer, { task_title: "Still open", required_workers: 4, payable_amount: 10 });
    const reviewed = await taskOf(buyer, { task_title: "Being reviewed", required_workers: 2, payable_amount: 5 });
    const submission = await submissionBy(worker, reviewed.id);
    const ids = [buyer.id, worker.id];

    const page = await textOf(await getPage(CLOSE, buyer.cookie));
    expect(page).toContain(REVIEWS_BLOCK_CLOSING);
    expect(page).not.toContain("Close my account");
    const refused = await postForm(CLOSE, { currentPassword: PASSWORD }, buyer.cookie);
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain(REVIEWS_BLOCK_CLOSING);
    const enhanced = await jsPost(CLOSE, { currentPassword: PASSWORD }, buyer.cookie);
    expect(enhanced.status).toBe(409);
    expect((await sessionUser(buyer.id)).name).toBe("Bea Leaving");

    await approveAs(buyer, submission.id);
    const balance = (await sessionUser(buyer.id)).coin;
    const told = await textOf(await getPage(CLOSE, buyer.cookie));
    expect(told).toContain("Your 2 open tasks are closed, and the 45 coins held for them come back to your balance.");
    expect(told).toContain(`Your balance of ${balance + 45} coins is lost`);
    expect((await postForm(CLOSE, { currentPassword: PASSWORD }, buyer.cookie)).status).toBe(302);

    const tasks = await row<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE buyer_id = ? AND deleted_at IS NULL",
      buyer.id,
    );
    expect(tasks!.n).toBe(0);
    expect((await row<{ coin: number }>("SELECT coin FROM users WHERE id = ?", buyer.id))!.coin).toBe(balance + 45);
    const refunds = await row<{ n: number }>(
      "SELECT COUNT(*) AS n FROM coin_ledger WHERE user_id = ? AND kind = 'task_refund' AND task_id IN (?, ?)",
      buyer.id,
      open.id,
      reviewed.id,
    );
    expect(refunds!.n).toBe(2);
    await expectBooksAgree(ids);
    // the audit log names no one
    const audit = await row<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE target_id = ? AND action = 'user.close'",
      buyer.id,
    );
    expect(audit!.detail).toBe("closed by its owner (Buyer), 2 open task(s) closed");
  });

  it("an account without a password confirms by typing its e-mail address", async () => {
    const email = uniqueEmail("google-closing");
    const { token, user } = await signInWithVerifiedEmail(env, { email, name: "Gus Google", photo: null });
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect(await textOf(await getPage(CLOSE, cookie))).toContain("Your email address");
    const wrong = await postForm(CLOSE, { confirmEmail: "someone@else.test" }, cookie);
    expect(wrong.status).toBe(422);
    expect(await textOf(wrong)).toContain(CONFIRM_WITH_EMAIL);
    expect((await postForm(CLOSE, { confirmEmail: email.toUpperCase() }, cookie)).status).toBe(302);
    expect((await row<{ name: string }>("SELECT name FROM users WHERE id = ?", user.id))!.name).toBe(
      CLOSED_ACCOUNT_NAME,
    );
  });

  it("the last admin cannot close their account", async () => {
    const w = await adminWorld();
    const others = await env.DB.prepare(
      "UPDATE users SET role = 'Worker' WHERE role = 'Admin' AND id <> ? AND disabled_at IS NULL RETURNING id",
    )
      .bind(w.admin.id)
      .all<{ id: string }>();
    try {
      expect(await textOf(await getPage(CLOSE, w.admin.cookie))).toContain(LAST_ADMIN_CANNOT_CLOSE);
      const refused = await postForm(CLOSE, { currentPassword: PASSWORD }, w.admin.cookie);
      expect(refused.status).toBe(409);
      expect((await sessionUser(w.admin.id)).role).toBe("Admin");
    } finally {
      for (const { id } of others.results)
        await env.DB.prepare("UPDATE users SET role = 'Admin' WHERE id = ?").bind(id).run();
    }
  });
});
