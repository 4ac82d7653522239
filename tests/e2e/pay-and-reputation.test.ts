// Pay per hour and buyer reputation in Chromium (docs/product/pay-per-hour.md, buyer-reputation.md): a new buyer at
// 1440 px without JavaScript is refused a pay under the minimum at their estimate, with the least pay, then posts;
// the demo worker at 390 px finds the task by pay per hour with its buyer's record and opens the buyer's page; at
// 1440 px the worker's task page shows both (with what the pay per hour is reckoned at) and the list's sort applies at once.
import { expect } from "vitest";
import {
  browser,
  setUpBrowser,
  db,
  expectMessage,
  fillTaskForm,
  gotoHydrated,
  newNoJsContext,
  person,
  screenshot,
  signedInContext,
  sqlText,
  step,
  story,
  unique,
  uniqueToken,
  type Person,
  signUpByPost,
} from "./browser";

setUpBrowser();

const PASSWORD = "Hourly-Lantern-Quill-7";
const token = uniqueToken("ph");
const TITLE = `Tag ten product photos ${token}`;

story("pay per hour and the buyer's record", () => {
  let buyer: Person;

  const posted = step(
    "without JavaScript, a pay under the minimum is refused with the least pay, then posted",
    async () => {
      buyer = await person(browser, { name: `Harper ${token}`, email: unique("hourly-buyer") });
      await signUpByPost(buyer, { password: PASSWORD, role: "Buyer" });
      const plain = await newNoJsContext(browser, { storageState: await buyer.context.storageState() });
      const page = await plain.newPage();
      await page.goto("/dashboard/addtask");
      await fillTaskForm(page, {
        title: TITLE,
        detail: "Tag each photo with its colour and size.",
        workers: 1,
        pay: 5,
        daysAhead: 5,
        category: "Data Entry",
        info: "The ten tags",
      });
      await page.getByLabel("Time Estimate (minutes)").fill("30");
      await page.getByRole("button", { name: "Add Task" }).click();
      await expectMessage(
        page,
        "The minimum pay is $6.00/hour: a task of 30 minutes must pay at least 60 coins per worker.",
      );
      await screenshot(page, "pay-minimum-refused-1440");
      expect(db(`SELECT id FROM tasks WHERE task_title = ${sqlText(TITLE)}`)).toEqual([]);
      // 5 coins for 2 minutes: $7.50 an hour
      await page.getByLabel("Time Estimate (minutes)").fill("2");
      await page.getByRole("button", { name: "Add Task" }).click();
      await expectMessage(page, "Task Posted!");
      expect(db(`SELECT estimate_minutes AS m FROM tasks WHERE task_title = ${sqlText(TITLE)}`)).toEqual([{ m: 2 }]);
      await plain.close();
    },
  );

  const found = step(
    "at 390 px the worker finds it by pay per hour, with the buyer's record",
    { needs: [posted] },
    async () => {
      const context = await signedInContext(browser, "worker", { viewport: "phone" });
      const page = await context.newPage();
      await gotoHydrated(page, `/dashboard/tasklist?q=${token}&sort=rate&min_hourly=6`);
      const card = page.getByTestId("task-card").filter({ hasText: TITLE });
      await expect.poll(() => card.getByTestId("pay-rate").innerText()).toContain("$7.50/hour");
      // the card's record is one line; the buyer's name leads to all of it
      expect(await card.getByTestId("buyer-record").innerText()).toContain("No reviews yet");
      await screenshot(page, "pay-task-card-390");
      await card.getByRole("link", { name: buyer.name }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(buyer.name);
      expect(await page.getByTestId("buyer-reputation").innerText()).toMatch(/Tasks posted\s*1/);
      await screenshot(page, "buyer-record-390");
      await context.close();
    },
  );

  step("at 1440 px the task page shows both; the sort applies at once", { needs: [found] }, async () => {
    const context = await signedInContext(browser, "worker", { viewport: "desktop" });
    const page = await context.newPage();
    await gotoHydrated(page, `/dashboard/tasklist?q=${token}`);
    await page.getByLabel("Sort by").selectOption("rate");
    await page.waitForURL((u) => u.searchParams.get("sort") === "rate");
    await page.getByLabel("Pay per hour").selectOption("20");
    await page.waitForURL((u) => u.searchParams.get("min_hourly") === "20");
    await expect.poll(() => page.getByTestId("task-count").innerText()).toBe("No tasks match your filters");
    await page.getByLabel("Pay per hour").selectOption("6");
    await page.getByTestId("task-card").filter({ hasText: TITLE }).getByRole("link", { name: "View Details" }).click();
    await page.waitForURL((u) => /^\/dashboard\/tasklist\/[^/]+$/.test(u.pathname));
    // the address changes before the task page replaces the list (whose cards show a pay per hour too)
    await page.getByRole("button", { name: "Start task" }).waitFor();
    await expect.poll(() => page.getByTestId("pay-rate").innerText()).toContain("$7.50/hour");
    expect(await page.getByTestId("pay-rate").innerText()).toContain("estimate 2 minutes");
    expect(await page.getByTestId("buyer-reputation").innerText()).toContain("Approval (90 days)");
    await screenshot(page, "pay-task-page-1440");
    await context.close();
  });
});
