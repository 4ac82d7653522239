// Issue 42, item 9, in Chromium at 390 and 1440 px: numbers and words that agree.
// - Worker Home's approval rate card and a task's "yours is" (its card and its page) show the same figure, and the
//   card's one line under it says the rule, in the words the task page uses.
// - Every amount of coins on the buyer's and the worker's pages is written by formatCoins: "1 coin", "1,065 coins"
//   (never "1 coins", "2 coin" or "1065 coins"); the review queue's Pay and its View say the same.
// - A CSV row's errors name the field in words ("Workers needed: enter a whole number from 1 to 10,000").
// - Purchase Coin says what a coin costs a buyer and pays a worker in docs/mturk.md's words, and its "Save N%" is
//   computed from the base price.
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import {
  browser,
  gotoHydrated,
  postTaskThroughForm,
  ROOT,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  step,
  story,
  taskIdByTitle,
  uniqueToken,
  VIEWPORTS,
} from "./browser";
import { BATCH_COLUMNS } from "../../app/lib/task-batch.ts";

setUpBrowser();

const token = uniqueToken("words");
const CLOSED = `Proofread a menu ${token}`;
const RULE =
  /Your approval rate is your approved submissions out of those decided; until \d+ are decided, \d+ more are counted at \d+% approved\./;
const COIN_VALUE =
  "A coin costs a buyer $0.10 at the base price (10 coins for $1; larger packages cost less a coin) and pays a worker $0.05 when withdrawn (20 coins for $1).";

/**
 * The amounts of coins on a page written otherwise than formatCoins writes them: "1 coins", "3 coin", "1065 coins".
 * Also returns every amount it read, to print.
 */
async function coinWords(page: Page): Promise<{ wrong: string[]; read: string[] }> {
  const text = await page.locator("main").innerText();
  const read = [...text.matchAll(/(?<![\d,.$])(\d[\d,]*) (coins?)\b/g)];
  const wrong = read
    .filter(([, n, word]) => {
      const grouped = Number(n!.replaceAll(",", "")).toLocaleString("en-US");
      return n !== grouped || (word === "coin") !== (n === "1");
    })
    .map(([all]) => all);
  return { wrong, read: read.map(([all]) => all) };
}

const csvOf = (rows: Record<string, string>[]) =>
  Papa.unparse({
    fields: [...BATCH_COLUMNS],
    data: rows.map((r) => ({
      task_title: `Check a shop page ${uniqueToken("row")}`,
      task_detail: "Open the page and answer the question.",
      required_workers: "1",
      payable_amount: "2",
      estimate_minutes: "1",
      completion_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      submission_info: "The answer asked for",
      category: "Data Entry",
      ...r,
    })),
  });

story("numbers and words that agree", () => {
  const posted = step(
    "1440: the demo buyer posts a task for 99% approval; its form names Workers needed, Payable amount, Completion date",
    async () => {
      const context = await signedInContext(browser, "buyer", { viewport: "desktop" });
      const page = await context.newPage();
      // fillTaskForm finds the fields by these names
      await postTaskThroughForm(page, {
        title: CLOSED,
        detail: "Read the menu and mark every typo.",
        workers: 2,
        pay: 10,
        daysAhead: 9,
        category: "Data Entry",
        info: "The typos you found",
        estimate: 4,
        leastApprovalRate: 99,
      });
      await context.close();
    },
  );

  step(
    "390 and 1440: Worker Home's approval rate and the task's 'yours is' are one figure, under one rule",
    { needs: [posted] },
    async () => {
      const taskId = taskIdByTitle(CLOSED);
      for (const viewport of ["phone", "desktop"] as const) {
        const width = VIEWPORTS[viewport].width;
        const context = await signedInContext(browser, "worker", { viewport });
        const page = await context.newPage();
        await gotoHydrated(page, "/dashboard/workerhome");
        const rate = (await page.getByTestId("stat-approval-rate").innerText()).trim();
        expect(rate).toMatch(/^\d+(\.\d)?%$/);
        const rule = await page.getByTestId("approval-rate-rule").innerText();
        expect(rule).toMatch(RULE);
        await page.getByTestId("stat-approval-rate").scrollIntoViewIfNeeded();
        await screenshot(page, `words-approval-rate-card-${width}`, { viewport: true });
        expect((await coinWords(page)).wrong).toEqual([]);

        // the card of the task the worker cannot do, shown with the box unticked
        await gotoHydrated(page, `/dashboard/tasklist?q=${token}&hide=0`);
        const card = page.getByTestId("task-card").filter({ hasText: CLOSED });
        await expect
          .poll(() => card.getByTestId("eligibility").innerText())
          .toContain(`Needs 99% approval (yours ${rate})`);
        // and its page: the same figure, then the same rule
        await gotoHydrated(page, `/dashboard/tasklist/${taskId}`);
        const blocker = await page.getByTestId("submission-blocker").innerText();
        expect(blocker).toContain(`This task is for workers with an approval rate of at least 99%; yours is ${rate}.`);
        expect(blocker).toMatch(RULE);
        expect(rule.match(RULE)![0]).toBe(blocker.match(RULE)![0]);
        expect(await sidewaysOverflow(page)).toBe(0);
        await screenshot(page, `words-yours-is-${width}`);
        await context.close();
      }
    },
  );

  step(
    "390 and 1440: every amount of coins is written by formatCoins; the review queue's Pay and its View agree",
    { needs: [posted] },
    async () => {
      const seen = new Set<string>();
      for (const viewport of ["phone", "desktop"] as const) {
        const width = VIEWPORTS[viewport].width;
        const buyer = await signedInContext(browser, "buyer", { viewport });
        const page = await buyer.newPage();
        for (const route of [
          "/dashboard/buyerhome",
          "/dashboard/mytasks",
          "/dashboard/bonuses",
          "/dashboard/purchasecoin",
        ]) {
          await gotoHydrated(page, route);
          const { wrong, read } = await coinWords(page);
          expect(wrong, `${route} at ${width} px`).toEqual([]);
          read.forEach((r) => seen.add(r));
        }
        // the review queue's rows (Buyer Home): Pay, then the View dialog's Pay
        await gotoHydrated(page, "/dashboard/buyerhome");
        const row = page.getByTestId("review-row").first();
        await row.waitFor();
        const pay = (await row.innerText()).match(/(\d[\d,]*) coins?\b/)![0];
        await row.getByRole("link", { name: /^View Submission / }).click();
        const view = page.getByTestId("submission-view");
        await view.waitFor();
        expect(await view.innerText()).toContain(pay);
        expect((await coinWords(page)).wrong).toEqual([]);
        await screenshot(page, `words-review-view-${width}`, { viewport: true });
        await buyer.close();

        const worker = await signedInContext(browser, "worker", { viewport });
        const wpage = await worker.newPage();
        for (const route of ["/dashboard/tasklist", "/dashboard/mysubmissions", "/dashboard/withdraw"]) {
          await gotoHydrated(wpage, route);
          const { wrong, read } = await coinWords(wpage);
          expect(wrong, `${route} at ${width} px`).toEqual([]);
          read.forEach((r) => seen.add(r));
        }
        await worker.close();
      }
      console.log(`amounts of coins read on the pages: ${[...seen].sort().join("; ")}`);
      // the figures cover one coin and a grouped thousand
      expect([...seen].some((s) => /^1 coin$/.test(s) || /,\d{3} coins$/.test(s))).toBe(true);
    },
  );

  step("390 and 1440: a CSV row's errors name each field in words", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const width = VIEWPORTS[viewport].width;
      const context = await signedInContext(browser, "buyer", { viewport });
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/batchtasks");
      const bad = `Count the chairs ${token}`;
      await page.locator('input[type="file"][name="csv"]').setInputFiles({
        name: "tasks.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csvOf([{}, { task_title: bad, required_workers: "0", estimate_minutes: "" }])),
      });
      await Promise.all([
        page.waitForURL(/\/dashboard\/batchtasks\?draft=/),
        page.getByRole("button", { name: "Upload and preview" }).click(),
      ]);
      await page.getByText("1 row has errors").waitFor();
      const errors = await page.getByRole("row").filter({ hasText: bad }).innerText();
      expect(errors).toContain("Workers needed: enter a whole number from 1 to 10,000");
      expect(errors).toContain(
        "Time estimate (minutes): enter a whole number from 1 to 480 (minutes one worker's work takes)",
      );
      expect(errors).not.toMatch(/required_workers|estimate_minutes/);
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `words-csv-errors-${width}`);
      await context.close();
    }
  });

  step("390 and 1440: Purchase Coin says what a coin is worth in docs/mturk.md's words", async () => {
    const guide = readFileSync(path.join(ROOT, "docs", "mturk.md"), "utf8");
    expect(guide).toContain(COIN_VALUE);
    for (const viewport of ["phone", "desktop"] as const) {
      const width = VIEWPORTS[viewport].width;
      const context = await signedInContext(browser, "buyer", { viewport });
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/purchasecoin");
      expect(await page.locator("main").innerText()).toContain(`Coins pay workers for your tasks. ${COIN_VALUE}`);
      // 500 coins for $20 against 10 coins a dollar: $50 at the base price, 60% saved
      expect(await page.getByTestId("package-500").innerText()).toContain("Save 60%");
      expect(await page.getByTestId("package-1000").innerText()).toContain("1,000");
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `words-purchase-coin-${width}`);
      await context.close();
    }
  });
});
