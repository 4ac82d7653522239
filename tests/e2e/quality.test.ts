// The buyers' quality tools in Chromium (docs/product/quality.md): a buyer at 1440 px posts a task for proven workers
// only, which a new worker at 390 px sees with the reason and cannot start; then an open task the worker does: the
// buyer blocks them from the review queue (the task leaves the worker's list, the pending work stays), approves it,
// and pays a bonus on the Bonuses page, which the worker reads on the submission's page.
import { expect } from "vitest";
import {
  browser,
  db,
  expectAccessible,
  expectCoins,
  expectMessage,
  postTaskThroughForm,
  gotoHydrated,
  person,
  screenshot,
  setUpBrowser,
  sqlText,
  taskIdByTitle,
  step,
  story,
  unique,
  uniqueToken,
  submitProof,
  type Person,
  signUpByPost,
} from "./browser";

setUpBrowser();

const PASSWORD = "Quality-Lantern-Quill-7";
const token = uniqueToken("q");
const PROVEN = `Label street photos for proven workers ${token}`;
const OPEN = `Transcribe a short receipt ${token}`;

story("quality tools: who may work, a block and a bonus", () => {
  let buyer: Person;
  let worker: Person;

  const refused = step("a task for proven workers shows a new worker why they cannot start it", async () => {
    buyer = await person(browser, { name: `Quinn ${token}`, email: unique("quality-buyer") });
    worker = await person(browser, { name: `Wren ${token}`, email: unique("quality-worker"), viewport: "phone" });
    await signUpByPost(buyer, { password: PASSWORD, role: "Buyer" });
    await signUpByPost(worker, { password: PASSWORD, role: "Worker" });
    for (const [title, proven] of [
      [PROVEN, true],
      [OPEN, false],
    ] as const) {
      await postTaskThroughForm(buyer.page, {
        title,
        detail: "Follow the steps in the brief.",
        workers: 1,
        pay: 5,
        daysAhead: 5,
        category: "Data Entry",
        info: "The text you typed",
        leastApproved: proven ? 3 : undefined,
      });
    }
    await gotoHydrated(worker.page, `/dashboard/tasklist/${taskIdByTitle(PROVEN)}`);
    await expect
      .poll(() => worker.page.getByTestId("submission-blocker").innerText())
      .toContain("at least 3 approved submissions; you have 0");
    expect(await worker.page.getByLabel("Your submission").count()).toBe(0);
    await screenshot(worker.page, "quality-ineligible-390");
  });

  const blocked = step(
    "the buyer blocks the worker from the queue: the pending work stays, the task list hides theirs",
    { needs: [refused] },
    async () => {
      await gotoHydrated(worker.page, `/dashboard/tasklist/${taskIdByTitle(OPEN)}`);
      await submitProof(worker.page, "Total 12.40, paid by card");
      await gotoHydrated(buyer.page, "/dashboard/buyerhome");
      await buyer.page.getByRole("link", { name: `Block ${worker.name}` }).click();
      const dialog = buyer.page.getByRole("alertdialog", { name: `Block ${worker.name}?` });
      await dialog.getByLabel("Reason (private: the worker never sees it)").fill("Testing the block list");
      await screenshot(buyer.page, "quality-block-1440", { viewport: true });
      await dialog.getByRole("button", { name: "Yes, block" }).click();
      await expectMessage(buyer.page, "Worker blocked");
      // the submission sent before the block is still there to approve
      await buyer.page.getByRole("link", { name: `Approve ${worker.name}` }).click();
      await buyer.page
        .getByRole("alertdialog", { name: "Approve this submission?" })
        .getByRole("button", { name: "Yes, approve" })
        .click();
      await expectMessage(buyer.page, "Successfully approved");
      await gotoHydrated(worker.page, `/dashboard/tasklist?q=${token}`);
      await expect.poll(() => worker.page.getByText(PROVEN).count()).toBe(0);
      await gotoHydrated(buyer.page, "/dashboard/settings");
      await expect.poll(() => buyer.page.getByTestId("blocked-worker").innerText()).toContain("Testing the block list");
    },
  );

  step("a bonus on the approved work, read by the worker at 390 px", { needs: [blocked] }, async () => {
    await gotoHydrated(buyer.page, "/dashboard/bonuses");
    await buyer.page.getByRole("link", { name: `Pay bonus to ${worker.name}` }).click();
    const dialog = buyer.page.getByRole("alertdialog", { name: `Pay ${worker.name} a bonus?` });
    await dialog.getByLabel("Bonus in coins").fill("3");
    await dialog.getByLabel("Reason (the worker reads it)").fill("Neat and quick");
    await dialog.getByRole("button", { name: "Pay bonus" }).click();
    await expectMessage(buyer.page, "Bonus paid");
    await expect.poll(() => buyer.page.getByTestId("bonuses-paid").innerText()).toContain("Neat and quick");
    await expectCoins(buyer, 50 - 10 - 3, "two tasks of 5 and a bonus of 3", { reload: true });
    await screenshot(buyer.page, "quality-bonuses-1440");
    await expectAccessible(buyer.page, "the Bonuses page", { exclude: ["[data-sonner-toaster]"] });

    const [{ id }] = db<{ id: string }>(`SELECT id FROM submissions WHERE task_id = ${sqlText(taskIdByTitle(OPEN))}`);
    await gotoHydrated(worker.page, `/dashboard/mysubmissions/${id}`);
    await expect.poll(() => worker.page.getByTestId("bonus").innerText()).toContain("Neat and quick");
    await expectCoins(worker, 10 + 5 + 3, "pay and bonus");
    await screenshot(worker.page, "quality-bonus-390");
    expect(buyer.errors.concat(worker.errors)).toEqual([]);
  });
});
