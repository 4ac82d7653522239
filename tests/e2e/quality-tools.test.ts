// The buyers' quality tools of issue 26 that quality.test.ts does not walk, in Chromium (docs/product/quality.md,
// docs/product/batch-posting.md): a buyer at 1440 px defines a qualification with a two-question test and posts a
// task requiring it; a worker at 390 px without JavaScript sees why they cannot start it, takes the test (the key is
// not in the page) and then may start. The same buyer at 390 px without JavaScript posts tasks from a CSV (the
// template, a file with a bad row refused, a good one posted). A task with a check question: one worker answers it
// wrong, another right with a resized, recompressed copy of the first one's proof image; the review page flags both,
// and "Reject flagged" rejects just the wrong answer, with the reason the worker reads.
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { expect } from "vitest";
import {
  baseURL,
  browser,
  db,
  expectAccessible,
  expectMessage,
  postTaskThroughForm,
  gotoHydrated,
  login,
  person,
  ROOT,
  screenshot,
  setUpBrowser,
  sqlText,
  startTask,
  taskIdByTitle,
  step,
  story,
  submitProof,
  unique,
  uniqueToken,
  type Person,
  signUpByPost,
} from "./browser";
import { BATCH_COLUMNS } from "../../app/lib/task-batch.ts";
import { WRONG_ANSWER_REASON } from "../../app/lib/proof-flags.ts";

setUpBrowser();

const PASSWORD = "Quality-Tools-Harbour-9";
const token = uniqueToken("qt");
const QUALIFICATION = `Careful speller ${token}`;
const QUESTIONS = [
  { prompt: "Which word is spelled right?", choices: ["recieve", "receive", "receeve"], answer: 2 },
  { prompt: "Which one is a colour?", choices: ["teal", "table", "tablet"], answer: 1 },
];
const GATED = `Proofread a cafe menu ${token}`;
const CHECKED = `Photograph the pier sign ${token}`;
const CHECK_QUESTION = "What word is painted on the sign?";
const EXPECTED = "lighthouse";
const BATCH = [`Label storefront photos ${token}`, `Count bicycles in a photo ${token}`];
const BAD_ROW = `Rate a playlist ${token}`;
const PROOF = path.join(ROOT, "public", "images", "categories", "image-handling.webp");

/** A CSV of tasks as the template has them: 1 worker at 2 coins each, `pay` overriding a row's pay. */
const csvOf = (rows: { title: string; pay?: string }[]) =>
  Papa.unparse({
    fields: [...BATCH_COLUMNS],
    data: rows.map((r) => ({
      task_title: r.title,
      task_detail: "Open the brief and follow its steps.",
      required_workers: "1",
      payable_amount: r.pay ?? "2",
      estimate_minutes: "1",
      completion_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      submission_info: "The answer asked for",
      category: "Data Entry",
    })),
  });

story("quality tools: a qualification test, batch posting, a known-answer check and copied proof", () => {
  let buyer: Person; // 1440 px, JavaScript
  let buyerPhone: Person; // the same buyer at 390 px without JavaScript
  let wren: Person; // a worker at 390 px without JavaScript
  let kai: Person; // a worker at 390 px with JavaScript
  let qualificationId: string;

  const defined = step(
    "1440: a buyer defines a qualification with a two-question test and posts a task requiring it",
    async () => {
      buyer = await person(browser, { name: `Quinn ${token}`, email: unique("qt-buyer") });
      await signUpByPost(buyer, { password: PASSWORD, role: "Buyer" });
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/qualifications");
      const definition = page.locator("form").filter({ has: page.getByRole("button", { name: "Save qualification" }) });
      await definition.getByLabel("Name", { exact: true }).fill(QUALIFICATION);
      await definition.getByLabel("Description").fill("Spots the word spelled right.");
      await Promise.all([
        page.waitForURL(/\/dashboard\/qualifications\/[^/?]+$/),
        definition.getByRole("button", { name: "Save qualification" }).click(),
      ]);
      await expectMessage(page, "Qualification saved");
      qualificationId = new URL(page.url()).pathname.split("/").pop()!;
      for (const [i, q] of QUESTIONS.entries()) {
        const adding = page.locator("form").filter({ has: page.getByRole("button", { name: "Add question" }) });
        await adding.getByLabel("Question", { exact: true }).fill(q.prompt);
        await adding.getByLabel("Choices, one a line").fill(q.choices.join("\n"));
        await adding.getByLabel("Number of the right choice").fill(String(q.answer));
        await adding.getByRole("button", { name: "Add question" }).click();
        await expectMessage(page, "Question added");
        await expect.poll(() => page.locator('[data-testid="test-questions"] > li').count()).toBe(i + 1);
      }
      expect(await page.getByRole("heading", { name: "Test (2 of 20 questions)" }).count()).toBe(1);
      await screenshot(page, "quality-tools-qualification-1440");

      await postTaskThroughForm(page, {
        title: GATED,
        detail: "Mark every misspelled word on the menu.",
        workers: 1,
        pay: 2,
        daysAhead: 5,
        category: "Data Entry",
        info: "The corrected words",
        qualification: { name: QUALIFICATION, leastScore: 50 },
      });
    },
  );

  const tested = step(
    "390 without JavaScript: the worker sees the reason and the way to the test, scores 50, then may start",
    { needs: [defined] },
    async () => {
      wren = await person(browser, { name: `Wren ${token}`, email: unique("qt-wren"), viewport: "phone", js: false });
      await signUpByPost(wren, { password: PASSWORD, role: "Worker" });
      const { page } = wren;
      await page.goto(`/dashboard/tasklist/${taskIdByTitle(GATED)}`);
      const blocker = page.getByTestId("submission-blocker");
      expect(await blocker.innerText()).toContain(
        `This task is for workers who hold the qualification “${QUALIFICATION}” with a score of at least 50; you do not hold it.`,
      );
      expect(await page.getByRole("button", { name: "Start task" }).count()).toBe(0);
      await screenshot(page, "quality-tools-needs-test-390");

      await Promise.all([
        page.waitForURL(`**/dashboard/tests/${qualificationId}?task=*`),
        blocker.getByRole("link", { name: "Take the test" }).click(),
      ]);
      // the page as served, with its data for the script: the questions and choices, never which one is right
      const html = await page.content();
      for (const q of QUESTIONS) expect(html).toContain(q.prompt);
      expect(html).not.toMatch(/"answer"|\\"answer\\"/);
      await page.getByLabel("receive", { exact: true }).check(); // right
      await page.getByLabel("table", { exact: true }).check(); // wrong
      await screenshot(page, "quality-tools-test-390");
      // taken from the task's page, the test leads back to it: with a score of 50, it may be started
      await Promise.all([
        page.waitForURL((u) => u.pathname === `/dashboard/tasklist/${taskIdByTitle(GATED)}`),
        page.getByRole("button", { name: "Send answers" }).click(),
      ]);
      await expectMessage(page, "Your score: 50");
      await startTask(page);
      await page.goto("/dashboard/tests");
      expect(await page.getByTestId("held-qualifications").innerText()).toMatch(
        new RegExp(`${QUALIFICATION}\\s+Score 50`),
      );
      await page.goto(`/dashboard/tasklist/${taskIdByTitle(GATED)}`);
      expect(await page.getByTestId("submission-blocker").count()).toBe(0);
    },
  );

  const batch = step(
    "390 without JavaScript: the template downloads, a file with a bad row is refused, a good one posts every task",
    { needs: [defined] },
    async () => {
      buyerPhone = await person(browser, { name: buyer.name, email: buyer.email, viewport: "phone", js: false });
      const { page } = buyerPhone;
      await login(page, buyer.email, PASSWORD);
      await page.goto("/dashboard/batchtasks");
      const template = page.getByRole("link", { name: "Download the template" });
      const [download] = await Promise.all([page.waitForEvent("download"), template.click()]);
      expect(readFileSync(await download.path(), "utf8")).toContain(BATCH_COLUMNS.join(","));
      const served = await page.request.get((await template.getAttribute("href"))!);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toContain("text/csv");

      const upload = async (csv: string) => {
        await page
          .locator('input[type="file"][name="csv"]')
          .setInputFiles({ name: "tasks.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
        await Promise.all([
          page.waitForURL(/\/dashboard\/batchtasks\?draft=/),
          page.getByRole("button", { name: "Upload and preview" }).click(),
        ]);
      };
      await upload(csvOf([{ title: BATCH[0]! }, { title: BAD_ROW, pay: "0" }]));
      await page.getByText("1 row has errors").waitFor();
      expect(await page.getByRole("row").filter({ hasText: BAD_ROW }).innerText()).toContain(
        "Payable amount: enter a whole number from 1 to 100,000 (coins per worker)",
      );
      expect(await page.getByRole("button", { name: /^Post all/ }).count()).toBe(0);
      await screenshot(page, "quality-tools-batch-errors-390");
      // axe runs in a page with JavaScript: the same preview at 1440 px
      await gotoHydrated(buyer.page, new URL(page.url()).pathname + new URL(page.url()).search);
      await buyer.page.getByText("1 row has errors").waitFor();
      await expectAccessible(buyer.page, "the batch preview with errors");
      await screenshot(buyer.page, "quality-tools-batch-errors-1440");
      // the post the page does not offer, sent anyway: refused, nothing posted
      const draft = new URL(page.url()).searchParams.get("draft")!;
      const forced = await page.request.post(page.url(), {
        form: { intent: "post", id: draft },
        headers: { Origin: new URL(baseURL()).origin },
      });
      expect(await forced.text()).toContain("Nothing was posted");
      expect(db(`SELECT id FROM tasks WHERE task_title = ${sqlText(BATCH[0]!)}`)).toEqual([]);

      await upload(csvOf(BATCH.map((title) => ({ title }))));
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/dashboard/mytasks"),
        page.getByRole("button", { name: "Post all 2 tasks for 4 coins" }).click(),
      ]);
      await expectMessage(page, "Tasks Posted!");
      for (const title of BATCH)
        expect(await page.getByText(title).filter({ visible: true }).count()).toBeGreaterThan(0);
      await screenshot(page, "quality-tools-batch-posted-390");
    },
  );

  const answered = step(
    "390: one worker answers the check wrong, another right with a resized, recompressed copy of the first's image",
    { needs: [tested] },
    async () => {
      await postTaskThroughForm(buyer.page, {
        title: CHECKED,
        detail: "Walk to the end of the pier and photograph the sign.",
        workers: 2,
        pay: 2,
        daysAhead: 5,
        category: "Image Handling",
        info: "A photo of the sign",
        check: { question: CHECK_QUESTION, expected: EXPECTED },
      });
      const task = `/dashboard/tasklist/${taskIdByTitle(CHECKED)}`;

      // Wren, without JavaScript: the question, never its answer
      await wren.page.goto(task);
      await startTask(wren.page);
      expect((await wren.page.content()).toLowerCase()).not.toContain(EXPECTED);
      await wren.page.getByLabel(CHECK_QUESTION).fill("harbour");
      await wren.page.locator('input[type="file"][name="image"]').setInputFiles(PROOF);
      await submitProof(wren.page, "The sign at the end of the pier.");

      // Kai, with JavaScript: the same picture at 3/4 of its size, as a JPEG (the canvas of the page)
      kai = await person(browser, { name: `Kai ${token}`, email: unique("qt-kai"), viewport: "phone" });
      await signUpByPost(kai, { password: PASSWORD, role: "Worker" });
      const copy = await kai.page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = Math.round(img.naturalWidth * 0.75);
        canvas.height = Math.round(img.naturalHeight * 0.75);
        canvas.getContext("2d")!.drawImage(img, 0, 0, canvas.width, canvas.height);
        const blob = await new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("no JPEG"))), "image/jpeg", 0.7),
        );
        return Array.from(new Uint8Array(await blob.arrayBuffer()));
      }, "/images/categories/image-handling.webp");
      // the test page Wren took without JavaScript, as Kai sees it with it
      await gotoHydrated(kai.page, `/dashboard/tests/${qualificationId}`);
      await expectAccessible(kai.page, "the test page");
      await gotoHydrated(kai.page, task);
      await startTask(kai.page);
      await kai.page.getByLabel(CHECK_QUESTION).fill("LIGHTHOUSE");
      await kai.page
        .locator('input[type="file"][name="image"]')
        .setInputFiles({ name: "sign.jpg", mimeType: "image/jpeg", buffer: Buffer.from(copy) });
      await submitProof(kai.page, "Photo of the sign attached.");
      await screenshot(kai.page, "quality-tools-submitted-390");
    },
  );

  const flagged = step(
    "390 without JavaScript: the review page flags the wrong answer, and the copy naming the other submission",
    { needs: [answered, batch] },
    async () => {
      const { page } = buyerPhone;
      await page.goto("/dashboard/buyerhome");
      const rowOf = (p: Person) =>
        page.getByTestId("review-row").filter({ has: page.getByText(p.name, { exact: true }) });
      const wrong = rowOf(wren);
      expect(await wrong.getByTestId("flag-wrong-answer").innerText()).toContain(`“harbour” (expected “${EXPECTED}”)`);
      expect(await wrong.getByTestId("flag-copied-proof").count()).toBe(0);
      const copied = rowOf(kai);
      expect(await copied.getByTestId("flag-copied-proof").innerText()).toContain(
        `${wren.name}'s proof for “${CHECKED}”`,
      );
      expect(await copied.getByTestId("flag-wrong-answer").count()).toBe(0);
      expect(await page.getByTestId("reject-flagged-bar").innerText()).toContain(
        "1 submission has a wrong check answer.",
      );
      await screenshot(page, "quality-tools-flags-390");
    },
  );

  step(
    "1440: 'Reject flagged' rejects just the wrong answer, with the reason the worker reads",
    { needs: [flagged] },
    async () => {
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/buyerhome");
      await page.getByRole("link", { name: "Reject flagged" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Reject 1 flagged submission?" });
      expect(await dialog.innerText()).toContain(WRONG_ANSWER_REASON);
      await screenshot(page, "quality-tools-reject-flagged-1440", { viewport: true });
      await dialog.getByRole("button", { name: "Yes, reject 1" }).click();
      await expectMessage(page, "1 flagged submission rejected");
      // Kai's copy is flagged too, but only a wrong check answer is rejected at once
      await expect.poll(() => page.getByTestId("review-row").count()).toBe(1);
      expect(await page.getByTestId("review-row").innerText()).toContain(kai.name);
      expect(await page.getByTestId("reject-flagged-bar").count()).toBe(0);
      await screenshot(page, "quality-tools-after-reject-1440");

      const submissions = db<{ worker: string; status: string; reason: string | null; id: string }>(
        `SELECT u.name AS worker, s.status, s.reject_reason AS reason, s.id FROM submissions s
         JOIN users u ON u.id = s.worker_id WHERE s.task_id = ${sqlText(taskIdByTitle(CHECKED))} ORDER BY u.name`,
      );
      expect(submissions.map(({ worker, status, reason }) => ({ worker, status, reason }))).toEqual([
        { worker: kai.name, status: "pending", reason: null },
        { worker: wren.name, status: "rejected", reason: WRONG_ANSWER_REASON },
      ]);
      await wren.page.goto(`/dashboard/mysubmissions/${submissions[1]!.id}`);
      expect(await wren.page.getByTestId("reject-reason").innerText()).toContain(WRONG_ANSWER_REASON);
      expect([...buyer.errors, ...kai.errors]).toEqual([]);
    },
  );
});
