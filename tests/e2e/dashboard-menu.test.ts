// The dashboard's menu in Chromium: at 1440 px the sidebar is always there; on a phone it is the same sidebar opened
// as a popover by the menu button (with or without JavaScript), closed by Escape, its close button, a click outside
// and a navigation from it, with the current page marked.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, collectConsoleErrors, gotoHydrated, screenshot, setUpBrowser, signedInContext } from "./browser";

setUpBrowser();

const menu = (page: Page) => page.locator("#dashboard-menu");
const isOpen = (page: Page) => menu(page).evaluate((m) => m.matches(":popover-open"));
const current = (page: Page) => menu(page).locator('[aria-current="page"]').allTextContents();

describe("dashboard menu", () => {
  it("on a phone, opens the sidebar and closes on Escape, its close button, outside clicks and after navigating", async () => {
    const context = await signedInContext(browser, "buyer", { viewport: "phone" });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, "/dashboard/buyerhome");
    const open = page.getByRole("button", { name: "Open menu" });
    expect(await menu(page).isVisible()).toBe(false);

    await open.click();
    await expect.poll(() => menu(page).isVisible()).toBe(true);
    expect(await current(page)).toEqual(["Home"]);
    await screenshot(page, "dashboard-menu-open-390");
    await page.keyboard.press("Escape");
    await expect.poll(() => isOpen(page)).toBe(false);

    await open.click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect.poll(() => isOpen(page)).toBe(false);

    await open.click();
    await page.mouse.click(370, 600); // the dimmed page beside the menu
    await expect.poll(() => isOpen(page)).toBe(false);

    await open.click();
    await menu(page).getByRole("link", { name: "My Tasks" }).click();
    await page.waitForURL("**/dashboard/mytasks");
    await expect.poll(() => isOpen(page)).toBe(false);
    await expect.poll(() => current(page)).toEqual(["My Tasks"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens and leads to a page without JavaScript too", async () => {
    const context = await signedInContext(browser, "worker", { viewport: "phone", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/dashboard/workerhome");
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu(page).getByRole("link", { name: "My Submissions" }).click();
    await page.waitForURL("**/dashboard/mysubmissions");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My Submissions");
    expect(await current(page)).toEqual(["My Submissions"]);
    await context.close();
  });

  it("at 1440 px, is the sidebar beside the page, with no menu or close button", async () => {
    const context = await signedInContext(browser, "admin");
    const page = await context.newPage();
    await gotoHydrated(page, "/dashboard/manageusers");
    expect(await menu(page).isVisible()).toBe(true);
    expect(await current(page)).toEqual(["Manage Users"]);
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Close menu" }).isVisible()).toBe(false);
    await context.close();
  });
});
