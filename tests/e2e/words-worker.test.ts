// A worker's way through Coinwork in Bengali at 390 px, then its pages at 1440 (docs/decisions/097 and 106): a
// visitor switches to Bengali in the header and registers, confirms the address from the e-mail, finds a task by a
// word of its title, does it and sends the proof; once the buyer approves it (the REST API), they withdraw its coins
// to Bkash, after a refused amount that changes nothing. No page on the way has an English word but names and what
// people typed; none scrolls sideways, and no box has words spilling out of it; a task card stays at most 320 px tall
// at 390 px; each page is shot for a look (test-results/screenshots/*-bn-390.png, *-bn-1440.png).
import { expect } from "vitest";
import {
  browser,
  closeToast,
  db,
  DEMO,
  expectMessage,
  fieldError,
  gotoHydrated,
  isoDay,
  newContext,
  openLinkFromMailbox,
  pressConfirmButton,
  screenshot,
  setUpBrowser,
  signedInContext,
  sqlText,
  step,
  story,
  TEST_PASSWORD,
  unique,
  uniqueToken,
  VIEWPORTS,
  waitForHydration,
} from "./browser";
import { englishWordsIn } from "../server/fixtures/words";
import type { BrowserContext, Page } from "playwright-core";

setUpBrowser();

const WORKER = "Rahim Karim";
const EMAIL = unique("bn-worker");
const token = uniqueToken("bnwalk");
/** The walk's own task, in a buyer's Bengali, with a token to find it by; its pay and the sign-up's reach a withdrawal. */
const TASK = { title: `লোগো নিয়ে মতামত ${token}`, pay: 200 };
const ACCOUNT = "01712345678";

let context: BrowserContext;
let page: Page;
let taskId = "";

/** Bengali digits as a number ("২১০" is 210). */
const bengaliNumber = (text: string) =>
  Number(text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/\D/g, ""));

/** What people typed that a list shows as they typed it: task cards, and qualification tests of any buyer. */
function shownData(): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        // task cards' titles and buyers, and qualification tests' names and descriptions (other files' buyers add them)
        "[data-testid=task-card] h2, [data-testid=task-card] .buyer, [data-testid=test-row] .name, [data-testid=test-row] .meta",
      ),
    ].map((e) => e.textContent ?? ""),
  );
}

/**
 * The boxes of the header and the page whose content is wider than they are and shows past their edge (a button
 * whose words do not wrap, a row with more than it holds): a layout long words broke, even where the page as a whole
 * still fits the screen. Each as its tag, class and first words.
 */
function spills(): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("header *, main *")]
      .filter((e) => {
        if (e instanceof SVGElement || e.clientWidth === 0) return false;
        const style = getComputedStyle(e);
        return style.overflowX === "visible" && style.display !== "inline" && e.scrollWidth > e.clientWidth + 1;
      })
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.className}"> ${(e.textContent ?? "").slice(0, 40)}`),
  );
}

/**
 * The page as it is now: in Bengali, with no English word but names, data people typed (the worker's name, the
 * buyer's, the task's title, the cards of a list) and the account number's format ("01XXXXXXXXX"); within the
 * screen's width; shot as `<name>-bn-<width>` (the whole page, or what the screen shows).
 */
async function lookHere(name: string, width: string, opts: { viewport?: boolean } = {}) {
  expect(await page.locator("html").getAttribute("lang")).toBe("bn");
  await screenshot(page, `${name}-bn-${width}`, opts);
  const data = [WORKER, DEMO.buyer.name, TASK.title, ...(await shownData())];
  // the toasts' region names its keyboard shortcut by its keys ("alt+T")
  expect(englishWordsIn(await page.content(), [...data, "alt", "XXXXXXXXX"]), `${name} at ${width} px`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${name} at ${width} px scrolls sideways`,
  ).toBe(true);
  expect(await spills(), `${name} at ${width} px: boxes their words spill out of`).toEqual([]);
}

/** The page at `path`, looked at as `lookHere` does. */
async function look(path: string, name: string, width: string) {
  await gotoHydrated(page, path);
  await lookHere(name, width);
}

story("a worker's way in Bengali, from sign-up to a withdrawal", () => {
  const registered = step(
    "a visitor switches Coinwork to Bengali in the header and registers as a worker",
    async () => {
      context = await newContext(browser, { viewport: "phone" });
      page = await context.newPage();
      await gotoHydrated(page, "/register");
      await page.locator('form[action="/language"] button[name="language"][value="bn"]').first().click();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("bn");
      await waitForHydration(page);
      await lookHere("register", "390");
      await page.locator('input[name="name"]').fill(WORKER);
      await page.locator('input[name="email"]').fill(EMAIL);
      await page.locator('input[name="password"]').fill(TEST_PASSWORD);
      await page.locator('select[name="role"]').selectOption("Worker");
      await Promise.all([
        page.waitForURL("**/dashboard/workerhome"),
        page.getByRole("button", { name: "নিবন্ধন", exact: true }).click(),
      ]);
      await expectMessage(page, "অ্যাকাউন্ট খোলা হয়েছে!");
      await lookHere("worker-home-new", "390");
      // the address confirmed with the link of the e-mail, written in Bengali too
      await openLinkFromMailbox(page, EMAIL, "আপনার ইমেইল ঠিকানা নিশ্চিত করুন", "আমার ইমেইল ঠিকানা নিশ্চিত করুন");
      await page.waitForURL("**/verify-email*");
      await waitForHydration(page);
      await lookHere("verify-email", "390");
      await pressConfirmButton(page, "আমার ইমেইল ঠিকানা নিশ্চিত করুন");
      await expectMessage(page, "ইমেইল যাচাই হয়েছে!");
      await waitForHydration(page);
      await lookHere("worker-home", "390");
    },
  );

  const sent = step(
    "at 390 px the cards stay short; the worker finds a task and sends a proof",
    { needs: [registered] },
    async () => {
      // a buyer's task, posted through the API
      const buyer = await signedInContext(browser, "buyer");
      const posted = await buyer.request.post("/tasks", {
        data: {
          task_title: TASK.title,
          task_detail: "লোগোটি দেখুন এবং দুই লাইনে আপনার মতামত লিখুন।",
          required_workers: 1,
          payable_amount: TASK.pay,
          estimate_minutes: 5,
          completion_date: isoDay(5),
          submission_info: "দুই লাইনে আপনার মতামত",
          category: "Survey & Feedback",
        },
      });
      expect(posted.status()).toBe(201);
      taskId = ((await posted.json()) as { _id: string })._id;
      await buyer.close();

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

      // found by a word of its title, typed in the search box
      await page.locator("#task-search").fill(token);
      await page.keyboard.press("Enter");
      const card = cards.filter({ hasText: TASK.title });
      await card.waitFor();
      await lookHere("task-list-found", "390");
      await Promise.all([
        page.waitForURL(`**/dashboard/tasklist/${taskId}`),
        card.getByRole("link", { name: "বিস্তারিত দেখুন" }).click(),
      ]);
      await waitForHydration(page);
      await lookHere("task-page", "390");
      await page.getByRole("button", { name: "টাস্ক শুরু করুন" }).click();
      await page.getByTestId("held-slot").waitFor();
      await lookHere("task-page-held", "390", { viewport: true });
      await closeToast(page, "টাস্ক শুরু হয়েছে");
      await page.getByLabel("আপনার জমা").fill("আমি কাজটি শেষ করেছি।");
      await page.getByRole("button", { name: "টাস্ক জমা দিন" }).click();
      const review = page.getByTestId("proof-review");
      await review.waitFor();
      await lookHere("task-page-review", "390");
      await Promise.all([
        page.waitForURL("**/dashboard/mysubmissions"),
        review.getByRole("button", { name: "হ্যাঁ, পাঠান" }).click(),
      ]);
      await look("/dashboard/mysubmissions", "my-submissions", "390");
      // the task's page says the work waits for review
      await look(`/dashboard/tasklist/${taskId}`, "task-page-sent", "390");
      expect(await page.getByTestId("submission-blocker").innerText()).toContain("পর্যালোচনার অপেক্ষায়");
    },
  );

  const withdrawn = step(
    "the buyer approves it; the worker withdraws the coins to Bkash",
    { needs: [sent] },
    async () => {
      const buyer = await signedInContext(browser, "buyer");
      const [submission] = db<{ id: string }>(`SELECT id FROM submissions WHERE task_id = ${sqlText(taskId)}`);
      const approved = await buyer.request.patch(`/submission1?id=${submission!.id}&status=approve`, { data: {} });
      expect(approved.status()).toBe(200);
      await buyer.close();

      await look("/dashboard/withdraw", "withdraw", "390");
      const total = page.getByTestId("total-coins");
      expect(bengaliNumber(await total.innerText())).toBe(10 + TASK.pay);
      await page.getByTestId("system-Bkash").click();
      await page.locator('input[name="payment_system"][value="Bkash"]').waitFor({ state: "attached" });
      await page.locator('input[name="account_number"]').fill(ACCOUNT);

      // more coins than the balance: said in Bengali under the field, and nothing asked
      const coins = page.getByLabel("যত কয়েন তুলবেন");
      await coins.fill("5000");
      await page.getByRole("button", { name: "উত্তোলন করুন", exact: true }).click();
      await expect.poll(() => fieldError(page, "যত কয়েন তুলবেন")).toBe("আপনি সর্বোচ্চ ২১০ কয়েন উত্তোলন করতে পারেন।");
      await lookHere("withdraw-too-many", "390");
      expect(await page.getByTestId("withdraw-review").count()).toBe(0);
      const workerId = db<{ id: string }>(`SELECT id FROM users WHERE email = ${sqlText(EMAIL)}`)[0]!.id;
      const held = () =>
        db<{ n: number }>(`SELECT COUNT(*) AS n FROM withdrawals WHERE worker_id = ${sqlText(workerId)}`)[0]!.n;
      expect(held()).toBe(0);
      expect(bengaliNumber(await total.innerText())).toBe(10 + TASK.pay);

      await coins.fill("200");
      await page.getByRole("button", { name: "উত্তোলন করুন", exact: true }).click();
      const review = page.getByTestId("withdraw-review");
      await review.waitFor();
      expect(await review.innerText()).toContain(ACCOUNT);
      await lookHere("withdraw-review", "390");
      await review.getByRole("button", { name: /^হ্যাঁ, .+ তুলুন$/ }).click();
      await expectMessage(page, "উত্তোলনের অনুরোধ পাঠানো হয়েছে!");
      const row = page.getByTestId("withdrawal-row").filter({ hasText: ACCOUNT });
      await row.waitFor();
      expect(await row.innerText()).toContain("অপেক্ষমাণ");
      await expect.poll(async () => bengaliNumber(await total.innerText())).toBe(10);
      expect(held()).toBe(1);
      await lookHere("withdraw-sent", "390");
    },
  );

  step("at 1440 px the same pages", { needs: [withdrawn] }, async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await look("/dashboard/tasklist", "task-list", "1440");
    await look(`/dashboard/tasklist/${taskId}`, "task-page", "1440");
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
