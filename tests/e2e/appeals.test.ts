// The appeal loop in Chromium, three people in contexts of their own: a buyer rejects a worker's submission and then
// deletes the task (the reopened slot's coins come back), the worker appeals on My Submissions (phone), and an admin
// overturns the rejection on Appeals (desktop): the worker's balance goes up and the buyer's down by the pay, on
// screen, and `npm run ledger:check`'s identity holds on the served database.
import { expect } from "vitest";
import {
  browser,
  expectAccessible,
  expectCoins,
  expectMessage,
  postTaskThroughForm,
  gotoHydrated,
  persistDir,
  person,
  screenshot,
  setUpBrowser,
  signedInContext,
  taskIdByTitle,
  step,
  story,
  unique,
  uniqueToken,
  waitForHydration,
  type Person,
  submitProof,
  signUpByPost,
} from "./browser";
import { checkLedger } from "../../scripts/ledger-check";
import type { Page } from "playwright-core";

setUpBrowser();

const PASSWORD = "Appeal-Lantern-Quill-9";
const PAY = 10;
const token = uniqueToken("ap");
const TITLE = `Check our checkout page for typos ${token}`;
const REASON = "You listed typos from the home page, not the checkout.";
const APPEAL = "All five typos are on the checkout page: see the second paragraph and the button labels.";

story("a rejection appealed and overturned", () => {
  let buyer: Person;
  let worker: Person;
  let admin: Page;

  const rejected = step(
    "a buyer posts a task, a worker submits, the buyer rejects it and deletes the task",
    async () => {
      buyer = await person(browser, { name: `Ada ${token}`, email: unique("appeal-buyer") });
      worker = await person(browser, { name: `Wes ${token}`, email: unique("appeal-worker"), viewport: "phone" });
      await signUpByPost(buyer, { password: PASSWORD, role: "Buyer" });
      await signUpByPost(worker, { password: PASSWORD, role: "Worker" });

      await postTaskThroughForm(buyer.page, {
        title: TITLE,
        detail: "Read the checkout page and list every typo you find.",
        workers: 1,
        pay: PAY,
        daysAhead: 5,
        category: "App & Website Testing",
        info: "The typos, one per line",
      });
      await expectCoins(buyer, 50 - PAY, "posting 1 x 10");

      const taskId = taskIdByTitle(TITLE);
      await gotoHydrated(worker.page, `/dashboard/tasklist/${taskId}`);
      await submitProof(worker.page, "teh, recieve, adress, seperate, occured");
      await expectMessage(worker.page, "Submission sent successfully!");

      await gotoHydrated(buyer.page, "/dashboard/buyerhome");
      await buyer.page.getByRole("link", { name: `Reject ${worker.name}` }).click();
      const reject = buyer.page.getByRole("alertdialog", { name: "Reject this submission?" });
      await reject.getByLabel("In your own words").fill(REASON);
      await reject.getByRole("button", { name: "Yes, reject" }).click();
      await expectMessage(buyer.page, "Successfully rejected");

      // the reopened slot's coins come back with the task, so an overturn must be paid from the balance
      await gotoHydrated(buyer.page, "/dashboard/mytasks");
      await buyer.page.getByRole("link", { name: `Delete ${TITLE}` }).click();
      await buyer.page
        .getByRole("alertdialog", { name: "Are you sure?" })
        .getByRole("button", { name: "Yes, delete it!" })
        .click();
      await buyer.page.getByRole("dialog", { name: "Deleted!" }).getByRole("button", { name: "OK" }).click();
      await expectCoins(buyer, 50, "deleting the task");
    },
  );

  const appealed = step(
    "the worker appeals on My Submissions at 390 px: a labelled text with a counter",
    { needs: [rejected] },
    async () => {
      const { page } = worker;
      await gotoHydrated(page, "/dashboard/mysubmissions");
      const card = page.getByTestId("submission-row").filter({ hasText: TITLE });
      await expect.poll(() => card.innerText()).toContain(`Reason: ${REASON}`);
      await card.getByRole("button", { name: `Appeal the rejection of ${TITLE}` }).click();
      const dialog = page.getByRole("alertdialog", { name: "Appeal this rejection?" });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`you are paid ${PAY} coins`);
      const text = dialog.getByLabel("Why the rejection was wrong");
      expect(await text.getAttribute("maxlength")).toBe("500");
      await text.fill(APPEAL);
      await expect.poll(() => dialog.innerText()).toContain(`${APPEAL.length} / 500 characters`);
      await screenshot(page, "appeal-form-390", { viewport: true });
      await expectAccessible(page, "the appeal form");
      await dialog.getByRole("button", { name: "Send appeal" }).click();
      await expectMessage(page, "Appeal sent");
      await expect.poll(() => card.getByTestId("appeal-status").innerText()).toBe("Appeal pending");
      await screenshot(page, "appeal-pending-390");
      // the "Appeal sent" toast is still fading in (sonner animates its opacity): left out, as buyer.test.ts does
      await expectAccessible(page, "My Submissions with an appeal", { exclude: ["[data-sonner-toaster]"] });
      await expectCoins(worker, 10, "appealing");
    },
  );

  const overturned = step(
    "an admin overturns it on Appeals at 1440 px: the confirmation says who pays whom",
    { needs: [appealed] },
    async () => {
      const context = await signedInContext(browser, "admin", { viewport: "desktop" });
      admin = await context.newPage();
      await gotoHydrated(admin, "/dashboard/appeals");
      const row = admin.locator("tr").filter({ hasText: TITLE });
      await expect.poll(() => row.innerText()).toContain(APPEAL);
      expect(await row.innerText()).toContain(REASON);
      await screenshot(admin, "appeals-queue-1440");
      await expectAccessible(admin, "the appeals queue");

      await row.getByRole("button", { name: `Overturn the rejection of ${worker.name}` }).click();
      const confirm = admin.getByRole("alertdialog", { name: "Overturn this rejection?" });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(`${worker.name} is paid ${PAY} coins from ${buyer.name}'s balance.`);
      await screenshot(admin, "appeals-overturn-confirm-1440", { viewport: true });
      await confirm.getByRole("button", { name: `Yes, pay ${PAY} coins` }).click();
      await expectMessage(admin, "Rejection overturned");
      await expect.poll(() => row.count()).toBe(0);

      await gotoHydrated(admin, "/dashboard/appeals?show=decided");
      await expect
        .poll(() => admin.locator("tr").filter({ hasText: TITLE }).innerText())
        .toContain("Rejection overturned");
    },
  );

  step(
    "the worker's coins went up and the buyer's down by the pay; the ledger holds",
    { needs: [overturned] },
    async () => {
      await expectCoins(worker, 10 + PAY, "the overturn", { reload: true });
      await expect
        .poll(() => worker.page.getByTestId("submission-row").filter({ hasText: TITLE }).innerText())
        .toContain("Rejection overturned");
      await expectCoins(buyer, 50 - PAY, "the overturn", { reload: true });
      await waitForHydration(buyer.page);
      await screenshot(worker.page, "appeal-overturned-390");
      expect(checkLedger({ persistTo: persistDir() }).holds).toBe(true);
      expect(worker.errors).toEqual([]);
      expect(buyer.errors).toEqual([]);
    },
  );
});
