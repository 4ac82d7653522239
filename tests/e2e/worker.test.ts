// The worker's journey in Chromium against the built app (issue 7, item 7): find a task with the filters, open it,
// submit proof with an image, see it pending, have the buyer approve it (a second browser context), see the
// notification and the new balance, change the page size, request a withdrawal. Screenshots of every worker
// screen at 390 and 1440 px, axe checks, and the no-JavaScript paths of the GET filters and the page-size form.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  DEMO,
  ROOT,
  bellLabel,
  browser,
  coinsOnScreen,
  collectConsoleErrors,
  collectFailedRequests,
  expectAccessible,
  expectMessage,
  fillTaskForm,
  gotoHydrated,
  login,
  markAllNotificationsRead,
  newContext,
  registerThroughForm,
  screenshot,
  signedInContext,
  requestPayout,
  step,
  type Step,
  story,
  uniqueToken,
  setUpBrowser,
  waitForHydration,
  TEST_PASSWORD,
  startTask,
  closeToast,
} from "./browser";

const PROOF = path.join(ROOT, "public", "images", "categories", "content-writing.webp");
const token = uniqueToken("e2e");
const TITLE = `Proofread a landing page paragraph ${token}`;
const INFO = `Paste the corrected paragraph (${token})`;
const PAY = 25;

let buyer: BrowserContext;
let worker: BrowserContext;
let buyerPage: Page;
let page: Page;
let errors: string[];
let failed: ReturnType<typeof collectFailedRequests>;
/** The buyer's task of this walk: the later describes look for it too. */
let posted: Step;

setUpBrowser();
beforeAll(async () => {
  buyer = await signedInContext(browser, "buyer");
  buyerPage = await buyer.newPage();
  worker = await newContext(browser);
  page = await worker.newPage();
  errors = collectConsoleErrors(page);
  // 415 is the refused SVG upload below; it is expected.
  failed = collectFailedRequests(page, { allowStatus: [415] });
  await login(page, DEMO.worker.email);
});

story("a worker's day", () => {
  posted = step("the buyer posts a task to find", async () => {
    await gotoHydrated(buyerPage, "/dashboard/addtask");
    await fillTaskForm(buyerPage, {
      title: TITLE,
      detail: "Fix the spelling and grammar of one 120-word paragraph.",
      workers: 2,
      pay: PAY,
      daysAhead: 6,
      category: "Content Writing",
      info: INFO,
    });
    await Promise.all([
      buyerPage.waitForURL("**/dashboard/mytasks"),
      buyerPage.getByRole("button", { name: "Add Task" }).click(),
    ]);
  });

  const found = step(
    "finds it with search, category and sort, kept in a URL that survives a reload",
    { needs: [posted] },
    async () => {
      await gotoHydrated(page, "/dashboard/workerhome");
      await screenshot(page, "worker-home-1440");
      await expectAccessible(page, "worker home");

      await gotoHydrated(page, "/dashboard/tasklist");
      await expect.poll(() => page.getByTestId("task-card").count()).toBeGreaterThan(0);
      await screenshot(page, "worker-tasklist-1440");
      await expectAccessible(page, "task list");

      await page.getByLabel("Search").fill(token);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("q") === token);
      await page.getByLabel("Category").selectOption("Content Writing");
      await page.waitForURL((u) => u.searchParams.get("category") === "Content Writing");
      await page.getByLabel("Sort by").selectOption("pay");
      await page.waitForURL((u) => u.searchParams.get("sort") === "pay");
      expect(new URL(page.url()).searchParams.get("q")).toBe(token);
      await expect.poll(() => page.getByTestId("task-card").count()).toBe(1);
      const card = page.getByTestId("task-card");
      await expect.poll(() => card.innerText()).toContain(TITLE);
      const cardText = await card.innerText();
      expect(cardText).toContain(DEMO.buyer.name);
      expect(cardText).toContain(`${PAY} coins`);
      expect(cardText).toContain("$1.25"); // 25 coins at 20 per dollar
      expect(cardText).toContain("2"); // workers needed

      // Another category hides it; the shared URL brings the same view back after a reload.
      const shared = page.url();
      expect(Object.fromEntries(new URL(shared).searchParams)).toMatchObject({
        category: "Content Writing",
        sort: "pay",
      });
      await page.getByLabel("Category").selectOption("Translation");
      await page.waitForURL((u) => u.searchParams.get("category") === "Translation");
      await expect.poll(() => page.getByText("No tasks match your search").count()).toBe(1);
      await gotoHydrated(page, shared);
      await expect.poll(() => page.getByTestId("task-card").count()).toBe(1);
      // the controls follow the URL once the page has settled (an effect keeps them in step with it)
      await expect.poll(() => page.getByLabel("Search").inputValue()).toBe(token);
      await expect.poll(() => page.getByLabel("Category").inputValue()).toBe("Content Writing");
      await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("pay");
      await screenshot(page, "worker-tasklist-filtered-1440");
    },
  );

  const opened = step(
    "opens the task: details, the buyer's submission info as placeholder, and the submission form",
    { needs: [found] },
    async () => {
      await Promise.all([
        page.waitForURL(/\/dashboard\/tasklist\/[\w-]+$/),
        page.getByRole("link", { name: "View Details" }).click(),
      ]);
      await waitForHydration(page);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(TITLE);
      const main = await page.locator("main").innerText();
      for (const text of [
        DEMO.buyer.name,
        DEMO.buyer.email,
        `${PAY} coins`,
        "$1.25",
        "2 slots open",
        "Content Writing",
      ])
        expect(main).toContain(text);
      await screenshot(page, "worker-task-detail-1440");
      await expectAccessible(page, "task detail");
      await startTask(page);
      expect(await page.locator("main").innerText()).toContain("1 slot open");
      expect(await page.getByLabel("Your submission").getAttribute("placeholder")).toBe(INFO);
      await expectAccessible(page, "task detail, started");
    },
  );

  const refused = step(
    "refuses a file that is not an image with 'Image upload failed!' and keeps the text",
    { needs: [opened] },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "cw-e2e-"));
      const svg = path.join(dir, "proof.svg");
      writeFileSync(
        svg,
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
      );
      await page.getByLabel("Your submission").fill("Corrected paragraph: Our app helps you save.");
      await page.locator('input[type="file"][name="image"]').setInputFiles(svg);
      await page.getByRole("button", { name: "Submit Task" }).click();
      await expectMessage(page, "Image upload failed!");
      await closeToast(page, "Image upload failed!");
      expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/tasklist\//);
      expect(await page.getByLabel("Your submission").inputValue()).toBe(
        "Corrected paragraph: Our app helps you save.",
      );
      await expect.poll(() => page.getByRole("button", { name: "Submit Task" }).count()).toBe(1);
    },
  );

  const submitted = step(
    "submits with an image: preview first, then 'Submission sent successfully!' and the submission pending",
    { needs: [refused] },
    async () => {
      await page.locator('input[type="file"][name="image"]').setInputFiles(PROOF);
      await expect.poll(() => page.getByAltText("Preview of the chosen image").getAttribute("src")).toMatch(/^blob:/);
      // 'Submit Task' shows what will be sent, the image as stored, before anything is sent
      await page.getByRole("button", { name: "Submit Task" }).click();
      const review = page.getByTestId("proof-review");
      await review.waitFor();
      expect(await review.getByTestId("submission-text").innerText()).toBe(
        "Corrected paragraph: Our app helps you save.",
      );
      expect(await review.getByTestId("submission-image").getAttribute("src")).toMatch(/^\/images\/[\w-]+\.webp$/);
      await screenshot(page, "worker-proof-review-1440");
      await Promise.all([
        page.waitForURL("**/dashboard/mysubmissions"),
        review.getByRole("button", { name: "Yes, send it" }).click(),
      ]);
      await expectMessage(page, "Submission sent successfully!");
      const row = page.getByTestId("submission-row").filter({ hasText: TITLE });
      await expect.poll(() => row.count()).toBe(1);
      const text = await row.innerText();
      expect(text).toContain("Pending");
      expect(text).toContain(DEMO.buyer.name);
      expect(text).toContain(DEMO.buyer.email);

      // The task now says why there is no form.
      await gotoHydrated(page, "/dashboard/tasklist?q=" + token);
      await expect.poll(() => page.getByTestId("my-submission-badge").innerText()).toContain("Submitted");
      await page.getByRole("link", { name: "View Details" }).click();
      await expect.poll(() => page.getByTestId("submission-blocker").count()).toBe(1);
      expect(await page.getByTestId("submission-blocker").innerText()).toContain(
        "Your submission for this task is waiting for review.",
      );
      expect(await page.getByRole("button", { name: "Submit Task" }).count()).toBe(0);
      await screenshot(page, "worker-task-detail-submitted-1440");
    },
  );

  step(
    "the buyer approves it; the worker sees the notification, the earnings and the new balance",
    { needs: [submitted] },
    async () => {
      await gotoHydrated(page, "/dashboard/workerhome");
      const before = await coinsOnScreen(page);
      const earnedBefore = Number((await page.getByTestId("stat-earned").innerText()).split(/\s/)[0].replace(/,/g, ""));

      await gotoHydrated(buyerPage, "/dashboard/buyerhome");
      const reviewRow = buyerPage.getByTestId("review-row").filter({ hasText: TITLE });
      await expect.poll(() => reviewRow.count()).toBe(1);
      await reviewRow.getByRole("link", { name: `Approve ${DEMO.worker.name}` }).click();
      await buyerPage.getByRole("button", { name: "Yes, approve" }).click();
      await expectMessage(buyerPage, "Successfully approved");

      await gotoHydrated(page, "/dashboard/workerhome");
      expect(await coinsOnScreen(page)).toBe(before + PAY);
      expect(await bellLabel(page)).toMatch(/^Notifications, \d+ unread$/);
      await page.getByTestId("notification-bell").click();
      await expectMessage(page, `You earned ${PAY} coins: your submission for "${TITLE}" was approved.`);
      await screenshot(page, "worker-notifications-1440");
      await markAllNotificationsRead(page);
      await expect.poll(() => bellLabel(page)).toBe("Notifications");
      await page.keyboard.press("Escape");

      await gotoHydrated(page, "/dashboard/workerhome");
      expect(Number((await page.getByTestId("stat-earned").innerText()).split(/\s/)[0].replace(/,/g, ""))).toBe(
        earnedBefore + PAY,
      );
      const approved = page.getByTestId("approved-row").filter({ hasText: TITLE });
      await expect.poll(() => approved.count()).toBe(1);
      expect(await approved.innerText()).toContain("Approved");
      await expect.poll(() => bellLabel(page)).toBe("Notifications");

      await gotoHydrated(page, "/dashboard/mysubmissions");
      expect(await page.getByTestId("submission-row").filter({ hasText: TITLE }).innerText()).toContain("Approved");
    },
  );

  step("changes the page size (stored for the user) and pages with Prev / Next", async () => {
    await gotoHydrated(page, "/dashboard/mysubmissions");
    expect(await page.getByLabel("Items per page").inputValue()).toBe("3");
    await expect.poll(() => page.getByTestId("submission-row").count()).toBe(3);
    await page.getByLabel("Items per page").selectOption("5");
    await expect.poll(() => page.getByTestId("submission-row").count()).toBe(5);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect.poll(() => pager.innerText()).toMatch(/Page 1 of \d+/);
    const pages = Number(/Page 1 of (\d+)/.exec(await pager.innerText())![1]);
    expect(pages).toBeGreaterThan(1);
    await pager.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    await expect.poll(() => pager.innerText()).toContain(`Page 2 of ${pages}`);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("submission-row").count()).toBe(5);
    expect(await page.getByLabel("Items per page").inputValue()).toBe("5");
    await screenshot(page, "worker-mysubmissions-1440");
    await expectAccessible(page, "my submissions");
    // Back to the default for the other tests.
    await page.getByLabel("Items per page").selectOption("3");
    await expect.poll(() => page.getByTestId("submission-row").count()).toBe(3);
  });

  step("requests a withdrawal: live amount, a refusal below 200, then 'Withdrawal request submitted!'", async () => {
    await gotoHydrated(page, "/dashboard/withdraw");
    const balance = Number((await page.getByTestId("total-coins").innerText()).replace(/,/g, ""));
    expect(balance).toBeGreaterThanOrEqual(200);
    expect(await page.getByTestId("withdrawable-amount").innerText()).toBe(`$${(balance / 20).toFixed(2)}`);
    await screenshot(page, "worker-withdraw-1440");
    await expectAccessible(page, "withdraw");

    const coins = page.getByLabel("Coins to withdraw");
    await coins.fill("150");
    await coins.blur();
    await expectMessage(page, "The minimum withdrawal is 200 coins.");
    expect(await page.getByTestId("withdrawal-amount").inputValue()).toBe("7.50");
    await coins.fill("201");
    expect(await page.getByTestId("withdrawal-amount").inputValue()).toBe("10.05");
    await coins.fill("200");
    expect(await page.getByTestId("withdrawal-amount").inputValue()).toBe("10.00");
    await requestPayout(page, { coins: 200, system: "Bkash", account: "01700-000000" });
    await expect.poll(() => page.getByTestId("total-coins").innerText()).toBe(String(balance - 200));
    expect(await coinsOnScreen(page)).toBe(balance - 200);
    const request = page.getByTestId("withdrawal-row").filter({ hasText: "01700000000" }).first();
    const text = await request.innerText();
    expect(text).toContain("200 coins");
    expect(text).toContain("$10.00");
    expect(text).toContain("Pending");
    // The form starts empty again; below 200 coins the button gives way to the message.
    expect(await coins.inputValue()).toBe("");
    if (balance - 200 < 200) {
      await expect.poll(() => page.getByText("Insufficient coin to withdraw.").count()).toBe(1);
      expect(await page.getByRole("button", { name: "Withdraw", exact: true }).count()).toBe(0);
    }
  });

  step("showed no console errors and no failed requests on the way", () => {
    // The refused SVG upload answers 415 on purpose; Chromium logs every 4xx resource as a console error.
    expect(errors.filter((e) => !/status of 415 \(Unsupported Media Type\)/.test(e))).toEqual([]);
    expect(failed).toEqual([]);
  });
});

describe("phone width and a brand-new worker", () => {
  step(
    "a new worker sees the empty states and 'No notifications found.', and and sees Start task on a phone",
    { needs: [posted] },
    async () => {
      const context = await newContext(browser, { viewport: "phone" });
      const p = await context.newPage();
      const email = `worker-${token}@e2e.test`;
      await registerThroughForm(p, { name: "Nadia Newcomer", email, password: TEST_PASSWORD, role: "Worker" });
      await expectMessage(p, "No Approved Tasks Yet.");
      await p.getByTestId("notification-bell").click();
      await expectMessage(p, "No notifications found.");
      await p.keyboard.press("Escape");
      await screenshot(p, "worker-new-home-390");

      await gotoHydrated(p, "/dashboard/mysubmissions");
      await expectMessage(p, "No Submitted Tasks Yet.");
      await screenshot(p, "worker-new-mysubmissions-390");

      await gotoHydrated(p, "/dashboard/withdraw");
      await expectMessage(p, "Insufficient coin to withdraw.");
      expect(await p.getByRole("button", { name: "Withdraw" }).count()).toBe(0);
      await screenshot(p, "worker-new-withdraw-390");
      await expectAccessible(p, "withdraw (phone, under 200 coins)");

      await gotoHydrated(p, `/dashboard/tasklist?q=${token}`);
      await Promise.all([
        p.waitForURL(/\/dashboard\/tasklist\/[\w-]+$/),
        p.getByRole("link", { name: "View Details" }).click(),
      ]);
      await waitForHydration(p);
      // before a start, what starting does and its button (the proof's form comes with the start)
      expect(await p.getByTestId("start-panel").innerText()).toContain("a slot is kept for you for 1 hour");
      await screenshot(p, "worker-task-detail-390");
      await expectAccessible(p, "task detail (phone)");
      await context.close();
    },
  );

  // Every worker screen at 390 px (screenshot, axe, sideways scroll) is in the route walk (tests/e2e/route-walk.ts).
  it("shows 'Task not found' for an unknown task at 390 px", async () => {
    const context = await signedInContext(browser, "worker", { viewport: "phone" });
    const p = await context.newPage();
    await gotoHydrated(p, "/dashboard/tasklist/no-such-task");
    await expectMessage(p, "Task not found");
    await screenshot(p, "worker-task-not-found-390");
    await context.close();
  });
});

describe("without JavaScript", () => {
  step("the task filters are a plain GET form and the page size a plain POST form", { needs: [posted] }, async () => {
    const context = await signedInContext(browser, "worker", { javaScriptEnabled: false });
    const p = await context.newPage();
    await p.goto("/dashboard/tasklist");
    await p.getByLabel("Search").fill(token);
    await p.getByLabel("Category").selectOption("Content Writing");
    await Promise.all([
      p.waitForURL((u) => u.searchParams.get("q") === token),
      p.getByRole("button", { name: "Search", exact: true }).click(),
    ]);
    expect(new URL(p.url()).searchParams.get("category")).toBe("Content Writing");
    expect(await p.getByTestId("task-card").count()).toBe(1);

    await p.goto("/dashboard/mysubmissions");
    // Apply posts and lands on this same URL again: wait for the rows of the new page, not for a URL already there.
    await p.getByLabel("Items per page").selectOption("10");
    await p.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => p.getByTestId("submission-row").count()).toBe(10);
    expect(new URL(p.url()).pathname).toBe("/dashboard/mysubmissions");
    await p.getByLabel("Items per page").selectOption("3");
    await p.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => p.getByTestId("submission-row").count()).toBe(3);
    await context.close();
  });
});
