// Revisions and messages in Chromium: the demo worker asks the demo buyer a question from a task's page on a phone,
// then starts and sends work; the buyer, on a desktop, answers in the submission's conversation and asks for a
// revision instead of rejecting; the worker, on a phone without JavaScript, reads the note on the submission's page
// and writes back with the plain form (docs/product/quality.md, "Revisions" and "Messages").
import { expect } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import {
  browser,
  db,
  expectMessage,
  fillTaskForm,
  gotoHydrated,
  screenshot,
  setUpBrowser,
  signedInContext,
  sidewaysOverflow,
  sqlText,
  step,
  story,
  submitProof,
  uniqueToken,
} from "./browser";

setUpBrowser();

const token = uniqueToken("rv");
const QUESTION = `Which page should the screenshot show? <b>${token}</b>`;
const TITLE = `Screenshot our pricing page ${token}`;
const NOTE = `Show the whole page, not a crop (${token}).`;

story("a question, a revision asked and answered without JavaScript", () => {
  let workerPhone: BrowserContext;
  let worker: Page;
  let buyerDesk: BrowserContext;
  let buyer: Page;
  let taskId = "";
  let submissionId = "";

  const posted = step("the buyer posts a task (1440 px)", async () => {
    buyerDesk = await signedInContext(browser, "buyer", { viewport: "desktop" });
    buyer = await buyerDesk.newPage();
    await gotoHydrated(buyer, "/dashboard/addtask");
    await fillTaskForm(buyer, {
      title: TITLE,
      detail: "Open our pricing page and take a screenshot of it.",
      workers: 1,
      pay: 5,
      daysAhead: 5,
      category: "App & Website Testing",
      info: "A screenshot of the whole pricing page",
    });
    await buyer.getByRole("button", { name: "Add Task" }).click();
    await expectMessage(buyer, "Task Posted!");
    [{ id: taskId }] = db<{ id: string }>(`SELECT id FROM tasks WHERE task_title = ${sqlText(TITLE)}`);
  });

  const asked = step(
    "the worker asks the buyer a question from the task's page, then sends work (390 px)",
    { needs: [posted] },
    async () => {
      workerPhone = await signedInContext(browser, "worker", { viewport: "phone" });
      worker = await workerPhone.newPage();
      await gotoHydrated(worker, `/dashboard/tasklist/${taskId}`);
      await worker.getByRole("link", { name: "Ask the buyer a question" }).click();
      await worker.waitForURL(`**/dashboard/threads/task/${taskId}/**`);
      await worker.getByLabel("Your message").fill(QUESTION);
      await worker.getByRole("button", { name: "Send message" }).click();
      await expectMessage(worker, "Message sent");
      // shown as the text typed, markup and all
      await worker.getByTestId("messages").getByText(QUESTION).waitFor();
      expect(await worker.getByLabel("Your message").inputValue()).toBe("");
      expect(await sidewaysOverflow(worker)).toBe(0);
      await screenshot(worker, "revisions-question-phone");

      await gotoHydrated(worker, `/dashboard/tasklist/${taskId}`);
      await submitProof(worker, `My proof ${token}`);
      [{ id: submissionId }] = db<{ id: string }>(
        `SELECT id FROM submissions WHERE submission_details = ${sqlText(`My proof ${token}`)}`,
      );
    },
  );

  const revised = step(
    "the buyer reads the question's notice and asks for a revision from the review view (1440 px)",
    { needs: [asked] },
    async () => {
      await gotoHydrated(buyer, "/dashboard/notifications");
      await buyer.getByText(`sent you a message about`).first().waitFor();
      await gotoHydrated(buyer, `/dashboard/buyerhome?open=${submissionId}`);
      await buyer
        .getByRole("link", { name: /ask for a revision instead of rejecting/ })
        .first()
        .click();
      await buyer.waitForURL(`**/dashboard/threads/submission/${submissionId}`);
      await buyer.getByLabel("What should change?").fill(NOTE);
      await buyer.getByRole("button", { name: "Ask for revision" }).click();
      await expectMessage(buyer, "Revision asked");
      await buyer.getByTestId("revision-state").getByText(NOTE).waitFor();
      expect(await buyer.getByRole("button", { name: "Ask for revision" }).count()).toBe(0);
      await screenshot(buyer, "revisions-asked-desktop");
      await buyerDesk.close();
    },
  );

  step("the worker reads the note and writes back without JavaScript (390 px)", { needs: [revised] }, async () => {
    const noJs = await signedInContext(browser, "worker", { viewport: "phone", javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(`/dashboard/mysubmissions/${submissionId}`);
    await page.getByTestId("revision-asked").getByText(NOTE).waitFor();
    await page.getByRole("link", { name: "Messages with the buyer" }).click();
    await page.waitForURL(`**/dashboard/threads/submission/${submissionId}`);
    await page.getByLabel("Your message").fill(`I will send the whole page today. ${token}`);
    await Promise.all([
      page.waitForURL(`**/dashboard/threads/submission/${submissionId}`),
      page.getByRole("button", { name: "Send message" }).click(),
    ]);
    await page.getByTestId("messages").getByText(`I will send the whole page today. ${token}`).waitFor();
    await expectMessage(page, "Message sent");
    await noJs.close();
    await workerPhone.close();
  });
});
