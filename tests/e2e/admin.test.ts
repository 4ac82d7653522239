// The admin dashboard in Chromium against the built app (issue 8, item 7): approve and reject withdrawals
// (with and without JavaScript), change a role and see it take effect for that user at once, adjust coins,
// remove a user, delete a task and see the buyer refunded, read a message, and find it all in the audit
// log and the ledger. (Every admin screen at 390 and 1440 px is in the route walk, route-walk.ts.)
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  DEMO,
  browser,
  collectConsoleErrors,
  db,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  login,
  newContext,
  persistDir,
  registerThroughForm,
  screenshot,
  signedInContext,
  sqlText,
  step,
  type Step,
  unique,
  setUpBrowser,
  TEST_PASSWORD,
} from "./browser";
import { checkLedger } from "../../scripts/ledger-check.ts";

// One admin's walk: the admin's page is shared from test to test, and the audit log at the end must show the
// decisions of the earlier steps.
let admin: BrowserContext;
let page: Page;
let errors: string[];
let homeShown: Step, approved: Step, rejected: Step, approvedWithoutJs: Step;
let roleChanged: Step, adjustedAndRemoved: Step, taskDeleted: Step;

setUpBrowser();
beforeAll(async () => {
  admin = await newContext(browser);
  page = await admin.newPage();
  errors = collectConsoleErrors(page);
  await login(page, DEMO.admin.email);
});

/** Registers a new account through the form (a fresh context, signed in afterwards). */
async function registerNewUser(name: string, role: "Worker" | "Buyer") {
  const context = await newContext(browser);
  const p = await context.newPage();
  const email = unique(name.toLowerCase().replace(/\W+/g, "-"));
  await registerThroughForm(p, { name, email, password: TEST_PASSWORD, role });
  return { context, page: p, email, name };
}

async function searchUsers(email: string) {
  await gotoHydrated(page, `/dashboard/manageusers?q=${encodeURIComponent(email)}`);
  await expect.poll(() => page.getByTestId(`user-${email}`).count()).toBe(1);
  return page.getByTestId(`user-${email}`);
}

describe("Admin Home: withdrawal requests", () => {
  homeShown = step("shows the cards and the 'Withdraw Requestes' table", async () => {
    await gotoHydrated(page, "/dashboard/adminhome");
    for (const label of ["Total buyers", "Total workers", "Total coins", "Total payment"])
      await expect.poll(() => page.getByText(label, { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole("heading", { name: "Withdraw Requestes" }).count()).toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Approve withdrawal of Lucas Oliveira" }).count()).toBe(1);
    await screenshot(page, "admin-home-1440");
    await expectAccessible(page, "admin home");
  });

  approved = step(
    "approves after a confirmation, in one step: 'Successfully Approved!' and the row leaves the list",
    { needs: [homeShown] },
    async () => {
      const [before] = db<{ id: string; status: string }>(
        "SELECT w.id AS id, w.status AS status FROM withdrawals w JOIN users u ON u.id = w.worker_id WHERE u.email = 'lucas.oliveira@example.com' AND w.status = 'pending'",
      );
      expect(before).toBeDefined();
      await page.getByRole("button", { name: "Approve withdrawal of Lucas Oliveira" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Approve this withdrawal?" });
      await confirm.waitFor();
      await expect.poll(() => confirm.innerText()).toContain("Lucas Oliveira");
      // the payout's reference is asked for: without it the browser refuses the form
      await confirm.getByRole("button", { name: "Yes, approve" }).click();
      await expect
        .poll(() =>
          confirm.getByLabel("Payout reference").evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
        )
        .toBe(true);
      await confirm.getByLabel("Payout reference").fill("9KX4TQ2ZP1");
      await screenshot(page, "admin-home-approve-confirm-1440");
      await confirm.getByRole("button", { name: "Yes, approve" }).click();
      const result = page.getByRole("dialog", { name: "Successfully Approved!" });
      await result.waitFor();
      await expect.poll(() => result.innerText()).toContain("Lucas Oliveira is paid out (reference 9KX4TQ2ZP1)");
      await screenshot(page, "admin-home-approved-1440");
      await result.getByRole("button", { name: "OK" }).click();
      await expect
        .poll(() => page.getByRole("button", { name: "Approve withdrawal of Lucas Oliveira" }).count())
        .toBe(0);
      expect(
        db<{ status: string; payout_reference: string }>(
          `SELECT status, payout_reference FROM withdrawals WHERE id = ${sqlText(before.id)}`,
        )[0],
      ).toEqual({ status: "approved", payout_reference: "9KX4TQ2ZP1" });
    },
  );

  rejected = step(
    "rejects with a required reason; the coins go back to the worker",
    { needs: [approved] },
    async () => {
      const [{ coin: before }] = db<{ coin: number }>("SELECT coin FROM users WHERE email = 'arjun.mehta@example.com'");
      const [request] = db<{ id: string; coins: number }>(
        "SELECT w.id AS id, w.withdrawal_coin AS coins FROM withdrawals w JOIN users u ON u.id = w.worker_id WHERE u.email = 'arjun.mehta@example.com' AND w.status = 'pending'",
      );
      await page.getByRole("button", { name: "Reject withdrawal of Arjun Mehta" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Reject this withdrawal?" });
      await confirm.waitFor();
      // no reason: the browser refuses the form and nothing is sent
      await confirm.getByRole("button", { name: "Reject request" }).click();
      await expect
        .poll(() => confirm.getByLabel("Reason").evaluate((el) => (el as HTMLTextAreaElement).validity.valueMissing))
        .toBe(true);
      await confirm.getByLabel("Reason").fill("The account number does not match the name on the account.");
      await screenshot(page, "admin-home-reject-confirm-1440");
      await confirm.getByRole("button", { name: "Reject request" }).click();
      await expectMessage(page, "Withdrawal rejected");
      await expect.poll(() => page.getByRole("button", { name: "Reject withdrawal of Arjun Mehta" }).count()).toBe(0);
      const [{ coin: after }] = db<{ coin: number }>("SELECT coin FROM users WHERE email = 'arjun.mehta@example.com'");
      expect(after).toBe(before + request.coins);
      expect(
        db<{ status: string; decision_reason: string }>(
          `SELECT status, decision_reason FROM withdrawals WHERE id = ${sqlText(request.id)}`,
        )[0],
      ).toEqual({
        status: "rejected",
        decision_reason: "The account number does not match the name on the account.",
      });
    },
  );

  approvedWithoutJs = step(
    "without JavaScript: the confirmation is a page of its own and the answer a banner",
    async () => {
      const context = await signedInContext(browser, "admin", { javaScriptEnabled: false });
      const p = await context.newPage();
      await p.goto("/dashboard/adminhome");
      await Promise.all([
        p.waitForURL(/confirm=approve/),
        p.getByRole("link", { name: "Approve withdrawal of Elena Petrova" }).click(),
      ]);
      const panel = p.getByRole("dialog", { name: "Approve this withdrawal?" });
      await panel.waitFor();
      await panel.getByLabel("Payout reference").fill("BKX77310Q");
      await screenshot(p, "admin-home-nojs-confirm-1440");
      await Promise.all([
        p.waitForURL((u) => u.pathname === "/dashboard/adminhome" && !u.search.includes("confirm")),
        panel.getByRole("button", { name: "Yes, approve" }).click(),
      ]);
      await expectMessage(p, "Successfully Approved!");
      expect(await p.getByRole("link", { name: "Approve withdrawal of Elena Petrova" }).count()).toBe(0);
      await context.close();
    },
  );
});

describe("Manage Users", () => {
  roleChanged = step(
    "a role change asks first, then is immediate: the user's next request shows the new role's dashboard",
    async () => {
      const user = await registerNewUser("Role Changer", "Worker");
      const row = await searchUsers(user.email);
      await screenshot(page, "admin-manage-users-search-1440");
      // choosing another role asks first, like every other admin action; Cancel changes nothing
      await row.getByLabel("Role of Role Changer").selectOption("Buyer");
      let ask = page.getByRole("alertdialog", { name: "Change the role of Role Changer?" });
      await ask.waitFor();
      expect(await ask.innerText()).toContain("is a Worker now and becomes a Buyer");
      await screenshot(page, "admin-role-confirm-1440", { viewport: true });
      await ask.getByRole("button", { name: "Cancel" }).click();
      await ask.waitFor({ state: "detached" });
      expect(await row.getByLabel("Role of Role Changer").inputValue()).toBe("Worker");
      expect(db<{ role: string }>(`SELECT role FROM users WHERE email = ${sqlText(user.email)}`)[0]?.role).toBe(
        "Worker",
      );
      await row.getByLabel("Role of Role Changer").selectOption("Buyer");
      ask = page.getByRole("alertdialog", { name: "Change the role of Role Changer?" });
      await ask.getByRole("button", { name: "Yes, make them a Buyer" }).click();
      await expectMessage(page, "Role updated successfully!");
      await expect
        .poll(() => db<{ role: string }>(`SELECT role FROM users WHERE email = ${sqlText(user.email)}`)[0]?.role)
        .toBe("Buyer");

      // the same session, one request later
      await user.page.goto("/dashboard/workerhome");
      await user.page.waitForURL("**/unauthorized");
      await user.page.goto("/dashboard");
      await user.page.waitForURL("**/dashboard/buyerhome");
      await expect.poll(() => user.page.getByTestId("user-role").innerText()).toBe("Buyer");
      await user.context.close();
    },
  );

  adjustedAndRemoved = step(
    "adjusts coins with a reason (refusing an overdraft inline), then removes the user after a confirmation",
    async () => {
      const user = await registerNewUser("Soon Removed", "Worker");
      let row = await searchUsers(user.email);
      await row.getByRole("button", { name: "Adjust coins of Soon Removed" }).click();
      const adjust = page.getByRole("alertdialog", { name: "Adjust coins of Soon Removed" });
      await adjust.waitFor();
      await adjust.getByLabel("Coins (+/-)").fill("-500");
      await adjust.getByLabel("Reason").fill("Testing an overdraft");
      await adjust.getByRole("button", { name: "Apply adjustment" }).click();
      await expect.poll(() => adjust.innerText()).toContain("has only 10 coins.");
      await screenshot(page, "admin-manage-users-adjust-refused-1440");
      await adjust.getByLabel("Coins (+/-)").fill("25");
      await adjust.getByLabel("Reason").fill("E2E goodwill bonus");
      await adjust.getByRole("button", { name: "Apply adjustment" }).click();
      await expectMessage(page, "Coins adjusted");
      row = page.getByTestId(`user-${user.email}`);
      await expect.poll(() => row.innerText()).toMatch(/\b35\b/);

      await row.getByRole("button", { name: "Remove Soon Removed" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
      await confirm.waitFor();
      await confirm.getByLabel(/Reason/).fill("E2E removal");
      await screenshot(page, "admin-manage-users-remove-confirm-1440");
      await confirm.getByRole("button", { name: "Yes, remove" }).click();
      const result = page.getByRole("dialog", { name: "Removed!" });
      await result.waitFor();
      await result.getByRole("button", { name: "OK" }).click();
      await expect.poll(() => page.getByText("No users match your search.").count()).toBe(1);

      // the removed user's next request is signed out
      await user.page.goto("/dashboard/workerhome");
      await user.page.waitForURL("**/login**");
      await user.context.close();
    },
  );

  it("without JavaScript the role dropdown's 'Change role' asks first, then the confirmation saves it", async () => {
    const user = await registerNewUser("No Script Role", "Worker");
    const context = await signedInContext(browser, "admin", { javaScriptEnabled: false });
    const p = await context.newPage();
    await p.goto(`/dashboard/manageusers?q=${encodeURIComponent(user.email)}`);
    const row = p.getByTestId(`user-${user.email}`);
    await row.getByLabel("Role of No Script Role").selectOption("Buyer");
    await Promise.all([
      p.waitForURL((u) => u.searchParams.get("confirm") === "role"),
      row.getByRole("button", { name: "Change role" }).click(),
    ]);
    expect(db<{ role: string }>(`SELECT role FROM users WHERE email = ${sqlText(user.email)}`)[0].role).toBe("Worker");
    await screenshot(p, "admin-role-confirm-nojs-1440");
    await Promise.all([
      p.waitForURL((u) => u.pathname === "/dashboard/manageusers" && !u.searchParams.has("confirm")),
      p.getByRole("button", { name: "Yes, make them a Buyer" }).click(),
    ]);
    await expectMessage(p, "Role updated successfully!");
    expect(db<{ role: string }>(`SELECT role FROM users WHERE email = ${sqlText(user.email)}`)[0].role).toBe("Buyer");
    await context.close();
    await user.context.close();
  });

  it("the admin's own row cannot be demoted or removed", async () => {
    const row = await searchUsers(DEMO.admin.email);
    expect(await row.getByLabel(`Role of ${DEMO.admin.name}`).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: `Remove ${DEMO.admin.name}` }).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: `Adjust coins of ${DEMO.admin.name}` }).isDisabled()).toBe(true);
    await expect.poll(() => row.innerText()).toContain("You");
  });
});

describe("Manage Tasks", () => {
  taskDeleted = step("deletes a task after 'Are you sure?' and the buyer gets the escrow back", async () => {
    await gotoHydrated(page, `/dashboard/managetasks?q=${encodeURIComponent(DEMO.buyer.email)}`);
    const first = page.locator('tr[data-testid^="task-"]').first();
    await first.waitFor();
    const taskId = (await first.getAttribute("data-testid"))!.slice("task-".length);
    const [task] = db<{ title: string; open: number; pending: number }>(
      `SELECT task_title AS title, required_workers * payable_amount AS open,
        (SELECT COALESCE(SUM(payable_amount), 0) FROM submissions WHERE task_id = tasks.id AND status = 'pending') AS pending
       FROM tasks WHERE id = ${sqlText(taskId)}`,
    );
    await first.getByRole("button", { name: `Delete ${task.title}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await confirm.waitFor();
    await expect.poll(() => confirm.innerText()).toContain("You won't be able to revert this!");
    await confirm.getByLabel(/Reason/).fill("E2E: removed by the admin walk");
    await screenshot(page, "admin-manage-tasks-delete-confirm-1440");
    const deletedFrom = Date.now(); // the deletion's postings come after this (other walks refund this task before)
    await confirm.getByRole("button", { name: "Yes, delete it" }).click();
    const result = page.getByRole("dialog", { name: "Deleted!" });
    await result.waitFor();
    // the open slots and pending submissions, and any slot a worker of another walk has started meanwhile
    await expect.poll(() => result.innerText()).toMatch(/got back \d+ coins/);
    const refund = Number(/got back (\d+) coins/.exec(await result.innerText())![1]);
    expect(refund).toBeGreaterThanOrEqual(task.open + task.pending);
    await result.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => page.locator(`tr[data-testid="task-${taskId}"]`).count()).toBe(0);

    // the refund is the buyer's, in the ledger against this task (other walks move the demo buyer's balance at the
    // same time, so the balance itself tells nothing here; `ledger:check` holds every balance to its ledger)
    const [{ refunded }] = db<{ refunded: number }>(
      `SELECT COALESCE(SUM(delta), 0) AS refunded FROM coin_ledger WHERE task_id = ${sqlText(taskId)} AND kind = 'task_refund' AND created_at >= ${deletedFrom}`,
    );
    expect(refunded).toBe(refund);
  });

  it("searches through the URL (GET form)", async () => {
    await gotoHydrated(page, "/dashboard/managetasks");
    await page.getByLabel("Search by title, buyer name or e-mail").fill("Grace Liu");
    await Promise.all([page.waitForURL(/q=Grace\+Liu/), page.getByRole("button", { name: "Search" }).click()]);
    const buyers = () => page.locator('tr[data-testid^="task-"] td:nth-child(3)').allInnerTexts();
    await expect.poll(async () => (await buyers()).length).toBeGreaterThan(0);
    await expect.poll(async () => (await buyers()).filter((b) => !b.includes("Grace Liu"))).toEqual([]);
    expect(await page.getByLabel("Search by title, buyer name or e-mail").inputValue()).toBe("Grace Liu");
  });
});

describe("Messages, audit log, ledger", () => {
  it("opening an unread message shows it and marks it read; Mark as unread takes it back", async () => {
    await gotoHydrated(page, "/dashboard/messages");
    const unread = page.locator('li[data-read="false"]').first();
    await unread.waitFor();
    const id = (await unread.getAttribute("data-testid"))!.slice("message-".length);
    await unread.getByRole("button").click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole("link", { name: "Reply by e-mail" }).count()).toBe(1);
    await screenshot(page, "admin-messages-open-1440");
    await page.keyboard.press("Escape");
    const row = page.locator(`li[data-testid="message-${id}"]`);
    const readAt = () =>
      db<{ read_at: number | null }>(`SELECT read_at FROM contact_messages WHERE id = ${sqlText(id)}`)[0]?.read_at ??
      null;
    await expect.poll(() => row.getAttribute("data-read")).toBe("true");
    await expect.poll(readAt).not.toBeNull();

    // "Mark as unread" posts at once (it can be undone by opening the message) and tells the action's answer in a toast
    await row.getByRole("button").click();
    await dialog.getByRole("button", { name: "Mark as unread" }).click();
    await expectMessage(page, "Marked as unread");
    await expect.poll(() => row.getAttribute("data-read")).toBe("false");
    await expect.poll(readAt).toBeNull();
  });

  step(
    "the audit log shows every decision of this walk with who, what and why",
    { needs: [approved, rejected, approvedWithoutJs, roleChanged, adjustedAndRemoved, taskDeleted] },
    async () => {
      await gotoHydrated(page, "/dashboard/auditlog");
      const text = await page.locator("main").innerText();
      for (const needle of [
        "approved the withdrawal of Lucas Oliveira",
        "approved the withdrawal of Elena Petrova",
        "rejected the withdrawal of Arjun Mehta",
        "The account number does not match the name on the account.",
        "changed the role of Role Changer",
        "adjusted the coins of Soon Removed",
        "E2E goodwill bonus",
        "removed Soon Removed",
        "E2E removal",
        "deleted the task",
        "E2E: removed by the admin walk",
        `by ${DEMO.admin.email}`,
      ]) {
        expect(text, needle).toContain(needle);
      }
    },
  );

  it("the ledger view shows the identity holding after all of it", async () => {
    await gotoHydrated(page, "/dashboard/ledger");
    await expect.poll(() => page.getByText("The ledger balances").count()).toBe(1);
    const report = checkLedger({ persistTo: persistDir() });
    expect(report.holds).toBe(true);
    const created = await page.getByTestId("ledger-created").innerText();
    expect(created.replace(/,/g, "")).toContain(String(report.figures.created));
  });
});

// Every admin screen at 390 and 1440 px (screenshot, sideways scroll, axe, console errors) is in the route walk
// (tests/e2e/route-walk.ts); what only a person does there is checked here.
describe("the admin screens on a phone", () => {
  it("a confirmation opens over the page without errors", async () => {
    const phone = await signedInContext(browser, "admin", { viewport: "phone" });
    const p = await phone.newPage();
    const phoneErrors = collectConsoleErrors(p);
    // a confirmation on a phone
    await gotoHydrated(p, "/dashboard/manageusers");
    await p
      .getByRole("button", { name: /^Adjust coins of / })
      .filter({ visible: true })
      .first()
      .click();
    await p.getByRole("alertdialog").waitFor();
    await screenshot(p, "admin-manage-users-adjust-390");
    expect(phoneErrors).toEqual([]);
    await phone.close();
    // the walk's deliberate refusal (the overdraft adjustment answers 409 to its fetcher) is logged by Chromium
    expect(errors.filter((e) => !/status of 409 \(Conflict\) \(.*\/dashboard\/manageusers\.data/.test(e))).toEqual([]);
  });
});
