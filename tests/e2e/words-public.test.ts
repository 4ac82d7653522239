// The landing page and the sign-in pages in Bengali in Chromium, at 390 and 1440 px (docs/decisions/097): after
// hydration the page is still Bengali (the browser renders the words the server sent), long Bengali words do not
// push the page sideways, and no English word is left but names and the demo data's own. Screenshots of each.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, gotoHydrated, newContext, screenshot, setUpBrowser, sidewaysOverflow } from "./browser";
import { englishWordsIn } from "../server/fixtures/words";

setUpBrowser();

/** The people and tasks of the demo data the page shows (names and titles are written as their owners wrote them). */
function shownData(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "[data-section=applicants] li, [data-section=workers] h3, [data-task-id] h3, [data-section=testimonials] figcaption p:first-child",
      ),
    ].map((e) => e.textContent ?? ""),
  );
}

describe.each(["phone", "desktop"] as const)("in Bengali on a %s", (viewport) => {
  for (const path of ["/", "/login", "/register"]) {
    it(`${path} reads in Bengali, within the screen's width`, async () => {
      const context = await newContext(browser, { viewport, locale: "bn-BD" });
      const page = await context.newPage();
      await gotoHydrated(page, path);
      // the Bengali face is fetched when the page first shows Bengali letters
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `bn-${path === "/" ? "landing" : path.slice(1)}-${viewport}`);
      expect(await page.getAttribute("html", "lang")).toBe("bn");
      expect(await sidewaysOverflow(page)).toBe(0);
      // the toasts' region names its keyboard shortcut by its keys ("alt+T")
      expect(englishWordsIn(await page.content(), [...(await shownData(page)), "alt"])).toEqual([]);
    });
  }
});
