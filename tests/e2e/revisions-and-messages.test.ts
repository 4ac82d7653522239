// Revisions and messages in Chromium: the demo worker asks the demo buyer a question from a task's page on a phone,
// then starts and sends work; the buyer, on a desktop, finds the question on Messages with one unread, answers it
// there and asks for a revision from the review view instead of rejecting; the worker finds the answer on Messages
// on a phone, then, without JavaScript, reads the note on the submission's page and writes back with the plain form
// (docs/product/quality.md, "Revisions" and "Messages"; docs/decisions/092-an-inbox-read-from-its-own-index.md).
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
const ANSWER = `The pricing page, all of it (${token}).`;

/** This task's conversation on the Messages page. */
const inboxRow = (page: Page) => page.getByTestId("inbox-row").filter({ hasText: TITLE });

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

      // Messages, from the sidebar: the question, not read yet
      await buyer.getByRole("navigation").getByRole("link", { name: "Messages", exact: true }).first().click();
      await buyer.waitForURL("**/dashboard/inbox");
      const row = inboxRow(buyer);
      await row.getByTestId("inbox-unread").getByText("1 unread").waitFor();
      expect(await row.innerText()).toContain("questions before starting");
      expect(await row.innerText()).toContain(QUESTION);
      expect(await sidewaysOverflow(buyer)).toBe(0);
      await screenshot(buyer, "messages-unread-desktop");
      await row.getByRole("link", { name: new RegExp(`^${TITLE}\\s*, with `) }).click();
      await buyer.waitForURL(`**/dashboard/threads/task/${taskId}/**`);
      await buyer.getByTestId("messages").getByText(QUESTION).waitFor();
      await buyer.getByLabel("Your message").fill(ANSWER);
      await buyer.getByRole("button", { name: "Send message" }).click();
      await expectMessage(buyer, "Message sent");
      // read, and the newest message is the buyer's own
      await gotoHydrated(buyer, "/dashboard/inbox");
      await inboxRow(buyer).getByText(`You: ${ANSWER}`).waitFor();
      expect(await inboxRow(buyer).getByTestId("inbox-unread").count()).toBe(0);

      // the revision is asked from the submission's review view, instead of rejecting
      await gotoHydrated(buyer, `/dashboard/buyerhome?open=${submissionId}`);
      await buyer.getByRole("dialog").getByRole("button", { name: "Ask for revision" }).click();
      const ask = buyer.getByRole("alertdialog", { name: "Ask for a revision?" });
      await ask.getByLabel("What should change?").fill(NOTE);
      await ask.getByRole("button", { name: "Ask for revision" }).click();
      await expectMessage(buyer, "Revision asked");
      // its conversation shows the note, and nothing more is asked there
      await gotoHydrated(buyer, `/dashboard/threads/submission/${submissionId}`);
      await buyer.getByTestId("revision-state").getByText(NOTE).waitFor();
      expect(await buyer.getByRole("button", { name: "Ask for revision" }).count()).toBe(0);
      await screenshot(buyer, "revisions-asked-desktop");
      await buyerDesk.close();
    },
  );

  const answered = step(
    "the worker finds the buyer's answer on Messages, one unread, and reads it (390 px)",
    { needs: [revised] },
    async () => {
      await gotoHydrated(worker, "/dashboard/inbox");
      const row = inboxRow(worker);
      await row.getByTestId("inbox-unread").getByText("1 unread").waitFor();
      expect(await row.innerText()).toContain(ANSWER);
      expect(await sidewaysOverflow(worker)).toBe(0);
      await screenshot(worker, "messages-unread-phone");
      await row.getByRole("link", { name: new RegExp(`^${TITLE}\\s*, with `) }).click();
      await worker.waitForURL(`**/dashboard/threads/task/${taskId}/**`);
      await worker.getByTestId("messages").getByText(ANSWER).waitFor();
      await gotoHydrated(worker, "/dashboard/inbox");
      await inboxRow(worker).getByText(ANSWER).waitFor();
      expect(await inboxRow(worker).getByTestId("inbox-unread").count()).toBe(0);
    },
  );

  step("the worker reads the note and writes back without JavaScript (390 px)", { needs: [answered] }, async () => {
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
