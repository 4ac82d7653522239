// Issue 42 item 6 as a visitor meets it, at 390 px with JavaScript and 1440 px without: the landing page's promises,
// a task's public page with its pay per hour and its buyer's record, the buyer's page with their open tasks, then
// "Sign up to do this": a worker's account, and after confirming the e-mailed link, the task itself, ready to start.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import {
  browser,
  db,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  isoDay,
  jsEnabled,
  openLinkFromMailbox,
  person,
  pressConfirmButton,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  step,
  story,
  uniqueToken,
  waitForHydration,
} from "./browser";

setUpBrowser();

const token = uniqueToken("fair");
const PASSWORD = "Fair-Harbour-Lantern-42";
const email = (who: string) => `${who}-${token}@e2e.test`;

/** Screenshot, and with JavaScript axe and the sideways check (a page without JavaScript is the same document). */
async function look(page: Page, name: string) {
  await screenshot(page, name);
  if (!jsEnabled(page)) return;
  await expectAccessible(page, `${name}:`, { exclude: ["[data-sonner-toaster]"] });
  expect(await sidewaysOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Navigates (waiting for hydration with JavaScript). */
const open = (page: Page, path: string) => (jsEnabled(page) ? gotoHydrated(page, path) : page.goto(path));

/** The best-paid open task of one of the seed's own buyers (example.com addresses), and its buyer. */
const seededTask = () =>
  db<{ id: string; buyerId: string }>(
    `SELECT id, buyer_id AS buyerId FROM tasks WHERE deleted_at IS NULL AND required_workers > 0
      AND completion_date >= '${isoDay(0)}' AND buyer_id IN (SELECT id FROM users WHERE email LIKE '%@example.com')
      ORDER BY payable_amount DESC LIMIT 1`,
  )[0]!;

story("fairness before sign-up: promises, a task's pay per hour and buyer, 'Sign up to do this', the task", () => {
  for (const [viewport, js] of [
    ["phone", true],
    ["desktop", false],
  ] as const) {
    const width = viewport === "phone" ? 390 : 1440;
    const suffix = `${width}${js ? "" : "-nojs"}`;
    step(`${width} px ${js ? "with" : "without"} JavaScript`, async () => {
      const visitor = await person(browser, {
        name: `Vic Visitor ${viewport} ${token}`,
        email: email(`visitor-${viewport}`),
        viewport,
        js,
      });
      const { page } = visitor;
      const { id, buyerId } = seededTask();
      const taskPage = `/dashboard/tasklist/${id}`;

      // the landing page states the promises
      await open(page, "/");
      const promises = page.locator('[data-section="promises"]');
      await promises.getByRole("heading", { name: "Fair to both sides, in writing" }).waitFor();
      for (const words of ["At least $6.00/hour on every task", "Bkash, Nagad or Rocket", "Your MTurk code works here"])
        expect(await promises.getByText(words).count(), words).toBeGreaterThan(0);
      await promises.scrollIntoViewIfNeeded();
      await screenshot(page, `promises-${suffix}`, { viewport: true });

      // the task's public page: pay per hour, the buyer's record, the way to the buyer's page
      await open(page, `/browse/${id}`);
      await page.getByRole("heading", { name: "Want to do this task?" }).waitFor();
      expect(await page.getByText("Pay per hour").count()).toBeGreaterThan(0);
      await page.getByRole("heading", { name: "The buyer's record" }).waitFor();
      expect(await page.getByTestId("buyer-reputation").getByText("Approval (90 days)").count()).toBe(1);
      await look(page, `public-task-${suffix}`);

      // the buyer's page lists their open tasks, this one among them, each leading to its public page
      await Promise.all([
        page.waitForURL((u) => u.pathname === `/buyers/${buyerId}`),
        page.getByRole("link", { name: /record and open tasks$/ }).click(),
      ]);
      await page.getByRole("heading", { name: "Open tasks" }).waitFor();
      const listed = page.getByTestId("buyer-open-tasks").locator(`a[href="/browse/${id}"]`);
      expect(await listed.count()).toBe(1);
      await look(page, `buyer-open-tasks-${suffix}`);
      if (js) await waitForHydration(page);
      await Promise.all([page.waitForURL((u) => u.pathname === `/browse/${id}`), listed.click()]);

      // "Sign up to do this": a worker's account, no role to choose
      if (js) await waitForHydration(page);
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/register"),
        page.getByRole("link", { name: "Sign up to do this" }).click(),
      ]);
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(taskPage);
      const form = page.locator("main");
      await form.getByTestId("worker-sign-up").waitFor();
      expect(await form.getByLabel("Role").count()).toBe(0);
      expect(await form.getByRole("link", { name: "Terms", exact: true }).getAttribute("href")).toBe("/terms");
      expect(await form.getByRole("link", { name: "Login", exact: true }).getAttribute("href")).toBe(
        `/login?redirectTo=${encodeURIComponent(taskPage)}`,
      );
      await look(page, `register-for-task-${suffix}`);
      if (js) await waitForHydration(page);
      await page.getByLabel("Name").fill(visitor.name);
      await page.getByLabel("Email").fill(visitor.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await Promise.all([
        page.waitForURL((u) => u.pathname === taskPage),
        page.getByRole("button", { name: "Register" }).click(),
      ]);
      await expectMessage(page, "Account Created!");
      await page.getByTestId("verify-email-banner").waitFor();

      // the e-mailed link, confirmed: back on the task, verified, offered its Start
      await openLinkFromMailbox(page, visitor.email, "Confirm your email address", "Confirm my email address");
      expect(new URL(page.url()).searchParams.get("next")).toBe(taskPage);
      await page.getByText("Then we take you to the task you signed up to do.").waitFor();
      await pressConfirmButton(page, "Confirm my email address");
      await page.waitForURL((u) => u.pathname === taskPage);
      await expectMessage(page, "Email verified!");
      await page.getByRole("heading", { name: "Submit your work" }).waitFor();
      expect(await page.getByTestId("verify-email-banner").count()).toBe(0);
      await page.getByRole("button", { name: "Start task" }).waitFor();
      await look(page, `task-after-confirming-${suffix}`);
      expect(visitor.errors, "console errors").toEqual([]);
      // (without JavaScript the page's module preloads are refused by design: only a scripted page is held to it)
      if (js) expect(visitor.failed, "failed requests").toEqual([]);
      await visitor.context.close();
    });
  }
});
