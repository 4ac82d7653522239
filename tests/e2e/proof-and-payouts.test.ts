// Issue 25 as people use it, at 390 px and 1440 px, with and without JavaScript for the forms: proof that is
// required, shown before it is sent, opened, changed and withdrawn by its worker; a review queue that shows the proof
// and is decided from the submission's view; My Tasks' progress; payouts checked per payment system, confirmed,
// cancelled and copied by the admin; outcomes told one way, toasts where they cover nothing live, finger-sized
// targets; a search that finds word forms. (A visitor who keeps their place: fair-before-sign-up.test.ts.)
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import {
  browser,
  coinsOnScreen,
  db,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  isoDay,
  jsEnabled,
  newContext,
  newNoJsContext,
  person,
  signUp,
  requestPayout,
  ROOT,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  sqlText,
  step,
  story,
  submitProof,
  uniqueToken,
  waitForHydration,
  type Person,
  startTask,
  signUpByPost,
} from "./browser";

setUpBrowser();

const token = uniqueToken("pp");
const PASSWORD = "Proof-Harbour-Lantern-25";
const email = (who: string) => `${who}-${token}@e2e.test`;
const PROOF = path.join(ROOT, "public", "images", "categories", "image-handling.webp");
const INSTRUCTIONS = `A screenshot of your comment (${token})`;

/**
 * Screenshot, and with JavaScript axe and the sideways check (both run scripts in the page; a page without
 * JavaScript is the same document, checked by the route walk). The toast region is left out: toasts fade while axe
 * samples their colours.
 */
async function look(page: Page, name: string, opts: { dialog?: boolean } = {}) {
  await screenshot(page, name, { viewport: opts.dialog });
  if (!jsEnabled(page)) return;
  await expectAccessible(page, `${name}:`, { exclude: ["[data-sonner-toaster]"] });
  expect(await sidewaysOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Posts a task through the API as this (verified) buyer; returns its id. */
async function postTask(buyer: Person, title: string, workers: number, pay: number) {
  const res = await buyer.page.request.post("/tasks", {
    data: {
      task_title: title,
      task_detail: "Read our post and leave a comment.",
      required_workers: workers,
      payable_amount: pay,
      estimate_minutes: 1,
      completion_date: isoDay(5),
      submission_info: INSTRUCTIONS,
      category: "Survey & Feedback",
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

const slotsOf = (taskId: string) =>
  db<{ n: number }>(`SELECT required_workers AS n FROM tasks WHERE id = ${sqlText(taskId)}`)[0]!.n;

story("proof you can see: sent after a look, opened, changed and withdrawn; reviewed from its view", () => {
  const TASK_A = `Comment on our launch post ${token}`;
  const TASK_B = `Rate our landing page ${token}`;
  let buyer: Person;
  let phoneWorker: Person;
  let desktopWorker: Person;
  let noJsWorker: Person;
  let taskA = "";
  let taskB = "";

  const ready = step("a buyer posts two tasks; three workers sign up (390 px, 1440 px, no JavaScript)", async () => {
    buyer = await person(browser, { name: `Pia Buyer ${token}`, email: email("buyer") });
    await signUpByPost(buyer, { password: PASSWORD, role: "Buyer" });
    taskA = await postTask(buyer, TASK_A, 3, 6);
    taskB = await postTask(buyer, TASK_B, 2, 4);
    phoneWorker = await person(browser, { name: `Phil Phone ${token}`, email: email("phone"), viewport: "phone" });
    desktopWorker = await person(browser, { name: `Dora Desk ${token}`, email: email("desk") });
    noJsWorker = await person(browser, { name: `Nils Plain ${token}`, email: email("plain"), js: false });
    for (const w of [phoneWorker, desktopWorker]) await signUpByPost(w, { password: PASSWORD, role: "Worker" });
    await signUp(noJsWorker, { password: PASSWORD, role: "Worker" });
  });

  const sent = step(
    "the text is required; 'Submit Task' shows what will be sent, then it is sent (390 px with JavaScript)",
    { needs: [ready] },
    async () => {
      const { page } = phoneWorker;
      await gotoHydrated(page, `/dashboard/tasklist/${taskA}`);
      await startTask(page);
      expect(slotsOf(taskA)).toBe(2); // the start holds one
      // no text: refused in the browser (conform) and nothing is sent
      await page.getByRole("button", { name: "Submit Task" }).click();
      await expectMessage(page, "Submission text is required");
      expect(slotsOf(taskA)).toBe(2);
      await page.getByLabel("Your submission").fill("Commented as @phil: congratulations on the launch!");
      await page.locator('input[type="file"][name="image"]').setInputFiles(PROOF);
      await page.getByRole("button", { name: "Submit Task" }).click();
      const review = page.getByTestId("proof-review");
      await review.waitFor();
      expect(await review.getByTestId("submission-image").getAttribute("src")).toMatch(/^\/images\/[\w-]+\.webp$/);
      expect(slotsOf(taskA)).toBe(2); // nothing sent yet: only the start's slot is taken
      await look(page, "proof-review-390");
      await Promise.all([
        page.waitForURL("**/dashboard/mysubmissions"),
        review.getByRole("button", { name: "Yes, send it" }).click(),
      ]);
      await expectMessage(page, "Submission sent successfully!");
      expect(slotsOf(taskA)).toBe(2);
    },
  );

  const opened = step(
    "My Submissions opens the submission: its text, image and review deadline; an edit is reviewed, then saved",
    { needs: [sent] },
    async () => {
      const { page } = phoneWorker;
      await waitForHydration(page);
      await page.getByRole("link", { name: `Open your submission for ${TASK_A}` }).click();
      await page.waitForURL(/\/dashboard\/mysubmissions\/[\w-]+$/);
      await page.getByTestId("review-deadline").waitFor();
      expect(await page.getByTestId("submission-text").innerText()).toBe(
        "Commented as @phil: congratulations on the launch!",
      );
      expect(await page.getByText(INSTRUCTIONS).count()).toBeGreaterThan(0);
      await look(page, "submission-page-390");
      await submitProof(page, "Commented as @phil (screenshot attached).", {
        button: "Review the change",
        send: "Save the change",
        lands: /\/dashboard\/mysubmissions\/[\w-]+$/,
      });
      await expectMessage(page, "Submission changed");
      expect(await page.getByTestId("submission-text").innerText()).toBe("Commented as @phil (screenshot attached).");
      // the kept image went along
      expect(await page.getByTestId("submission-image").count()).toBe(1);
    },
  );

  const withdrawn = step(
    "a submission is withdrawn: with JavaScript a dialog (1440 px), without it the confirmation view; the slot returns",
    { needs: [ready] },
    async () => {
      for (const w of [desktopWorker, noJsWorker]) {
        const js = w === desktopWorker;
        const { page } = w;
        if (js) await gotoHydrated(page, `/dashboard/tasklist/${taskB}`);
        else await page.goto(`/dashboard/tasklist/${taskB}`);
        await submitProof(page, `Rated it 4 of 5 (${w.name}).`);
        expect(slotsOf(taskB)).toBe(1);
        const link = page.getByRole("link", { name: `Open your submission for ${TASK_B}` });
        await Promise.all([page.waitForURL(/\/dashboard\/mysubmissions\/[\w-]+$/), link.click()]);
        if (js) await waitForHydration(page);
        const withdraw = page.getByRole(js ? "button" : "link", { name: "Withdraw submission" });
        await withdraw.click();
        const ask = page.getByRole("alertdialog", { name: "Withdraw this submission?" });
        await ask.waitFor();
        expect(await ask.innerText()).toContain("it does not count as a rejection");
        await look(page, `submission-withdraw-confirm-${js ? "1440" : "nojs-1440"}`, { dialog: true });
        await Promise.all([
          page.waitForURL((u) => u.pathname === "/dashboard/mysubmissions"),
          ask.getByRole("button", { name: "Yes, withdraw" }).click(),
        ]);
        await expectMessage(page, "Submission withdrawn");
        expect(slotsOf(taskB)).toBe(2);
        expect(
          db<{ n: number }>(
            `SELECT COUNT(*) AS n FROM submissions WHERE task_id = ${sqlText(taskB)} AND worker_id = (SELECT id FROM users WHERE email = ${sqlText(w.email)})`,
          )[0]!.n,
        ).toBe(0);
      }
      // the desktop worker sends proof again, for the buyer's queue
      await gotoHydrated(desktopWorker.page, `/dashboard/tasklist/${taskB}`);
      await submitProof(desktopWorker.page, "Rated it 5 of 5: clear headline.");
    },
  );

  const queued = step(
    "Buyer Home puts the queue first, each row with the proof's words and thumbnail, filterable by task (1440 px)",
    { needs: [opened, withdrawn] },
    async () => {
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/buyerhome");
      const rows = page.getByTestId("review-row");
      await expect.poll(() => rows.count()).toBe(2);
      const queueTop = await page.getByRole("heading", { name: "Tasks To Review" }).boundingBox();
      const gaugesTop = await page.getByTestId("stat-pending").boundingBox();
      expect(queueTop!.y).toBeLessThan(gaugesTop!.y);
      const phil = rows.filter({ hasText: phoneWorker.name });
      expect(await phil.innerText()).toContain("Commented as @phil (screenshot attached).");
      expect(await phil.getByRole("img", { name: "Proof image" }).count()).toBe(1);
      expect(await rows.filter({ hasText: desktopWorker.name }).innerText()).toContain("No image");
      await look(page, "buyer-queue-1440");
      // filtered to one task (the choice shows at once with JavaScript)
      await page.getByTestId("review-task-filter").selectOption({ label: `${TASK_B} (1)` });
      await page.waitForURL((u) => u.searchParams.get("task") === taskB);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.innerText()).toContain(desktopWorker.name);
      await page.getByTestId("review-task-filter").selectOption({ index: 0 });
      await page.waitForURL((u) => !u.searchParams.get("task"));
      await expect.poll(() => rows.count()).toBe(2);
    },
  );

  const decided = step(
    "the view has Approve, Reject and Next: approving goes on to the next; rejecting needs a reason (a quick pick)",
    { needs: [queued] },
    async () => {
      const { page } = buyer;
      const rows = page.getByTestId("review-row");
      const first = (await rows.first().innerText()).includes(phoneWorker.name) ? phoneWorker : desktopWorker;
      const second = first === phoneWorker ? desktopWorker : phoneWorker;
      await page.getByRole("link", { name: `View Submission ${first.name}` }).click();
      let view = page.getByRole("dialog", { name: `Submission by ${first.name}` });
      await view.waitFor();
      expect(await view.innerText()).toContain(INSTRUCTIONS);
      await look(page, "buyer-submission-view-1440", { dialog: true });
      // Next, then back to the first through the rows (one per page here: Next leads to the second)
      await view.getByRole("button", { name: "Next" }).click();
      view = page.getByRole("dialog", { name: `Submission by ${second.name}` });
      await view.waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("link", { name: `View Submission ${first.name}` }).click();
      view = page.getByRole("dialog", { name: `Submission by ${first.name}` });
      await view.getByRole("button", { name: "Approve" }).click();
      await page
        .getByRole("alertdialog", { name: "Approve this submission?" })
        .getByRole("button", { name: "Yes, approve" })
        .click();
      await expectMessage(page, "Successfully approved");
      // the view goes on to the next submission
      view = page.getByRole("dialog", { name: `Submission by ${second.name}` });
      await view.waitFor();
      await view.getByRole("button", { name: "Reject" }).click();
      const reject = page.getByRole("alertdialog", { name: "Reject this submission?" });
      await reject.getByRole("button", { name: "Yes, reject" }).click();
      await expectMessage(page, "Choose a reason or write one for the worker");
      await reject.getByLabel("The work does not follow the instructions").check();
      await reject.getByRole("button", { name: "Yes, reject" }).click();
      await expectMessage(page, "Successfully rejected");
      await expect.poll(() => rows.count()).toBe(0);
      expect(
        db<{ reason: string }>(
          `SELECT reject_reason AS reason FROM submissions WHERE task_id IN (${sqlText(taskA)}, ${sqlText(taskB)}) AND status = 'rejected'`,
        )[0]!.reason,
      ).toBe("The work does not follow the instructions");
    },
  );

  step(
    "My Tasks shows approved / pending / open per task; Delete waits for pending reviews (390 px and 1440 px)",
    { needs: [decided] },
    async () => {
      // one more pending submission on the first task, sent without JavaScript
      await noJsWorker.page.goto(`/dashboard/tasklist/${taskA}`);
      await submitProof(noJsWorker.page, "Left a comment as @nils.");
      const [figures] = db<{ approved: number; pending: number }>(
        `SELECT approved, pending FROM task_figures WHERE task_id = ${sqlText(taskA)}`,
      );
      expect(figures!.pending).toBe(1);
      const progress = `${figures!.approved} approved · 1 pending · ${slotsOf(taskA)} needed`;
      for (const viewport of ["phone", "desktop"] as const) {
        const context = await newContext(browser, { viewport, storageState: await buyer.context.storageState() });
        const page = await context.newPage();
        await gotoHydrated(page, "/dashboard/mytasks");
        const row = page.getByTestId("task-row").filter({ hasText: TASK_A });
        await expect.poll(() => row.getByTestId("task-progress").innerText()).toBe(progress);
        expect(await row.getByRole("button", { name: `Delete ${TASK_A}` }).isDisabled()).toBe(true);
        expect(await row.getByTestId("delete-blocked").innerText()).toContain("Review its 1 pending submission");
        await look(page, `mytasks-progress-${viewport === "phone" ? 390 : 1440}`);
        await Promise.all([
          page.waitForURL((u) => u.searchParams.get("task") === taskA),
          row.getByRole("link", { name: "1 pending" }).click(),
        ]);
        await expect.poll(() => page.getByTestId("review-row").count()).toBe(1);
        await context.close();
      }
    },
  );

  step(
    "the review queue without JavaScript at 390 px: one card per row, the view's Next, Reject with a quick pick",
    { needs: [ready] },
    async () => {
      const TASK_C = `Share our survey ${token}`;
      const taskC = await postTask(buyer, TASK_C, 3, 2);
      for (const w of [phoneWorker, desktopWorker]) {
        const sent = await w.page.request.post("/submission", {
          data: { task_id: taskC, submission_details: `Shared it (${w.name}).` },
        });
        expect(sent.status()).toBe(201);
      }
      const context = await newNoJsContext(browser, {
        viewport: "phone",
        storageState: await buyer.context.storageState(),
      });
      const page = await context.newPage();
      await page.goto(`/dashboard/buyerhome?task=${taskC}`);
      const rows = page.getByTestId("review-row");
      expect(await rows.count()).toBe(2);
      expect(await rows.first().evaluate((el) => getComputedStyle(el).display)).toBe("block");
      await Promise.all([
        page.waitForURL(/open=/),
        page
          .getByRole("link", { name: /^View Submission / })
          .first()
          .click(),
      ]);
      const view = page.getByRole("dialog");
      await view.getByText("What the task asked for").waitFor();
      await screenshot(page, "buyer-view-nojs-390");
      const firstUrl = page.url();
      await Promise.all([
        page.waitForURL((u) => u.href !== firstUrl),
        view.getByRole("link", { name: "Next" }).click(),
      ]);
      expect(new URL(page.url()).searchParams.get("task")).toBe(taskC);
      await Promise.all([
        page.waitForURL(/confirm=reject/),
        page.getByRole("dialog").getByRole("link", { name: "Reject", exact: true }).click(),
      ]);
      const ask = page.getByRole("alertdialog", { name: "Reject this submission?" });
      await ask.getByLabel("The proof is copied or reused").check();
      await screenshot(page, "buyer-reject-nojs-390");
      await Promise.all([
        page.waitForURL((u) => !u.searchParams.has("confirm")),
        ask.getByRole("button", { name: "Yes, reject" }).click(),
      ]);
      await expectMessage(page, "Successfully rejected");
      expect(await page.getByTestId("review-row").count()).toBe(1);
      await context.close();
    },
  );
});

story("payouts you can trust: checked per payment system, confirmed, cancelled, copied", () => {
  let worker: Person;
  let plain: Person;
  const WALLET = `017${String(Date.now()).slice(-8)}`;
  const ACCOUNT = `90${String(Date.now()).slice(-9)}`;

  const funded = step("two workers with 600 coins each (an admin's adjustment)", async () => {
    worker = await person(browser, { name: `Wale Wallet ${token}`, email: email("wallet"), viewport: "phone" });
    plain = await person(browser, { name: `Bina Bank ${token}`, email: email("bank"), js: false });
    for (const w of [worker, plain]) await signUpByPost(w, { password: PASSWORD, role: "Worker" });
    const admin = await signedInContext(browser, "admin");
    for (const w of [worker, plain]) {
      const res = await admin.request.patch("/users1", {
        data: { email: w.email, addcoin: 590, reason: "E2E payouts" },
      });
      expect(res.status()).toBe(200);
    }
    await admin.close();
  });

  const walletPaid = step(
    "390 px with JavaScript: a wallet number on the number pad, a wrong one refused, the confirmation, then Cancel",
    { needs: [funded] },
    async () => {
      const { page } = worker;
      await gotoHydrated(page, "/dashboard/withdraw");
      await page.getByTestId("system-Bkash").click();
      const account = page.getByLabel("Bkash number");
      await account.waitFor();
      expect(await account.getAttribute("inputmode")).toBe("numeric");
      await account.fill("abc");
      await page.getByLabel("Coins to withdraw").fill("300");
      await page.getByRole("button", { name: "Withdraw", exact: true }).click();
      await expectMessage(page, "Enter the 11-digit Bkash number, starting 01");
      expect(await coinsOnScreen(page)).toBe(600);
      await look(page, "withdraw-wallet-390");
      await requestPayout(page, { coins: 300, system: "Bkash", account: WALLET });
      await expect.poll(() => coinsOnScreen(page)).toBe(300);
      const row = page.getByTestId("withdrawal-row").filter({ hasText: WALLET });
      await row.getByRole("button", { name: /^Cancel the withdrawal/ }).click();
      const ask = page.getByRole("alertdialog", { name: "Cancel this withdrawal?" });
      expect(await ask.innerText()).toContain("300 coins go back to your balance");
      await ask.getByRole("button", { name: "Yes, cancel it" }).click();
      await expectMessage(page, "Withdrawal cancelled");
      await expect.poll(() => coinsOnScreen(page)).toBe(600);
      await expect.poll(() => row.innerText()).toContain("You cancelled it; the coins are back.");
      // the next request offers the last payout's details
      await page.reload();
      await waitForHydration(page);
      expect(await page.getByLabel("Bkash number").inputValue()).toBe(WALLET);
      await requestPayout(page, { coins: 200, system: "Bkash", account: WALLET });
    },
  );

  const bankPaid = step(
    "1440 px without JavaScript: a bank's three fields, the confirmation view, and Cancel through its own view",
    { needs: [funded] },
    async () => {
      const { page } = plain;
      await page.goto("/dashboard/withdraw");
      await requestPayout(page, {
        coins: 250,
        system: "Bank",
        account: ACCOUNT,
        bank: { name: "Dutch-Bangla Bank", branch: "Gulshan branch" },
      });
      expect(await coinsOnScreen(page)).toBe(350);
      await screenshot(page, "withdraw-bank-nojs-1440");
      const row = page.getByTestId("withdrawal-row").filter({ hasText: ACCOUNT });
      expect(await row.innerText()).toContain("Dutch-Bangla Bank · Gulshan branch");
      // when it will be paid: its place in the admins' queue, and how long they took lately
      expect(await row.getByTestId("queue-place").innerText()).toMatch(/^(Next|Number \d+) in the queue\. /);
      // the bank's details come back for the next request
      expect(await page.getByLabel("Bank name").inputValue()).toBe("Dutch-Bangla Bank");
      await requestPayout(page, {
        coins: 200,
        system: "Bank",
        account: ACCOUNT,
        bank: { name: "Dutch-Bangla Bank", branch: "Gulshan branch" },
      });
      const second = page.getByTestId("withdrawal-row").filter({ hasText: "$10.00" });
      await Promise.all([
        page.waitForURL(/confirm=cancel/),
        second.getByRole("link", { name: /^Cancel the withdrawal/ }).click(),
      ]);
      await Promise.all([
        page.waitForURL((u) => !u.searchParams.has("confirm")),
        page.getByRole("button", { name: "Yes, cancel it" }).click(),
      ]);
      await expectMessage(page, "Withdrawal cancelled");
      expect(await coinsOnScreen(page)).toBe(350);
    },
  );

  step(
    "the admin sees the same details and copies them (1440 px); they fit a phone (390 px)",
    { needs: [walletPaid, bankPaid] },
    async () => {
      const context = await signedInContext(browser, "admin");
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/adminhome");
      // the table's row (the phone's card copy of Admin Home's list is hidden at this width)
      const bank = page.getByTestId("payout-details").filter({ hasText: ACCOUNT }).filter({ visible: true });
      await expect.poll(() => bank.count()).toBeGreaterThan(0);
      expect(await bank.first().innerText()).toContain("Bank · Dutch-Bangla Bank · Gulshan branch");
      // the queue is oldest first, each request with how long it has waited
      const ages = page.getByTestId("withdrawal-age").filter({ visible: true });
      await expect.poll(() => ages.count()).toBeGreaterThan(0);
      expect(await ages.first().innerText()).toMatch(/^waiting \S/);
      await bank
        .first()
        .getByRole("button", { name: /^Copy the payout details/ })
        .click();
      await expect
        .poll(() =>
          bank
            .first()
            .getByRole("button", { name: /^Copied/ })
            .count(),
        )
        .toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `Bank ${ACCOUNT} · Dutch-Bangla Bank · Gulshan branch`,
      );
      await screenshot(page, "admin-payout-details-1440");
      await context.close();
      const phone = await signedInContext(browser, "admin", { viewport: "phone" });
      const p = await phone.newPage();
      await gotoHydrated(p, "/dashboard/adminhome");
      await expect.poll(() => p.getByTestId("payout-details").filter({ hasText: WALLET }).count()).toBeGreaterThan(0);
      await look(p, "admin-payout-details-390");
      await phone.close();
    },
  );
});

/** A task of one of the seed's own buyers (example.com addresses): the tests post theirs as other people. */
const SEEDED_BUYERS_TASK = "buyer_id IN (SELECT id FROM users WHERE email LIKE '%@example.com')";

story("one feedback pattern: toasts at the bottom, away from the balance and the bell; 44 px on phones", () => {
  /** Open seeded tasks, best paid first: each viewport's worker sends proof to one, which answers with a toast. */
  const openTasks = () =>
    db<{ id: string }>(
      `SELECT id FROM tasks WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= '${isoDay(0)}' AND ${SEEDED_BUYERS_TASK} ORDER BY payable_amount DESC`,
    ).map((t) => t.id);

  /** The toast a sent submission answers with, and the top bar's live figures it must not cover. */
  async function toastAfterSending(page: Page, taskId: string) {
    await gotoHydrated(page, `/dashboard/tasklist/${taskId}`);
    await submitProof(page, "Done as asked; see the notes.");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Submission sent successfully!" });
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    for (const live of [page.getByTestId("coin-balance"), page.getByTestId("notification-bell")]) {
      const figure = (await live.filter({ visible: true }).first().boundingBox())!;
      const apart = figure.y + figure.height <= box.y || figure.y >= box.y + box.height;
      expect(apart, "a toast covers a live figure").toBe(true);
    }
    return { toast, box };
  }

  step(
    "390 px: the toast sits at the bottom; its close button, the pager, inputs and row buttons are 44 px",
    async () => {
      const w = await person(browser, { name: `Tia Touch ${token}`, email: email("touch"), viewport: "phone" });
      await signUpByPost(w, { password: PASSWORD, role: "Worker" });
      const { page } = w;
      const { toast, box } = await toastAfterSending(page, openTasks()[0]!);
      expect(box.y + box.height).toBeGreaterThan(844 - 160);
      const close = toast.locator("[data-close-button]");
      const closeBox = (await close.boundingBox())!;
      expect(closeBox.height).toBeGreaterThanOrEqual(44);
      expect(closeBox.width).toBeGreaterThanOrEqual(44);
      await screenshot(page, "toast-bottom-390", { viewport: true });
      await close.click();
      await toast.waitFor({ state: "detached" });
      const pager = page.getByRole("navigation", { name: "Pagination" });
      for (const link of await pager.locator("a, span[aria-disabled]").all())
        expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect((await page.getByLabel("Items per page").boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await gotoHydrated(page, "/dashboard/withdraw");
      expect((await page.getByLabel("Coins to withdraw").boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await w.context.close();
      const buyer = await signedInContext(browser, "buyer", { viewport: "phone" });
      const bp = await buyer.newPage();
      await gotoHydrated(bp, "/dashboard/buyerhome");
      for (const name of [/^View Submission /, /^Approve /, /^Reject /])
        expect(
          (await bp.getByTestId("review-queue").getByRole("link", { name }).first().boundingBox())!.height,
        ).toBeGreaterThanOrEqual(44);
      await buyer.close();
    },
  );

  step("1440 px: the toast sits at the bottom right, clear of the top bar", async () => {
    const w = await person(browser, { name: `Tom Toast ${token}`, email: email("toast") });
    await signUpByPost(w, { password: PASSWORD, role: "Worker" });
    const { box } = await toastAfterSending(w.page, openTasks()[1]!);
    expect(box.y).toBeGreaterThan(900 / 2);
    expect(box.x).toBeGreaterThan(1440 / 2);
    await screenshot(w.page, "toast-bottom-1440", { viewport: true });
    await w.context.close();
  });
});

story("search finds word forms", () => {
  for (const viewport of ["phone", "desktop"] as const)
    step(`'translation' finds the seeded 'Translate …' task (${viewport === "phone" ? 390 : 1440} px)`, async () => {
      const context = await signedInContext(browser, "worker", { viewport });
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/tasklist?q=translation");
      const titles = await page.getByRole("link", { name: "View Details" }).count();
      expect(titles).toBeGreaterThan(0);
      expect(await page.locator("main").innerText()).toMatch(/Translate our app/);
      await context.close();
    });
});
