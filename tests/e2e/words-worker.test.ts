// The worker's pages in Bengali at 390 and 1440 px (docs/decisions/097-words-in-two-languages.md): a new worker
// switches Coinwork to Bengali in the header, finds a task, does it and sends the proof; no page spills sideways,
// a task card stays at most 320 px tall at 390 px with its longer Bengali words, and each page is shot for a look.
import { expect } from "vitest";
import {
  browser,
  closeToast,
  gotoHydrated,
  newContext,
  registerThroughForm,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  step,
  story,
  TEST_PASSWORD,
  unique,
  VIEWPORTS,
} from "./browser";
import type { BrowserContext, Page } from "playwright-core";

setUpBrowser();

let context: BrowserContext;
let page: Page;

/** The page at `path` in Bengali, nothing wider than the screen, shot as `<name>-bn-<width>`. */
async function look(path: string, name: string, width: string) {
  await gotoHydrated(page, path);
  expect(await page.locator("html").getAttribute("lang")).toBe("bn");
  expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBe(0);
  await screenshot(page, `${name}-bn-${width}`);
}

story("the worker's pages in Bengali", () => {
  const switched = step("a new worker switches Coinwork to Bengali in the header", async () => {
    context = await newContext(browser, { viewport: "phone" });
    page = await context.newPage();
    await registerThroughForm(page, {
      name: "Rahim Karim",
      email: unique("bn-worker"),
      password: TEST_PASSWORD,
      role: "Worker",
    });
    await page.locator('form[action="/language"] button[name="language"][value="bn"]').first().click();
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("bn");
  });

  const sent = step("at 390 px the cards stay short, and the worker sends a proof", { needs: [switched] }, async () => {
    await look("/dashboard/tasklist", "task-list", "390");
    const cards = page.getByTestId("task-card");
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    const heights = await cards.evaluateAll((all) => all.map((c) => c.getBoundingClientRect().height));
    console.log(`Bengali task card heights at 390 px: tallest ${Math.round(Math.max(...heights))}`);
    expect(Math.max(...heights)).toBeLessThanOrEqual(320);
    // the cards of tasks the worker cannot do yet, with their longer "Needs …" line
    await look("/dashboard/tasklist?hide=0", "task-list-all", "390");
    const all = await cards.evaluateAll((els) => els.map((c) => c.getBoundingClientRect().height));
    expect(Math.max(...all)).toBeLessThanOrEqual(320);

    const href = await cards.first().getByRole("link", { name: "বিস্তারিত দেখুন" }).getAttribute("href");
    await look(href!, "task-page", "390");
    await page.getByRole("button", { name: "টাস্ক শুরু করুন" }).click();
    await page.getByTestId("held-slot").waitFor();
    await screenshot(page, "task-page-held-bn-390", { viewport: true });
    await closeToast(page, "টাস্ক শুরু হয়েছে");
    await page.getByLabel("আপনার জমা").fill("আমি কাজটি শেষ করেছি।");
    await page.getByRole("button", { name: "টাস্ক জমা দিন" }).click();
    const review = page.getByTestId("proof-review");
    await review.waitFor();
    await screenshot(page, "task-page-review-bn-390");
    await Promise.all([
      page.waitForURL("**/dashboard/mysubmissions"),
      review.getByRole("button", { name: "হ্যাঁ, পাঠান" }).click(),
    ]);
    await look("/dashboard/mysubmissions", "my-submissions", "390");
    await look("/dashboard/withdraw?system=Bank", "withdraw", "390");
  });

  step("at 1440 px the same pages", { needs: [sent] }, async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await look("/dashboard/tasklist", "task-list", "1440");
    const href = await page.getByTestId("task-card").first().getByRole("link").last().getAttribute("href");
    await look(href!, "task-page", "1440");
    await look("/dashboard/mysubmissions", "my-submissions", "1440");
    const submission = await page.getByTestId("submission-row").first().getByRole("link").first().getAttribute("href");
    await look(submission!, "submission", "1440");
    await look("/dashboard/withdraw?system=Bank", "withdraw", "1440");
    await look("/dashboard/workerhome", "worker-home", "1440");
    await look("/dashboard/alerts", "alerts", "1440");
    await look("/dashboard/tests", "tests", "1440");
    await context.close();
  });
});
