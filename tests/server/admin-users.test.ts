// Manage Users: search, role filter and pagination in the URL; role change (immediate for that user's next
// request), removal, and recorded coin adjustments; an admin cannot demote, remove or pay themselves.
import { describe, expect, it } from "vitest";
import {
  adminWorld,
  auditRows,
  balance,
  call,
  env,
  expectRedirect,
  expectText,
  flashOf,
  jsPost,
  makeAdmin,
  pageHtml,
  PASSWORD,
  postForm,
  registerUser,
  row,
  sessionUser,
  taskInput,
  uniqueToken,
} from "./fixtures";
import { postTask } from "~/server/services/tasks.server";
import { NOT_SELF } from "~/server/services/users.server";

const PATH = "/dashboard/manageusers";
const userRow = async (id: string) =>
  (await row<{ role: string; coin: number; disabled_at: number | null }>(
    "SELECT role, coin, disabled_at FROM users WHERE id = ?",
    id,
  ))!;

describe("Manage Users loader", () => {
  it("lists avatar, name, e-mail, role dropdown (Admin, Buyer, Worker) and coins; searches by name or e-mail", async () => {
    const w = await adminWorld();
    const marker = uniqueToken();
    const u = await registerUser("Buyer", `Findable ${marker}`);
    const byName = await pageHtml(`/dashboard/manageusers?q=${marker}`, w.admin.cookie);
    expect(byName.status).toBe(200);
    expectText(byName.text, [
      `Findable ${marker}`,
      u.email,
      `data-testid="user-${u.email}"`,
      "/avatars/default.svg",
      /<option value="Admin">Admin<\/option><option value="Buyer" selected="">Buyer<\/option><option value="Worker">Worker<\/option>/,
      "1 user matching",
    ]);
    const byEmail = await pageHtml(`/dashboard/manageusers?q=${encodeURIComponent(u.email)}`, w.admin.cookie);
    expectText(byEmail.text, [`Findable ${marker}`, "1 user matching"]);
    const none = await pageHtml(`/dashboard/manageusers?q=nobody-${marker}`, w.admin.cookie);
    expectText(none.text, ["No users match your search."]);
  });

  it("filters by role and pages", async () => {
    const w = await adminWorld();
    const marker = uniqueToken();
    for (let i = 0; i < 11; i++) await registerUser("Worker", `Crowd ${marker} ${i}`);
    const buyer = await registerUser("Buyer", `Crowd ${marker} buyer`);
    const workers = await pageHtml(`/dashboard/manageusers?q=${marker}&role=Worker`, w.admin.cookie);
    expectText(workers.text, ["11 users matching", "Page 1 of 2"]);
    expectText(workers.text, [buyer.email], false);
    const second = await pageHtml(`/dashboard/manageusers?q=${marker}&role=Worker&page=2`, w.admin.cookie);
    expect([...second.text.matchAll(/data-testid="user-[^"]*@/g)]).toHaveLength(1);
    const buyers = await pageHtml(`/dashboard/manageusers?q=${marker}&role=Buyer`, w.admin.cookie);
    expectText(buyers.text, ["1 user matching", buyer.email]);
    // an unknown role is ignored rather than failing the page
    expect((await pageHtml(`/dashboard/manageusers?role=Root`, w.admin.cookie)).status).toBe(200);
  });

  it("the admin's own row is marked and its controls are disabled", async () => {
    const w = await adminWorld();
    const page = await pageHtml(`/dashboard/manageusers?q=${encodeURIComponent(w.admin.email)}`, w.admin.cookie);
    const row = page.text.slice(page.text.indexOf(`data-testid="user-${w.admin.email}"`));
    const ownRow = row.slice(0, row.indexOf("</tr>"));
    expectText(ownRow, [
      ">You<",
      /<select[^>]*disabled=""/,
      /<button[^>]*disabled=""[^>]*aria-label="Remove /,
      /<button[^>]*disabled=""[^>]*aria-label="Adjust coins of /,
    ]);
    expectText(ownRow, ["confirm=remove"], false);
  });
});

describe("role change", () => {
  it("is immediate: 'Role updated successfully!', and the user's next request shows the new role's dashboard", async () => {
    const w = await adminWorld();
    const u = await registerUser("Worker");
    expect((await call("/dashboard/workerhome", { headers: { Cookie: u.cookie } })).status).toBe(200);
    const res = await postForm(PATH, { intent: "role", id: u.id, role: "Buyer" }, w.admin.cookie);
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Role updated successfully!" });
    expect((await userRow(u.id)).role).toBe("Buyer");
    // same cookie, new role: the worker pages are closed, the buyer pages open
    const old = await call("/dashboard/workerhome", { headers: { Cookie: u.cookie } });
    expectRedirect(old, "/unauthorized");
    const home = await call("/dashboard", { headers: { Cookie: u.cookie } });
    expect(home.headers.get("Location")).toBe("/dashboard/buyerhome");
    expect((await call("/dashboard/buyerhome", { headers: { Cookie: u.cookie } })).status).toBe(200);
    expect(await auditRows(u.id)).toEqual([
      expect.objectContaining({ action: "user.role", detail: `${u.email}: Worker -> Buyer` }),
    ]);
  });

  it("asks first, like every other admin action: without JavaScript the select opens a confirmation view", async () => {
    const w = await adminWorld();
    const name = `Asked ${uniqueToken()}`;
    const u = await registerUser("Worker", name);
    const list = await pageHtml(`/dashboard/manageusers?q=${encodeURIComponent(u.email)}`, w.admin.cookie);
    // the row's select and 'Change role' only ask for the confirmation view (a GET): nothing changes yet
    const form = list.text.slice(list.text.lastIndexOf("<form", list.text.indexOf(`name="row" value="${u.id}"`)));
    expect(form.slice(0, form.indexOf("</form>"))).toMatch(
      /^<form[^>]*method="get">.*name="confirm" value="role".*<select[^>]*name="to"/s,
    );
    const ask = await pageHtml(
      `/dashboard/manageusers?q=${encodeURIComponent(u.email)}&confirm=role&row=${u.id}&to=Buyer`,
      w.admin.cookie,
    );
    expectText(ask.text, [
      `Change the role of ${name}?`,
      "is a Worker now and becomes a Buyer",
      "Yes, make them a Buyer",
    ]);
    expect(ask.text).toMatch(/<input type="hidden" name="role" value="Buyer"\/>/);
    expect((await userRow(u.id)).role).toBe("Worker");
    // an unknown role in the view's URL offers nothing to confirm
    const odd = await pageHtml(`/dashboard/manageusers?confirm=role&row=${u.id}&to=Root`, w.admin.cookie);
    expect(odd.text).not.toContain(`Change the role of ${name}?`);
    // the confirmation's form posts the change
    const res = await postForm(
      `/dashboard/manageusers?confirm=role&row=${u.id}&to=Buyer`,
      { intent: "role", id: u.id, role: "Buyer" },
      w.admin.cookie,
    );
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Role updated successfully!" });
    expect((await userRow(u.id)).role).toBe("Buyer");
  });

  it("with JavaScript: 200 'Role updated successfully!'; a bad role is 422 'Failed to update role.'", async () => {
    const w = await adminWorld();
    const u = await registerUser("Buyer");
    const ok = await jsPost(PATH, { intent: "role", id: u.id, role: "Admin" }, w.admin.cookie);
    expect(ok.status).toBe(200);
    expectText(ok.text, ["Role updated successfully!"]);
    expect((await call("/dashboard/adminhome", { headers: { Cookie: u.cookie } })).status).toBe(200);
    const bad = await jsPost(PATH, { intent: "role", id: u.id, role: "Root" }, w.admin.cookie);
    expect(bad.status).toBe(422);
    expectText(bad.text, ["Failed to update role."]);
    expect((await userRow(u.id)).role).toBe("Admin");
  });

  it("an admin cannot change their own role: 'Failed to update role.' with the service's message", async () => {
    const w = await adminWorld();
    const js = await jsPost(PATH, { intent: "role", id: w.admin.id, role: "Worker" }, w.admin.cookie);
    expect(js.status).toBe(403);
    expectText(js.text, ["Failed to update role.", NOT_SELF]);
    const noJs = await postForm(PATH, { intent: "role", id: w.admin.id, role: "Worker" }, w.admin.cookie);
    expect(flashOf(noJs)).toMatchObject({ type: "error", title: "Failed to update role.", message: NOT_SELF });
    expect((await userRow(w.admin.id)).role).toBe("Admin");
  });
});

describe("remove", () => {
  it("disables the account: 'Removed!', no more sign-in, its session ends, its open tasks are refunded; audited with the reason", async () => {
    const w = await adminWorld();
    const u = await registerUser("Buyer");
    const task = await postTask(env, await sessionUser(u.id), taskInput({ required_workers: 4, payable_amount: 10 }));
    expect(await balance(u.id)).toBe(10);
    const res = await postForm(PATH, { intent: "remove", id: u.id, reason: "Spam account" }, w.admin.cookie);
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Removed!" });
    expect((await userRow(u.id)).disabled_at).not.toBeNull();
    expect(await balance(u.id)).toBe(50);
    const closed = await row<{ deleted_at: number | null }>("SELECT deleted_at FROM tasks WHERE id = ?", task.id);
    expect(closed?.deleted_at).not.toBeNull();
    const session = await call("/dashboard/buyerhome", { headers: { Cookie: u.cookie } });
    expect(session.headers.get("Location")).toMatch(/^\/login/);
    const login = await postForm("/login", { email: u.email, password: PASSWORD });
    expect(login.status).not.toBe(302);
    expect(await auditRows(u.id)).toEqual([expect.objectContaining({ action: "user.remove", reason: "Spam account" })]);
    // removed users leave the list
    expectText((await pageHtml(`/dashboard/manageusers?q=${encodeURIComponent(u.email)}`, w.admin.cookie)).text, [
      "No users match your search.",
    ]);
  });

  it("refusals say 'Error' / 'Failed to delete user.' with the service's reason", async () => {
    const w = await adminWorld();
    const self = await jsPost(PATH, { intent: "remove", id: w.admin.id }, w.admin.cookie);
    expect(self.status).toBe(403);
    expectText(self.text, ['"Error"', "Failed to delete user.", NOT_SELF]);
    const noJs = await postForm(PATH, { intent: "remove", id: w.admin.id }, w.admin.cookie);
    expect(flashOf(noJs)).toMatchObject({
      type: "error",
      title: "Error",
      message: `Failed to delete user. ${NOT_SELF}`,
    });
    const missing = await jsPost(PATH, { intent: "remove", id: "no-such-user" }, w.admin.cookie);
    expect(missing.status).toBe(404);
    expect((await userRow(w.admin.id)).disabled_at).toBeNull();
  });

  it("another admin can be removed while admins remain", async () => {
    const w = await adminWorld();
    const other = await makeAdmin();
    const res = await jsPost(PATH, { intent: "remove", id: other.id }, w.admin.cookie);
    expect(res.status).toBe(200);
    expect((await userRow(other.id)).disabled_at).not.toBeNull();
  });
});

describe("adjust coins", () => {
  it("adds and deducts with a required reason, as ledger rows and audit entries, and notifies the user", async () => {
    const w = await adminWorld();
    const u = await registerUser("Worker");
    const add = await postForm(
      PATH,
      { intent: "adjust", id: u.id, addcoin: "25", reason: "Goodwill bonus" },
      w.admin.cookie,
    );
    expect(flashOf(add)).toMatchObject({ type: "success", title: "Coins adjusted" });
    expect(await balance(u.id)).toBe(35);
    const take = await jsPost(
      PATH,
      { intent: "adjust", id: u.id, addcoin: "-5", reason: "Correction" },
      w.admin.cookie,
    );
    expect(take.status).toBe(200);
    expect(await balance(u.id)).toBe(30);
    const ledger = await env.DB.prepare(
      "SELECT delta, note FROM coin_ledger WHERE user_id = ? AND kind = 'admin_adjustment' ORDER BY created_at",
    )
      .bind(u.id)
      .all<{ delta: number; note: string }>();
    expect(ledger.results).toEqual([
      { delta: 25, note: "Goodwill bonus" },
      { delta: -5, note: "Correction" },
    ]);
    expect((await auditRows(u.id)).map((r) => [r.action, r.reason])).toEqual([
      ["coins.adjust", "Goodwill bonus"],
      ["coins.adjust", "Correction"],
    ]);
    const one = await jsPost(PATH, { intent: "adjust", id: u.id, addcoin: "1", reason: "Rounding" }, w.admin.cookie);
    expect(one.status).toBe(200);
    const notes = await env.DB.prepare(
      "SELECT message FROM notifications WHERE user_id = ? AND message LIKE 'An admin%' ORDER BY created_at, rowid",
    )
      .bind(u.id)
      .all<{ message: string }>();
    expect(notes.results.map((n) => n.message)).toEqual([
      "An admin added 25 coins to your balance.",
      "An admin deducted 5 coins from your balance.",
      "An admin added 1 coin to your balance.",
    ]);
  });

  it("refuses a missing reason, a zero or fractional amount, an overdraft, and the admin's own account", async () => {
    const w = await adminWorld();
    const u = await registerUser("Worker");
    const cases: [Record<string, string>, number, string][] = [
      [{ addcoin: "10", reason: "" }, 422, "A reason is required"],
      [{ addcoin: "0", reason: "x" }, 422, "The amount cannot be 0"],
      [{ addcoin: "1.5", reason: "x" }, 422, "Invalid Input"],
      [{ addcoin: "", reason: "x" }, 422, "Enter the number of coins to add or deduct"],
      [{ addcoin: "-11", reason: "too much" }, 409, "has only 10 coins."],
    ];
    for (const [fields, status, message] of cases) {
      const res = await jsPost(PATH, { intent: "adjust", id: u.id, ...fields }, w.admin.cookie);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expectText(res.text, ["Adjustment failed", message]);
    }
    expect(await balance(u.id)).toBe(10);
    const self = await jsPost(
      PATH,
      { intent: "adjust", id: w.admin.id, addcoin: "1000", reason: "me" },
      w.admin.cookie,
    );
    expect(self.status).toBe(403);
    expect((await sessionUser(w.admin.id)).coin).toBe(10);
    expect(await auditRows(u.id)).toHaveLength(0);
  });
});
