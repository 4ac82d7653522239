// The home pages' charts (issue 16): each home draws its charts (an SVG, once hydrated) at 390 and 1440 px with the
// same figures as a table behind "Show as table", passes axe and does not scroll sideways; Recharts is a chunk of
// its own that the home pages fetch and the landing page does not.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  DEMO,
  browser,
  expectAccessible,
  gotoHydrated,
  newContext,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  type DemoRole,
} from "./browser";

setUpBrowser();

const HOMES: Record<DemoRole, string[]> = {
  buyer: ["chart-spent", "chart-posted"],
  worker: ["chart-earned", "chart-rate"],
  admin: ["chart-coins", "chart-submissions"],
};

const CHART_CHUNK = /\/assets\/chart-view-[\w-]+\.js$/;

/** Every script the page requests from now on. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

describe("home charts", () => {
  for (const role of Object.keys(HOMES) as (keyof typeof HOMES)[])
    for (const viewport of ["phone", "desktop"] as const)
      it(`${role} home at ${viewport} size`, async () => {
        const context = await signedInContext(browser, role, { viewport });
        try {
          const page = await context.newPage();
          const scripts = scriptRequests(page);
          await gotoHydrated(page, DEMO[role].home);
          for (const id of HOMES[role]) {
            const panel = page.getByTestId(id);
            // drawn in the browser after hydration, inside the box reserved for it
            await panel.locator("[data-testid=chart-drawn] svg.recharts-surface").first().waitFor();
            await expect.poll(() => panel.getByRole("heading", { level: 3 }).textContent()).toBeTruthy();
            const table = panel.locator("table");
            expect(await table.isVisible()).toBe(false);
            await panel.getByText("Show as table").click();
            await table.waitFor();
            expect(await table.locator("tbody tr").count()).toBe(role === "admin" ? 30 : 8);
          }
          expect(scripts.some((s) => CHART_CHUNK.test(s))).toBe(true);
          expect(await sidewaysOverflow(page)).toBe(0);
          await screenshot(page, `charts-${role}-${viewport}`);
          await expectAccessible(page, `${role} home charts at ${viewport}`);
        } finally {
          await context.close();
        }
      });

  it("the landing page does not fetch the chart chunk", async () => {
    const context = await newContext(browser, { viewport: "desktop" });
    try {
      const page = await context.newPage();
      const scripts = scriptRequests(page);
      await gotoHydrated(page, "/");
      await page.waitForLoadState("networkidle");
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => CHART_CHUNK.test(s))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
