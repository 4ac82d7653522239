// Task alerts in Chromium (docs/product/task-alerts.md): the demo worker saves a search from the task list at 390 px,
// manages it at 1440 px (a new feed address, then delete, each confirmed in a dialog), and without JavaScript saves
// another and follows the e-mails' unsubscribe link signed out, then turns the e-mails on again. Matching, digests
// and the feed's contents are the server tests' (tests/server/task-alerts.test.ts).
import { expect } from "vitest";
import type { Page } from "playwright-core";
import {
  browser,
  db,
  DEMO,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  newNoJsContext,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  sqlText,
  step,
  story,
  uniqueToken,
} from "./browser";

setUpBrowser();

const WORD = uniqueToken("alert").toLowerCase();
const PLAIN_WORD = uniqueToken("plain").toLowerCase();
const SAVED = `“${WORD}” in Translation`;

const savedSearch = (page: Page, text: string) => page.getByTestId("saved-search").filter({ hasText: text });

story("task alerts: save a search, manage it, unsubscribe", () => {
  const saved = step("at 390 px a worker saves the task list's search and finds it on Task Alerts", async () => {
    const context = await signedInContext(browser, "worker", { viewport: "phone" });
    const page = await context.newPage();
    await gotoHydrated(page, `/dashboard/tasklist?q=${WORD}&category=Translation`);
    // the search in words, as Task Alerts will list it
    expect(await page.getByTestId("save-search").textContent()).toContain(`Get alerts for ${SAVED}.`);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expectMessage(page, "Search saved");
    await expectMessage(page, `You'll get alerts for ${SAVED}.`);
    await gotoHydrated(page, "/dashboard/alerts");
    await expect.poll(() => savedSearch(page, SAVED).count()).toBe(1);
    expect(await savedSearch(page, SAVED).getByTestId("feed-url").inputValue()).toMatch(/\/alerts\/feed\/[\w-]{43}$/);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, "task-alerts-phone");
    await context.close();
  });

  step("at 1440 px a new feed address retires the old one, and delete asks first", { needs: [saved] }, async () => {
    const context = await signedInContext(browser, "worker");
    const page = await context.newPage();
    await gotoHydrated(page, "/dashboard/alerts");
    const row = savedSearch(page, SAVED);
    const oldFeed = new URL(await row.getByTestId("feed-url").inputValue()).pathname;
    const feed = await context.request.get(oldFeed);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");

    await row.getByRole("button", { name: `New feed address for ${SAVED}` }).click();
    await page
      .getByRole("alertdialog", { name: "Make a new feed address?" })
      .getByRole("button", { name: "Make a new address" })
      .click();
    await expectMessage(page, "The old address no longer works: use the new one.");
    await expect.poll(async () => new URL(await row.getByTestId("feed-url").inputValue()).pathname).not.toBe(oldFeed);
    expect((await context.request.get(oldFeed)).status()).toBe(404);
    await expectAccessible(page, "Task Alerts", { exclude: ["[data-sonner-toaster]"] });
    await screenshot(page, "task-alerts-desktop");

    await row.getByRole("button", { name: `Delete ${SAVED}` }).click();
    await page
      .getByRole("alertdialog", { name: "Delete this saved search?" })
      .getByRole("button", { name: "Yes, delete it" })
      .click();
    await expect.poll(() => savedSearch(page, SAVED).count()).toBe(0);
    await context.close();
  });

  step("without JavaScript: save a search, unsubscribe signed out, turn the e-mails on again", async () => {
    const context = await signedInContext(browser, "worker", { viewport: "phone", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/dashboard/tasklist?q=${PLAIN_WORD}`);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/dashboard/alerts"),
      page.getByRole("button", { name: "Save this search" }).click(),
    ]);
    await expectMessage(page, "Search saved");
    await expect.poll(() => savedSearch(page, `“${PLAIN_WORD}”`).count()).toBe(1);

    const [mail] = db<{ t: string }>(
      `SELECT a.unsubscribe_token AS t FROM alert_mail a JOIN users u ON u.id = a.worker_id
        WHERE u.email = ${sqlText(DEMO.worker.email)}`,
    );
    const visitor = await newNoJsContext(browser, { viewport: "phone" });
    const link = await visitor.newPage();
    await link.goto(`/alerts/unsubscribe/${mail!.t}`);
    await expectMessage(link, DEMO.worker.email);
    await link.getByRole("button", { name: "Unsubscribe" }).click();
    await expectMessage(link, "You are unsubscribed");
    await visitor.close();

    await page.goto("/dashboard/alerts");
    await expectMessage(page, "Alert e-mails are off");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/dashboard/alerts"),
      page.getByRole("button", { name: "Turn e-mails on" }).click(),
    ]);
    await expectMessage(page, "Alert e-mails are on");
    await context.close();
  });
});
