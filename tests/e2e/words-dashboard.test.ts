// The signed-in pages in Bengali in Chromium (docs/decisions/097-words-in-two-languages.md): the frame's header keeps
// the language switch, the coins, the bell and the avatar on screen from 360 px, the phone's menu opens in Bengali,
// and no page scrolls sideways. Screenshots of each at 390 and 1440 px go to test-results/screenshots/ (bn-*.png).
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  browser,
  gotoHydrated,
  newContext,
  registerThroughForm,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  unique,
} from "./browser";

setUpBrowser();

const WIDTHS = [360, 390, 1440];

/** The person of `context` reads Coinwork in `language` from now on (the switch's POST, as a click sends it). */
async function readIn(context: BrowserContext, language: "bn" | "en") {
  const res = await context.request.post("/language", { form: { language, back: "/" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
}

/** How far past the right edge of the window the header's last control reaches (0 when all are on screen). */
const headerOverflow = (page: Page) =>
  page.evaluate(() => {
    const controls = [...document.querySelectorAll("header > div:last-child > *")];
    const right = Math.max(...controls.map((c) => c.getBoundingClientRect().right));
    return Math.max(0, Math.ceil(right - document.documentElement.clientWidth));
  });

/** `path` in Bengali at `width`: written in Bengali, nothing wider than the window, and a screenshot. */
async function look(page: Page, path: string, width: number, name: string) {
  await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
  await gotoHydrated(page, path);
  expect(await page.locator("html").getAttribute("lang")).toBe("bn");
  expect(await headerOverflow(page), `${path} at ${width}`).toBe(0);
  expect(await sidewaysOverflow(page), `${path} at ${width}`).toBe(0);
  // Bengali letters come in a web font the machine may lack: shoot once it has loaded
  await page.evaluate(() => document.fonts.ready);
  if (width !== 360) await screenshot(page, `bn-${name}-${width}`);
}

describe("the dashboard in Bengali", () => {
  it("a worker's frame, menu, Settings and Notifications, from 360 to 1440 px", async () => {
    const context = await newContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await registerThroughForm(page, {
      name: "Rafi Karim",
      email: unique("rafi-bn"),
      password: "Plum-Lantern-Rivet-7",
      role: "Worker",
    });
    await readIn(context, "bn");
    for (const width of WIDTHS) {
      await look(page, "/dashboard/settings", width, "settings");
      await look(page, "/dashboard/notifications", width, "notifications");
      if (width < 1000) {
        await page.getByRole("button", { name: "মেনু খুলুন" }).click();
        const menu = page.locator("#dashboard-menu");
        await expect.poll(() => menu.isVisible()).toBe(true);
        expect(await menu.getByRole("link", { name: "টাস্কের তালিকা" }).isVisible()).toBe(true);
        if (width !== 360) await screenshot(page, `bn-menu-${width}`, { viewport: true });
        await page.keyboard.press("Escape");
      } else {
        expect(await page.getByTestId("user-role").textContent()).toBe("কর্মী");
      }
    }
    // Settings' country field: the server sent "not given" alone (no country chosen yet), the hydrated page every
    // country, so the link that asks the server for them (a page without JavaScript) is gone (decision 111)
    await gotoHydrated(page, "/dashboard/settings");
    expect(await page.locator('select[name="country"] option').count()).toBeGreaterThan(240);
    expect(await page.getByRole("link", { name: "সব দেশ দেখান" }).count()).toBe(0);
    await context.close();
  });

  it("Admin Home: the figures, the queue and the taka rate, from 360 to 1440 px", async () => {
    const context = await signedInContext(browser, "admin", { viewport: "phone" });
    const page = await context.newPage();
    await readIn(context, "bn");
    try {
      for (const width of WIDTHS) await look(page, "/dashboard/adminhome", width, "adminhome");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("অ্যাডমিন হোম");
      // a chart's axes and its table write their figures in Bengali digits, as the page does
      const panel = page.getByTestId("chart-submissions");
      await panel.locator("[data-testid=chart-drawn] svg.recharts-surface").first().waitFor();
      const ticks = await panel.locator(".recharts-cartesian-axis-tick-value").allTextContents();
      expect(ticks.length).toBeGreaterThan(2);
      expect(ticks.join(" ")).not.toMatch(/[0-9]/);
      await panel.getByText("টেবিল হিসেবে দেখুন").click();
      const cells = await panel.locator("tbody td").allTextContents();
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.join(" ")).toMatch(/[০-৯]/);
      expect(cells.join(" ")).not.toMatch(/[0-9]/);
    } finally {
      // the demo admin is shared with the files that run after this one on its server
      await readIn(context, "en");
      await context.close();
    }
  });
});
