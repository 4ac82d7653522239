// The whole marketplace, end to end in Chromium (issue 9): a buyer, four workers and an admin, each in a browser
// context of their own and all open at once, run the full coin loop on the built app; every balance is read from
// the top bar (data-testid="coin-balance") after each step and compared with what the coin rules say it must be;
// `npm run ledger:check` runs on the served database at the end. Along the way: the guards as a person meets them,
// the failure paths (declined card, double click on Approve, a file that is not an image, a slow server), and the
// same marketplace without JavaScript.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import {
  DEMO,
  ROOT,
  browser,
  coinsOnScreen,
  db,
  expectCoins,
  closeToast,
  expectMessage,
  fillTaskForm,
  fieldError,
  gotoHydrated,
  login,
  logout,
  openBell,
  person as newPerson,
  persistDir,
  openLinkFromMailbox,
  pressConfirmButton,
  signUp,
  signUpByPost,
  screenshot,
  sqlText,
  step,
  story,
  uniqueToken,
  setUpBrowser,
  waitForHydration,
  type Person,
  requestPayout,
  startTask,
} from "./browser";

const PHOTO = path.join(ROOT, "public", "avatars", "seed-07.webp");
const TASK_IMAGE = path.join(ROOT, "public", "images", "categories", "survey-feedback.webp");
const PROOF_IMAGE = path.join(ROOT, "public", "images", "categories", "image-handling.webp");
const PASSWORD = "Journey-Compass-Fern-9";

// The coin rules (docs/product/coins.md) this walk checks the screens against.
const BUYER_START = 50;
const WORKER_START = 10;
const PACKAGE = { coins: 150, dollars: 10 };
const SLOTS = 3;
const PAY = 30;
const MIN_WITHDRAWAL = 200;

const token = uniqueToken("j");
const TITLE = `Try our sign-up screens and tell us what confused you ${token}`;
const INFO = `Three sentences on the most confusing step (${token})`;
const REASON = "You described the pricing page, not the sign-up screens.";
const email = (who: string) => `${who}-${token}@e2e.test`;
/** This walk's own Nagad number (a wallet takes 11 digits starting 01), to find its withdrawal among others. */
const NAGAD = `018${String(Date.now()).slice(-8)}`;

/** Files a person might pick by mistake: plain text, and text disguised as a PNG (only the server's byte check catches it). */
const scratch = mkdtempSync(path.join(tmpdir(), "cw-journeys-"));
const NOT_AN_IMAGE = path.join(scratch, "notes.txt");
const DISGUISED = path.join(scratch, "screenshot.png");
writeFileSync(NOT_AN_IMAGE, "These are my notes, not a screenshot.\n");
writeFileSync(DISGUISED, "This is text with a .png name.\n");

const people: Person[] = [];

/** A person with a browser context of their own; `who` is a label for a new account's e-mail, or an existing e-mail. */
async function person(
  name: string,
  who: string,
  viewport: "phone" | "desktop" = "desktop",
  js = true,
): Promise<Person> {
  const p = await newPerson(browser, { name, email: who.includes("@") ? who : email(who), viewport, js });
  people.push(p);
  return p;
}

/** Registers through the form (JavaScript on) and lands on the role's home. */
async function register(p: Person, role: "Buyer" | "Worker", photo?: string) {
  // "Account Created!", then the address confirmed through the mailbox (registerThroughForm)
  await signUp(p, { password: PASSWORD, role, photo });
}

/** Task List search for this walk's token: the task's card, or none. */
async function searchTask(p: Person) {
  await gotoHydrated(p.page, "/dashboard/tasklist");
  await p.page.getByLabel("Search").fill(token);
  await Promise.all([
    p.page.waitForURL((u) => u.searchParams.get("q") === token),
    p.page.getByRole("button", { name: "Search", exact: true }).click(),
  ]);
  return p.page.getByTestId("task-card");
}

async function workersNeeded(card: ReturnType<Page["getByTestId"]>): Promise<number> {
  const text = await card
    .locator("dt", { hasText: "Workers needed" })
    .locator("xpath=following-sibling::dd[1]")
    .innerText();
  return Number(text.trim());
}

/** Finds the task through search, checks the open slots on its card, and opens it. */
async function openTaskThroughSearch(p: Person, slotsOpen: number) {
  const card = await searchTask(p);
  await expect.poll(() => card.count()).toBe(1);
  await expect.poll(() => card.innerText()).toContain(TITLE);
  expect(await workersNeeded(card)).toBe(slotsOpen);
  await Promise.all([
    p.page.waitForURL(/\/dashboard\/tasklist\/[\w-]+$/),
    card.getByRole("link", { name: "View Details" }).click(),
  ]);
  await waitForHydration(p.page);
  await startTask(p.page);
  await expect.poll(() => p.page.getByRole("heading", { level: 1 }).innerText()).toBe(TITLE);
  // the buyer's image, uploaded with the task, is the one shown
  expect(await p.page.getByAltText(`Image for the task “${TITLE}”`).getAttribute("src")).toMatch(
    /^\/images\/[\w-]+\.webp$/,
  );
  expect(await p.page.getByLabel("Your submission").getAttribute("placeholder")).toBe(INFO);
}

async function submitWork(p: Person, text: string, image?: string) {
  await p.page.getByLabel("Your submission").fill(text);
  if (image) {
    await p.page.locator('input[type="file"][name="image"]').setInputFiles(image);
    await expect.poll(() => p.page.getByAltText("Preview of the chosen image").getAttribute("src")).toMatch(/^blob:/);
  }
  // 'Submit Task' shows what will be sent; 'Yes, send it' sends it
  await p.page.getByRole("button", { name: "Submit Task" }).click();
  const review = p.page.getByTestId("proof-review");
  await review.waitFor();
  expect(await review.getByTestId("submission-text").innerText()).toBe(text);
  await Promise.all([
    p.page.waitForURL("**/dashboard/mysubmissions"),
    review.getByRole("button", { name: "Yes, send it" }).click(),
  ]);
  await waitForHydration(p.page);
  await expectMessage(p.page, "Submission sent successfully!");
}

/** The person's row (desktop) or card (phone) for this walk's task on My Submissions. */
function mySubmission(p: Person) {
  return p.page
    .locator('[data-testid="submission-row"], [data-testid="submission-card"]')
    .filter({ visible: true })
    .filter({ hasText: TITLE });
}

setUpBrowser();

story("the full loop: three people, three browsers, one marketplace", () => {
  let buyer: Person;
  let admin: Person;
  const workers: Person[] = [];
  let taskId = "";
  const buyerBalance = BUYER_START + PACKAGE.coins - SLOTS * PAY;

  const buyerJoined = step("a buyer registers with a photo and starts with 50 coins", async () => {
    buyer = await person("Bea Journey", "buyer");
    await register(buyer, "Buyer", PHOTO);
    const photo = buyer.page.getByAltText("Bea Journey's photo").first();
    await expect.poll(() => photo.getAttribute("src")).toMatch(/^\/images\/[\w-]+\.webp$/);
    expect((await buyer.page.request.get((await photo.getAttribute("src"))!)).headers()["content-type"]).toBe(
      "image/webp",
    );
    await expectCoins(buyer, BUYER_START, "sign-up");
    expect(await buyer.page.getByTestId("stat-pending-value").innerText()).toBe("0");
  });

  const bought = step(
    "a declined card shows the provider's message and charges nothing; the test card buys 150 coins",
    { needs: [buyerJoined] },
    async () => {
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/purchasecoin");
      await page.getByRole("link", { name: `Purchase Now: ${PACKAGE.coins} coins for $${PACKAGE.dollars}` }).click();
      const modal = page.getByRole("dialog", { name: "Purchase Coin" });
      await modal.waitFor();
      expect(await modal.innerText()).toContain("You are about to purchase:");
      expect(await modal.getByTestId("modal-coins").innerText()).toContain(`${PACKAGE.coins} coins`);
      expect(await modal.getByTestId("modal-total").innerText()).toBe(`Total Cost: $${PACKAGE.dollars}`);

      await modal.getByLabel("Card number").fill("4000 0000 0000 0002");
      await modal.getByLabel("Expiry (MM/YY)").fill("1234");
      await modal.getByLabel("CVC").fill("123");
      await modal.getByRole("button", { name: `Pay $${PACKAGE.dollars}` }).click();
      await expect.poll(() => modal.getByTestId("card-error").innerText()).toBe("Your card was declined.");
      await screenshot(page, "journey-purchase-declined-1440");
      // nothing charged: the modal stays open for another card, both balances on screen unchanged, no order
      expect(await modal.isVisible()).toBe(true);
      await expectCoins(buyer, BUYER_START, "a declined card");
      expect(await page.getByTestId("purchase-balance").innerText()).toContain(String(BUYER_START));

      await modal.getByLabel("Card number").fill("4242 4242 4242 4242");
      await modal.getByRole("button", { name: `Pay $${PACKAGE.dollars}` }).click();
      await expectMessage(page, "Purchase Successful");
      await modal.waitFor({ state: "detached" });
      await expectCoins(buyer, BUYER_START + PACKAGE.coins, "buying 150 coins");
      await expect
        .poll(() => page.getByTestId("purchase-balance").innerText())
        .toContain(String(BUYER_START + PACKAGE.coins));

      await gotoHydrated(page, "/dashboard/paymenthistory");
      const rows = page.getByTestId("payment-row");
      await expect.poll(() => rows.count()).toBe(1); // the declined card left no order
      expect(await rows.innerText()).toMatch(new RegExp(`${PACKAGE.coins}\\s+\\$${PACKAGE.dollars}\\.00`));
    },
  );

  const taskPosted = step(
    "posts a task for 3 workers with an image: 3 x pay is held",
    { needs: [bought] },
    async () => {
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/addtask");
      await fillTaskForm(page, {
        title: TITLE,
        detail: "Create an account on our staging site and tell us which step confused you.",
        workers: SLOTS,
        pay: PAY,
        daysAhead: 5,
        category: "Survey & Feedback",
        info: INFO,
        image: TASK_IMAGE,
      });
      await expect.poll(() => page.getByTestId("cost-panel").innerText()).toContain(String(SLOTS * PAY));
      await page.getByRole("button", { name: "Add Task" }).click();
      await expectMessage(page, "Task Posted!");
      await page.waitForURL("**/dashboard/mytasks");
      await waitForHydration(page);
      await expect.poll(() => page.getByTestId("task-row").filter({ hasText: TITLE }).count()).toBe(1);
      await expectCoins(buyer, buyerBalance, `posting ${SLOTS} x ${PAY}`);
      await gotoHydrated(page, "/dashboard/buyerhome");
      expect(await page.getByTestId("stat-pending-value").innerText()).toBe(String(SLOTS));
    },
  );

  const submittedAll = step(
    "three workers register, find it through search and submit; a file that is not an image is refused clearly",
    { needs: [taskPosted] },
    async () => {
      const cast = [
        ["Wen Journey", "w1", "desktop"],
        ["Tariq Journey", "w2", "desktop"],
        ["Rosa Journey", "w3", "phone"],
      ] as const;
      for (const [i, [name, who, viewport]] of cast.entries()) {
        const w = await person(name, who, viewport);
        workers.push(w);
        // the second through the form's POST alone: the form at 1440 px is walked by the first, at 390 by the third
        if (i === 1) await signUpByPost(w, { password: PASSWORD, role: "Worker" });
        else await register(w, "Worker");
        await expectCoins(w, WORKER_START, "sign-up");
        await openTaskThroughSearch(w, SLOTS - i);
        taskId ||= new URL(w.page.url()).pathname.split("/").pop()!;

        if (i === 0) {
          // a text file: the picker says so at once and sends nothing
          const picker = w.page.locator('input[type="file"][name="image"]');
          await picker.setInputFiles(NOT_AN_IMAGE);
          await expect
            .poll(() => w.page.getByRole("alert").filter({ hasText: "Please choose an image file" }).count())
            .toBe(1);
          expect(await picker.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).toBe(0);
          // text named .png: the server reads the bytes and refuses, keeping what was typed
          await w.page.getByLabel("Your submission").fill("The password rules appear only after an error.");
          await picker.setInputFiles(DISGUISED);
          await w.page.getByRole("button", { name: "Submit Task" }).click();
          // closed as a person would: the toast at the bottom sits over the form's button
          await closeToast(w.page, "Image upload failed!");
          await expect
            .poll(() =>
              w.page.getByText("Only PNG, JPEG, WebP or GIF images can be uploaded").filter({ visible: true }).count(),
            )
            .toBeGreaterThan(0);
          expect(new URL(w.page.url()).pathname).toBe(`/dashboard/tasklist/${taskId}`);
          expect(await w.page.getByLabel("Your submission").inputValue()).toBe(
            "The password rules appear only after an error.",
          );
          await screenshot(w.page, "journey-upload-refused-1440");
          await submitWork(w, "The password rules appear only after an error.", PROOF_IMAGE);
        } else {
          await submitWork(w, `${name}: the e-mail confirmation step was unclear.`);
        }
        await expect.poll(() => mySubmission(w).innerText()).toContain("Pending");
        await expectCoins(w, WORKER_START, "submitting (paid only on approval)");
      }
      await screenshot(workers[2].page, "journey-worker-submitted-390");
      expect(db<{ n: number }>(`SELECT required_workers AS n FROM tasks WHERE id = ${sqlText(taskId)}`)[0].n).toBe(0);
    },
  );

  const full = step(
    "with every slot taken, a fourth worker cannot find the task",
    { needs: [submittedAll] },
    async () => {
      const w4 = await person("Fumi Journey", "w4");
      workers.push(w4);
      await signUpByPost(w4, { password: PASSWORD, role: "Worker" });
      await expectCoins(w4, WORKER_START, "sign-up");
      const card = await searchTask(w4);
      await expect
        .poll(() => w4.page.getByText("No tasks match your search. Try another word or category.").count())
        .toBe(1);
      expect(await card.count()).toBe(0);
      await gotoHydrated(buyer.page, "/dashboard/buyerhome");
      expect(await buyer.page.getByTestId("stat-pending-value").innerText()).toBe("0");
    },
  );

  const viewed = step(
    "the buyer is notified and views each submission: the image, else the text",
    { needs: [submittedAll] },
    async () => {
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/buyerhome");
      const rows = page.getByTestId("review-row").filter({ hasText: TITLE });
      await expect.poll(() => rows.count()).toBe(3);
      const bell = await openBell(page);
      for (const w of workers.slice(0, 3))
        await expect.poll(() => bell.innerText()).toContain(`${w.name} submitted work for "${TITLE}"`);
      await page.keyboard.press("Escape");

      const [w1, w2, w3] = workers;
      await page.getByRole("link", { name: `View Submission ${w1.name}` }).click();
      let modal = page.getByRole("dialog", { name: "Submission" });
      await modal.waitFor();
      const image = modal.getByTestId("submission-image");
      await expect.poll(() => image.getAttribute("src")).toMatch(/^\/images\/[\w-]+\.webp$/);
      await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await modal.getByTestId("submission-text").innerText()).toBe(
        "The password rules appear only after an error.",
      );
      await screenshot(page, "journey-view-submission-1440");
      await modal.getByRole("button", { name: "Close" }).click(); // the × button
      await modal.waitFor({ state: "detached" });

      await page.getByRole("link", { name: `View Submission ${w2.name}` }).click();
      modal = page.getByRole("dialog", { name: "Submission" });
      await modal.waitFor();
      expect(await modal.getByTestId("submission-image").count()).toBe(0);
      expect(await modal.getByTestId("submission-text").innerText()).toBe(
        `${w2.name}: the e-mail confirmation step was unclear.`,
      );
      await page.mouse.click(8, 450); // the backdrop
      await modal.waitFor({ state: "detached" });

      await page.getByRole("link", { name: `View Submission ${w3.name}` }).click();
      modal = page.getByRole("dialog", { name: "Submission" });
      await modal.waitFor();
      expect(await modal.getByTestId("submission-text").innerText()).toBe(
        `${w3.name}: the e-mail confirmation step was unclear.`,
      );
      await modal.getByRole("button", { name: "Close" }).click();
      await modal.waitFor({ state: "detached" });
    },
  );

  const reviewed = step(
    "approves two (a double click on Approve pays once) and rejects one with a reason",
    { needs: [viewed] },
    async () => {
      const { page } = buyer;
      const [w1, w2, w3] = workers;

      await page.getByRole("link", { name: `Approve ${w1.name}` }).click();
      let confirm = page.getByRole("alertdialog", { name: "Approve this submission?" });
      await expect.poll(() => confirm.innerText()).toContain(`${w1.name} will be paid ${PAY} coins`);
      await confirm.getByRole("button", { name: "Yes, approve" }).click();
      await expectMessage(page, "Successfully approved");
      await confirm.waitFor({ state: "detached" });
      await expectCoins(buyer, buyerBalance, "approving (paid from escrow)");
      await expectCoins(w1, WORKER_START + PAY, "approval", { reload: true });

      // a person double-clicks the confirmation
      await page.getByRole("link", { name: `Approve ${w2.name}` }).click();
      confirm = page.getByRole("alertdialog", { name: "Approve this submission?" });
      await confirm.waitFor();
      await confirm.getByRole("button", { name: "Yes, approve" }).dblclick();
      await expectMessage(page, "Successfully approved");
      await confirm.waitFor({ state: "detached" });
      // (by its own link: a near-identical text of another worker's row names w2 as the original it copies)
      await expect.poll(() => page.getByRole("link", { name: `View Submission ${w2.name}` }).count()).toBe(0);
      expect(await page.getByText("Approve unsuccessful").count()).toBe(0);
      await expectCoins(w2, WORKER_START + PAY, "a double-clicked approval", { reload: true });
      await expectCoins(buyer, buyerBalance, "a double-clicked approval", { reload: true });
      const credits = db<{ n: number }>(
        `SELECT COUNT(*) AS n FROM coin_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = ${sqlText(w2.email)} AND l.kind = 'submission_payout'`,
      );
      expect(credits[0].n).toBe(1);

      await page.getByRole("link", { name: `Reject ${w3.name}` }).click();
      confirm = page.getByRole("alertdialog", { name: "Reject this submission?" });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(`The slot of “${TITLE}” reopens for another worker.`);
      await confirm.getByLabel("In your own words").fill(REASON);
      await confirm.getByRole("button", { name: "Yes, reject" }).click();
      await expectMessage(page, "Successfully rejected");
      await confirm.waitFor({ state: "detached" });
      // rejection keeps the coins in escrow for the reopened slot
      await expectCoins(buyer, buyerBalance, "a rejection");
      await expect.poll(() => page.getByTestId("stat-pending-value").innerText()).toBe("1");
      await expect.poll(() => page.getByText("No Tasks To Review").count()).toBe(1);
      await expectCoins(w3, WORKER_START, "a rejection", { reload: true });
    },
  );

  step(
    "the rejected worker sees the reason on My Submissions and in the notification",
    { needs: [reviewed] },
    async () => {
      const w3 = workers[2];
      await gotoHydrated(w3.page, "/dashboard/mysubmissions");
      const row = mySubmission(w3);
      await expect.poll(() => row.innerText()).toContain("Rejected");
      expect(await row.getByTestId("reject-reason").innerText()).toBe(`Reason: ${REASON}`);
      expect(await w3.page.getByTestId("notification-bell").getAttribute("aria-label")).toBe("Notifications, 1 unread");
      const bell = await openBell(w3.page);
      await expect.poll(() => bell.innerText()).toContain(`Your submission for "${TITLE}" was rejected: ${REASON}`);
      await screenshot(w3.page, "journey-rejected-notification-390");
      await w3.page.keyboard.press("Escape");
      await expectCoins(w3, WORKER_START, "reading the rejection");
    },
  );

  step(
    "the slot reopens for the fourth worker, whose slow submission shows progress; the buyer approves it",
    { needs: [reviewed, full] },
    async () => {
      const w4 = workers[3];
      await openTaskThroughSearch(w4, 1);
      await w4.page.getByLabel("Your submission").fill("The confirmation e-mail never says which address it went to.");
      // a slow server: hold the submission's request until the busy states have been seen
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await w4.page.route(`**/dashboard/tasklist/${taskId}.data*`, async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await w4.page.getByRole("button", { name: "Submit Task" }).click();
      const busyButton = w4.page.getByRole("button", { name: "Checking…" });
      await busyButton.waitFor();
      expect(await busyButton.isDisabled()).toBe(true);
      await w4.page.getByRole("status").filter({ hasText: "Loading…" }).waitFor({ state: "attached" });
      expect(await w4.page.locator("form#task-submission").getAttribute("aria-busy")).toBe("true");
      await screenshot(w4.page, "journey-slow-submission-1440");
      release();
      await w4.page.getByTestId("proof-review").getByRole("button", { name: "Yes, send it" }).click();
      await w4.page.waitForURL("**/dashboard/mysubmissions");
      await w4.page.unroute(`**/dashboard/tasklist/${taskId}.data*`);
      await expectMessage(w4.page, "Submission sent successfully!");
      await expect.poll(() => w4.page.getByRole("status").filter({ hasText: "Loading…" }).count()).toBe(0);
      await expectCoins(w4, WORKER_START, "submitting");

      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/buyerhome");
      expect(await page.getByTestId("stat-pending-value").innerText()).toBe("0");
      await page.getByRole("link", { name: `Approve ${w4.name}` }).click();
      await page
        .getByRole("alertdialog", { name: "Approve this submission?" })
        .getByRole("button", { name: "Yes, approve" })
        .click();
      await expectMessage(page, "Successfully approved");
      await expectCoins(buyer, buyerBalance, "the last approval");
      await expectCoins(w4, WORKER_START + PAY, "approval", { reload: true });
      // the task is fully paid: nothing left in its escrow
      expect(db<{ n: number }>(`SELECT required_workers AS n FROM tasks WHERE id = ${sqlText(taskId)}`)[0].n).toBe(0);
    },
  );

  const toppedUp = step(
    "an admin tops a worker up to 200 coins with a reason on Manage Users",
    { needs: [reviewed] },
    async () => {
      admin = await person(DEMO.admin.name, DEMO.admin.email);
      await login(admin.page, admin.email);
      const w1 = workers[0];
      const topUp = MIN_WITHDRAWAL - (WORKER_START + PAY);
      await gotoHydrated(admin.page, `/dashboard/manageusers?q=${encodeURIComponent(w1.email)}`);
      const adminCoins = await coinsOnScreen(admin.page);
      const row = admin.page.getByTestId(`user-${w1.email}`);
      await expect.poll(() => row.innerText()).toMatch(new RegExp(`\\b${WORKER_START + PAY}\\b`));
      await row.getByRole("button", { name: `Adjust coins of ${w1.name}` }).click();
      const adjust = admin.page.getByRole("alertdialog", { name: `Adjust coins of ${w1.name}` });
      await adjust.waitFor();
      await adjust.getByLabel("Coins (+/-)").fill(String(topUp));
      await adjust.getByLabel("Reason").fill("Journey test: bonus for detailed feedback");
      await adjust.getByRole("button", { name: "Apply adjustment" }).click();
      await expectMessage(admin.page, "Coins adjusted");
      await expect.poll(() => row.innerText()).toMatch(new RegExp(`\\b${MIN_WITHDRAWAL}\\b`));
      // created by the adjustment, not taken from the admin
      await expectCoins(admin, adminCoins, "adjusting someone else's coins");
      await expectCoins(w1, MIN_WITHDRAWAL, "the admin's top-up", { reload: true });
      await expectCoins(workers[1], WORKER_START + PAY, "someone else's top-up", { reload: true });
    },
  );

  const withdrawn = step(
    "logged out, the worker opens /dashboard/withdraw, logs in, lands back on it and requests a withdrawal",
    { needs: [toppedUp] },
    async () => {
      const w1 = workers[0];
      await logout(w1.page);
      await w1.page.goto("/dashboard/withdraw");
      const url = new URL(w1.page.url());
      expect(url.pathname).toBe("/login");
      expect(url.searchParams.get("redirectTo")).toBe("/dashboard/withdraw");
      await login(w1.page, w1.email, PASSWORD);
      expect(new URL(w1.page.url()).pathname).toBe("/dashboard/withdraw");
      await waitForHydration(w1.page);
      await expectCoins(w1, MIN_WITHDRAWAL, "logging in again");
      expect(await w1.page.getByTestId("total-coins").innerText()).toBe(String(MIN_WITHDRAWAL));

      await w1.page.getByLabel("Coins to withdraw").fill(String(MIN_WITHDRAWAL));
      expect(await w1.page.getByTestId("withdrawal-amount").inputValue()).toBe("10.00");
      await requestPayout(w1.page, { coins: MIN_WITHDRAWAL, system: "Nagad", account: NAGAD });
      // the coins are held while the admin decides
      await expectCoins(w1, 0, "requesting a withdrawal of 200 coins");
      await expect
        .poll(() => w1.page.getByTestId("withdrawal-row").filter({ hasText: NAGAD }).innerText())
        .toContain("Pending");
    },
  );

  step(
    "the admin approves it on Admin Home; the worker is notified and the balance stays at 0",
    { needs: [withdrawn] },
    async () => {
      const w1 = workers[0];
      await gotoHydrated(admin.page, "/dashboard/adminhome");
      const adminCoins = await coinsOnScreen(admin.page);
      await admin.page.getByRole("button", { name: `Approve withdrawal of ${w1.name}` }).click();
      const confirm = admin.page.getByRole("alertdialog", { name: "Approve this withdrawal?" });
      await confirm.waitFor();
      await confirm.getByLabel("Payout reference").fill("NGD5512KQ8");
      await confirm.getByRole("button", { name: "Yes, approve" }).click();
      const result = admin.page.getByRole("dialog", { name: "Successfully Approved!" });
      await result.waitFor();
      await result.getByRole("button", { name: "OK" }).click();
      await expect
        .poll(() => admin.page.getByRole("button", { name: `Approve withdrawal of ${w1.name}` }).count())
        .toBe(0);
      await expectCoins(admin, adminCoins, "approving a withdrawal (admins pay nothing)");

      await expectCoins(w1, 0, "the payout", { reload: true });
      await expect
        .poll(() => w1.page.getByTestId("withdrawal-row").filter({ hasText: NAGAD }).innerText())
        .toContain("Approved");
      const bell = await openBell(w1.page);
      await expect
        .poll(() => bell.innerText())
        .toContain("Your withdrawal of $10.00 was approved. Payout reference: NGD5512KQ8.");
      await w1.page.keyboard.press("Escape");
      await screenshot(w1.page, "journey-withdrawal-approved-1440");
    },
  );

  step("guards: a worker typing a buyer URL lands on /unauthorized", { needs: [reviewed] }, async () => {
    const w2 = workers[1];
    await w2.page.goto("/dashboard/purchasecoin");
    expect(new URL(w2.page.url()).pathname).toBe("/unauthorized");
    await waitForHydration(w2.page);
    await Promise.all([
      w2.page.waitForURL((u) => u.pathname === "/"),
      w2.page.getByRole("link", { name: "Back To Home" }).click(),
    ]);
    await gotoHydrated(w2.page, "/dashboard/workerhome");
    await expectCoins(w2, WORKER_START + PAY, "a refused visit");
  });

  step("guards: a removed user is logged out on the next request", { needs: [toppedUp] }, async () => {
    const w3 = workers[2];
    await gotoHydrated(admin.page, `/dashboard/manageusers?q=${encodeURIComponent(w3.email)}`);
    const row = admin.page.getByTestId(`user-${w3.email}`);
    await row.getByRole("button", { name: `Remove ${w3.name}` }).click();
    const confirm = admin.page.getByRole("alertdialog", { name: "Are you sure?" });
    await confirm.waitFor();
    await confirm.getByLabel(/Reason/).fill("Journey test: duplicate account");
    await confirm.getByRole("button", { name: "Yes, remove" }).click();
    const result = admin.page.getByRole("dialog", { name: "Removed!" });
    await result.waitFor();
    await result.getByRole("button", { name: "OK" }).click();

    // the removed worker's open tab: the next request signs them out
    await w3.page.goto("/dashboard/mysubmissions");
    expect(new URL(w3.page.url()).pathname).toBe("/login");
    await gotoHydrated(w3.page, "/");
    await expect
      .poll(() => w3.page.getByRole("link", { name: "Login" }).filter({ visible: true }).count())
      .toBeGreaterThan(0);
    expect(await w3.page.getByTestId("coin-balance").count()).toBe(0);
    // and cannot sign in again
    await gotoHydrated(w3.page, "/login");
    await w3.page.getByLabel("Email").fill(w3.email);
    await w3.page.getByLabel("Password").fill(PASSWORD);
    await w3.page.getByRole("button", { name: "Login", exact: true }).click();
    await expectMessage(w3.page, "Login Failed!");
    expect(new URL(w3.page.url()).pathname).toBe("/login");
  });

  step(
    "npm run ledger:check passes on the served database, and nobody met a console error or a failed request",
    { needs: [submittedAll] },
    () => {
      const run = spawnSync("npm", ["run", "--silent", "ledger:check", "--", "--persist-to", persistDir()], {
        cwd: ROOT,
        encoding: "utf8",
      });
      expect(run.stdout + run.stderr).toContain("OK: the ledger agrees.");
      expect(run.status).toBe(0);

      // Expected refusals only: the declined card (402 from the test provider), the disguised image (415),
      // the removed worker's refused login (401). Chromium logs each 4xx answer to a fetch as a console error.
      const expected: Record<string, { status: string; path: RegExp }[]> = {
        [buyer.email]: [{ status: "402", path: /^\/test-payments\/confirm$/ }],
        [workers[0].email]: [{ status: "415", path: new RegExp(`^/dashboard/tasklist/${taskId}\\.data$`) }],
        [workers[2].email]: [{ status: "401", path: /^\/login\.data$/ }],
      };
      for (const p of people) {
        const allowed = expected[p.email] ?? [];
        const unexpected = p.failed.filter(
          (f) => !allowed.some((a) => a.status === f.failure && a.path.test(new URL(f.url).pathname)),
        );
        expect(unexpected, `${p.name}: failed requests`).toEqual([]);
        const errors = p.errors.filter((e) => !allowed.some((a) => e.includes(`status of ${a.status}`)));
        expect(errors, `${p.name}: console errors`).toEqual([]);
      }
    },
  );
});

story("without JavaScript", () => {
  const T2 = `Rate three product names without scripts ${token}`;
  let buyer: Person;
  let worker: Person;
  let admin: Person;

  async function submitAndWait(page: Page, button: string) {
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: button, exact: true }).click()]);
  }

  async function registerNoJs(p: Person, role: "Buyer" | "Worker") {
    await signUp(p, { password: PASSWORD, role });
    // "Account Created!" (asserted by registerThroughForm, before it confirms the address through the mailbox)
    expect(new URL(p.page.url()).pathname).toBe(role === "Buyer" ? "/dashboard/buyerhome" : "/dashboard/workerhome");
  }

  const noJsBuyer = step(
    "register shows a validation message, then creates the account; logout and login work",
    async () => {
      buyer = await person("Nora Noscript", "nojs-buyer", "desktop", false);
      const { page } = buyer;
      await page.goto("/register");
      await page.getByLabel("Name").fill(buyer.name);
      await page.getByLabel("Email").fill(buyer.email);
      await page.getByLabel("Password").fill("journey9");
      await page.getByLabel("Role").selectOption("Buyer");
      await submitAndWait(page, "Register");
      expect(await fieldError(page, "Password")).toContain("At least 12 characters");
      // the server-rendered form keeps what was typed
      expect(await page.getByLabel("Email").inputValue()).toBe(buyer.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByLabel("Role").selectOption("Buyer");
      await submitAndWait(page, "Register");
      expect(new URL(page.url()).pathname).toBe("/dashboard/buyerhome");
      await expectMessage(page, "Account Created!");
      expect(await coinsOnScreen(page)).toBe(BUYER_START);

      await logout(page);
      await page.goto("/login");
      await submitAndWait(page, "Login");
      expect(await fieldError(page, "Email")).toContain("Email is required");
      await login(page, buyer.email, PASSWORD);
      expect(new URL(page.url()).pathname).toBe("/dashboard/buyerhome");
      await expectMessage(page, "Login Successful!");
      // the address confirmed with the e-mailed link, before any coins move
      await openLinkFromMailbox(page, buyer.email, "Confirm your email address", "Confirm my email address");
      await pressConfirmButton(page, "Confirm my email address");
      expect(new URL(page.url()).pathname).toBe("/dashboard/buyerhome");
      await expectMessage(page, "Email verified!");
    },
  );

  const noJsTask = step(
    "posts a task: every field's message first, then 'Task Posted!' and the cost held",
    { needs: [noJsBuyer] },
    async () => {
      const { page } = buyer;
      await page.goto("/dashboard/addtask");
      await submitAndWait(page, "Add Task");
      expect(await fieldError(page, "Task title")).toBe("Task Title is required");
      expect(await fieldError(page, "Workers needed")).toBe("Minimum 1 worker is required");
      expect(await fieldError(page, "Payable amount")).toBe("Minimum amount is 1");
      expect(await fieldError(page, "Category")).toBe("Category is required");
      await screenshot(page, "journey-nojs-addtask-errors-1440");

      await fillTaskForm(page, {
        title: T2,
        detail: "Pick the name you would remember and say why.",
        workers: 1,
        pay: 0,
        daysAhead: 3,
        category: "Survey & Feedback",
        info: "The name and one sentence",
      });
      await submitAndWait(page, "Add Task");
      expect(await fieldError(page, "Payable amount")).toBe("Minimum amount is 1");
      expect(await page.getByLabel("Task title").inputValue()).toBe(T2);
      await page.getByLabel("Payable amount").fill("40");
      await submitAndWait(page, "Add Task");
      expect(new URL(page.url()).pathname).toBe("/dashboard/mytasks");
      await expectMessage(page, "Task Posted!");
      expect(await coinsOnScreen(page)).toBe(BUYER_START - 40);
    },
  );

  const noJsSubmitted = step(
    "a worker registers, finds the task, is told a non-image upload is refused, and submits work",
    { needs: [noJsTask] },
    async () => {
      worker = await person("Omar Noscript", "nojs-worker", "phone", false);
      const { page } = worker;
      await registerNoJs(worker, "Worker");
      expect(await coinsOnScreen(page)).toBe(WORKER_START);
      await page.goto("/dashboard/tasklist");
      await page.getByLabel("Search").fill(T2);
      await submitAndWait(page, "Search");
      await Promise.all([
        page.waitForURL(/\/dashboard\/tasklist\/[\w-]+$/),
        page.getByRole("link", { name: "View Details" }).click(),
      ]);
      await startTask(page);
      await page.getByLabel("Your submission").fill("Brightly: short and friendly.");
      await page.locator('input[type="file"][name="image"]').setInputFiles(DISGUISED);
      await submitAndWait(page, "Submit Task");
      await expect
        .poll(() =>
          page.getByText("Only PNG, JPEG, WebP or GIF images can be uploaded").filter({ visible: true }).count(),
        )
        .toBeGreaterThan(0);
      expect(await page.getByLabel("Your submission").inputValue()).toBe("Brightly: short and friendly.");
      // without JavaScript too, 'Submit Task' first shows what will be sent (the server's answer), then it is sent
      await submitAndWait(page, "Submit Task");
      expect(await page.getByTestId("proof-review").getByTestId("submission-text").innerText()).toBe(
        "Brightly: short and friendly.",
      );
      await screenshot(page, "journey-nojs-proof-review-390");
      await submitAndWait(page, "Yes, send it");
      expect(new URL(page.url()).pathname).toBe("/dashboard/mysubmissions");
      await expectMessage(page, "Submission sent successfully!");
      expect(await mySubmissionNoJs(page).innerText()).toContain("Pending");
    },
  );

  function mySubmissionNoJs(page: Page) {
    return page
      .locator('[data-testid="submission-row"], [data-testid="submission-card"]')
      .filter({ visible: true })
      .filter({ hasText: T2 });
  }

  step(
    "the buyer approves, an admin tops up, and the worker requests a withdrawal after its messages",
    { needs: [noJsSubmitted] },
    async () => {
      await buyer.page.goto("/dashboard/buyerhome");
      await Promise.all([
        buyer.page.waitForURL(/confirm=approve/),
        buyer.page.getByRole("link", { name: `Approve ${worker.name}` }).click(),
      ]);
      await submitAndWait(buyer.page, "Yes, approve");
      await expectMessage(buyer.page, "Successfully approved");
      expect(await coinsOnScreen(buyer.page)).toBe(BUYER_START - 40);

      admin = await person(DEMO.admin.name, DEMO.admin.email, "desktop", false);
      await login(admin.page, admin.email);
      await admin.page.goto(`/dashboard/manageusers?q=${encodeURIComponent(worker.email)}`);
      await Promise.all([
        admin.page.waitForURL(/confirm=/),
        admin.page
          .getByRole("link", { name: `Adjust coins of ${worker.name}` })
          .filter({ visible: true })
          .first()
          .click(),
      ]);
      await admin.page.getByLabel("Coins (+/-)").fill(String(MIN_WITHDRAWAL - WORKER_START - 40));
      await admin.page.getByLabel("Reason").fill("Journey test without JavaScript");
      await submitAndWait(admin.page, "Apply adjustment");
      await expectMessage(admin.page, "Coins adjusted");

      const { page } = worker;
      await page.goto("/dashboard/withdraw");
      expect(await coinsOnScreen(page)).toBe(MIN_WITHDRAWAL);
      // no payment system chosen yet: the form says to choose one, and the server refuses a post without it
      expect(await page.getByTestId("choose-system").innerText()).toContain("Choose where the money goes");
      expect(await page.locator('input[name="account_number"]').count()).toBe(0);
      // a system is a link: its own fields come with the page, on the number pad for a wallet
      await Promise.all([page.waitForURL(/system=Rocket/), page.getByTestId("system-Rocket").click()]);
      expect(await page.getByLabel("Rocket number").getAttribute("inputmode")).toBe("numeric");
      await submitAndWait(page, "Withdraw");
      expect(await fieldError(page, "Coins to withdraw")).toBe("Coins to withdraw are required");
      expect(await fieldError(page, "Rocket number")).toBe("Account number is required");
      await page.getByLabel("Coins to withdraw").fill("150");
      await page.getByLabel("Rocket number").fill("abc");
      await submitAndWait(page, "Withdraw");
      expect(await fieldError(page, "Coins to withdraw")).toBe("The minimum withdrawal is 200 coins.");
      expect(await fieldError(page, "Rocket number")).toBe("Enter the 11-digit Rocket number, starting 01");
      await screenshot(page, "journey-nojs-withdraw-errors-390");
      await page.getByLabel("Coins to withdraw").fill(String(MIN_WITHDRAWAL));
      await page.getByLabel("Rocket number").fill("01900-000000");
      await submitAndWait(page, "Withdraw");
      // the confirmation states the coins, the dollars and the wallet before anything is held
      const review = page.getByTestId("withdraw-review");
      expect(await review.innerText()).toMatch(/200[\s\S]*\$10\.00[\s\S]*Rocket 01900000000/);
      expect(await coinsOnScreen(page)).toBe(MIN_WITHDRAWAL);
      await screenshot(page, "journey-nojs-withdraw-confirm-390");
      await submitAndWait(page, "Yes, withdraw $10.00");
      await expectMessage(page, "Withdrawal request submitted!");
      expect(await coinsOnScreen(page)).toBe(0);
      const request = page.locator("li, tr").filter({ visible: true }).filter({ hasText: "01900000000" });
      expect(await request.innerText()).toContain("Pending");
    },
  );
});
