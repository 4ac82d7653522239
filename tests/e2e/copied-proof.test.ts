// Copied proof and a revision that fixes what was flagged, in Chromium (docs/product/quality.md, "Checks on proof";
// docs/decisions/090, 091). A buyer at 1440 px posts a task with a check question. A worker at 390 px without
// JavaScript answers it wrong and sends a screenshot and a report; another at 1440 px sends the screenshot resized to
// 70 % and saved as a JPEG of quality 60 (made by the page's canvas), with nearly the same words. The queue flags the
// wrong answer on the first and the copied image and text on the second, naming the first. The buyer asks the first
// for a revision; its change form asks the check question again, and "What you sent" shows the answer. Corrected, the
// first is flagged no more ("Reject flagged" goes), while the copy still names it; the second rewrites its text in
// its own words (with JavaScript) and keeps only the image flag.
import { expect } from "vitest";
import {
  browser,
  db,
  expectMessage,
  postTaskThroughForm,
  gotoHydrated,
  login,
  newNoJsContext,
  person,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  sqlText,
  startTask,
  step,
  story,
  submitProof,
  taskIdByTitle,
  unique,
  uniqueToken,
  type Person,
  signUpByPost,
} from "./browser";

setUpBrowser();

const PASSWORD = "Copied-Proof-Lantern-4";
const token = uniqueToken("cp");
const TITLE = `Test the coupon field of our shop ${token}`;
const QUESTION = "Which word is on the green button?";
const EXPECTED = "checkout";
const REPORT =
  "Tested the checkout on a Pixel 7 with Chrome: the coupon field accepts an expired code and the total drops to zero. Steps: add two items, open the cart, type SPRING24, press Apply.";
const NEAR_REPORT =
  "Tested the checkout on my Pixel 7 with Chrome: the coupon field accepts an expired code and the total drops to zero. Steps: add two items, open the cart, type SPRING24 and press Apply.";
const OWN_WORDS =
  "On an iPhone 13 in Safari the coupon box took a code that has run out, and the order cost nothing after it. I added a lamp, opened the basket and applied the old code.";

story("copied proof, and a revision that fixes what was flagged", () => {
  let buyer: Person; // 1440 px, JavaScript
  let wren: Person; // 390 px without JavaScript: the first to send
  let kai: Person; // 1440 px, JavaScript: sends a copy
  const images = { original: [] as number[], copy: [] as number[] };
  const submissionOf = (p: Person) =>
    db<{ id: string }>(
      `SELECT s.id FROM submissions s JOIN users u ON u.id = s.worker_id
       WHERE u.email = ${sqlText(p.email)} AND s.task_id = ${sqlText(taskIdByTitle(TITLE))}`,
    )[0]!.id;

  const posted = step("1440: a buyer posts a task with a check question", async () => {
    buyer = await person(browser, { name: `Bea ${token}`, email: unique("cp-buyer") });
    await signUpByPost(buyer, { password: PASSWORD, role: "Buyer" });
    await postTaskThroughForm(buyer.page, {
      title: TITLE,
      detail: "Try an expired coupon code in the cart and tell us what happens.",
      workers: 3,
      pay: 2,
      daysAhead: 5,
      category: "App & Website Testing",
      info: "A screenshot of the cart and what you did",
      check: { question: QUESTION, expected: EXPECTED },
    });
    // a phone screenshot of a shop's cart (a blue bar, lines of words, a green button), and a copy of it at 70 % of
    // its size saved as a JPEG of quality 60, both drawn by the page's canvas
    Object.assign(
      images,
      await buyer.page.evaluate(async () => {
        const [w, h] = [390, 844];
        const page = document.createElement("canvas");
        [page.width, page.height] = [w, h];
        const g = page.getContext("2d")!;
        g.fillStyle = "#ffffff";
        g.fillRect(0, 0, w, h);
        g.fillStyle = "#285ac8";
        g.fillRect(0, 0, w, 68);
        let s = 7;
        const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
        g.fillStyle = "#464646";
        for (let y = 118; y < 740; y += 30 + random() * 25) {
          let x = 20 + (random() < 0.2 ? 20 : 0);
          const end = x + 120 + random() * 230;
          while (x < end) {
            const word = 8 + random() * 24;
            g.fillRect(x, y, Math.min(word, end - x), 12);
            x += word + 5;
          }
        }
        g.fillStyle = "#1ea05a";
        g.fillRect(230, 760, 140, 50);
        const small = document.createElement("canvas");
        [small.width, small.height] = [Math.round(w * 0.7), Math.round(h * 0.7)];
        small.getContext("2d")!.drawImage(page, 0, 0, small.width, small.height);
        const bytes = async (canvas: HTMLCanvasElement, type: string, quality?: number) => {
          const blob = await new Promise<Blob>((resolve, reject) =>
            canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(type))), type, quality),
          );
          return Array.from(new Uint8Array(await blob.arrayBuffer()));
        };
        return { original: await bytes(page, "image/png"), copy: await bytes(small, "image/jpeg", 0.6) };
      }),
    );
    expect(images.copy.length).toBeGreaterThan(0);
  });

  const sent = step(
    "390 without JavaScript, then 1440: one worker sends a screenshot and a report, another a resized copy of both",
    { needs: [posted] },
    async () => {
      wren = await person(browser, { name: `Wren ${token}`, email: unique("cp-wren"), viewport: "phone", js: false });
      await signUpByPost(wren, { password: PASSWORD, role: "Worker" });
      await wren.page.goto(`/dashboard/tasklist/${taskIdByTitle(TITLE)}`);
      await startTask(wren.page);
      await wren.page.getByLabel(QUESTION).fill("harbour");
      await wren.page
        .locator('input[type="file"][name="image"]')
        .setInputFiles({ name: "cart.png", mimeType: "image/png", buffer: Buffer.from(images.original) });
      await submitProof(wren.page, REPORT);

      kai = await person(browser, { name: `Kai ${token}`, email: unique("cp-kai") });
      await signUpByPost(kai, { password: PASSWORD, role: "Worker" });
      await gotoHydrated(kai.page, `/dashboard/tasklist/${taskIdByTitle(TITLE)}`);
      await startTask(kai.page);
      await kai.page.getByLabel(QUESTION).fill(EXPECTED.toUpperCase());
      await kai.page
        .locator('input[type="file"][name="image"]')
        .setInputFiles({ name: "cart.jpg", mimeType: "image/jpeg", buffer: Buffer.from(images.copy) });
      await submitProof(kai.page, NEAR_REPORT);
    },
  );

  const flagged = step(
    "1440: the queue flags the wrong answer, and the copied image and text naming the first; a revision is asked",
    { needs: [sent] },
    async () => {
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/buyerhome");
      const rowOf = (p: Person) =>
        page.getByTestId("review-row").filter({ has: page.getByText(p.name, { exact: true }) });
      const first = rowOf(wren);
      expect(await first.getByTestId("flag-wrong-answer").innerText()).toContain(`“harbour” (expected “${EXPECTED}”)`);
      expect(await first.getByTestId("flag-copied-proof").count()).toBe(0);
      expect(await first.getByTestId("flag-copied-text").count()).toBe(0);
      const copy = rowOf(kai);
      expect(await copy.getByTestId("flag-copied-proof").innerText()).toContain(`${wren.name}'s proof for “${TITLE}”`);
      expect(await copy.getByTestId("flag-copied-text").innerText()).toContain(`${wren.name}'s proof for “${TITLE}”`);
      expect(await page.getByTestId("reject-flagged-bar").innerText()).toContain("1 submission has");
      await screenshot(page, "copied-proof-flags-1440");

      await gotoHydrated(page, `/dashboard/buyerhome?open=${submissionOf(wren)}`);
      // the revision is asked from the submission's review view, instead of rejecting
      await page.getByRole("dialog").getByRole("button", { name: "Ask for revision" }).click();
      const ask = page.getByRole("alertdialog", { name: "Ask for a revision?" });
      await ask.getByLabel("What should change?").fill("Look at the button again, and tell me its word.");
      await ask.getByRole("button", { name: "Ask for revision" }).click();
      await expectMessage(page, "Revision asked");
    },
  );

  const corrected = step(
    "390 without JavaScript: 'What you sent' shows the answer, the change form asks again, the correction is judged",
    { needs: [flagged] },
    async () => {
      const { page } = wren;
      await page.goto(`/dashboard/mysubmissions/${submissionOf(wren)}`);
      await page.getByTestId("revision-asked").waitFor();
      expect(await page.getByTestId("check-answer-sent").innerText()).toMatch(new RegExp(`${QUESTION}[^]*harbour`));
      const form = page.locator("#submission-edit");
      expect(await form.getByLabel(QUESTION).inputValue()).toBe("harbour");
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, "copied-proof-change-form-390");
      await form.getByLabel(QUESTION).fill(EXPECTED);
      await form.getByRole("button", { name: "Review the change" }).click();
      const review = page.getByTestId("proof-review");
      await review.getByText(`Your answer to the check question: ${EXPECTED}`).waitFor();
      await Promise.all([
        page.waitForURL(`**/dashboard/mysubmissions/${submissionOf(wren)}`),
        review.getByRole("button", { name: "Save the change" }).click(),
      ]);
      await expectMessage(page, "Submission changed");
      expect(await page.getByTestId("check-answer-sent").innerText()).toContain(EXPECTED);
      expect(await page.getByTestId("revision-asked").count()).toBe(0);
      await screenshot(page, "copied-proof-corrected-390");
    },
  );

  const judged = step(
    "390 without JavaScript: the corrected work is flagged no more, the copy still names it, 'Reject flagged' is gone",
    { needs: [corrected] },
    async () => {
      const phone = await newNoJsContext(browser, { viewport: "phone" });
      const page = await phone.newPage();
      await login(page, buyer.email, PASSWORD);
      await page.goto("/dashboard/buyerhome");
      const rowOf = (p: Person) =>
        page.getByTestId("review-row").filter({ has: page.getByText(p.name, { exact: true }) });
      await rowOf(wren).waitFor();
      expect(await rowOf(wren).getByTestId("proof-flags").count()).toBe(0);
      expect(await rowOf(kai).getByTestId("flag-copied-proof").innerText()).toContain(wren.name);
      expect(await rowOf(kai).getByTestId("flag-copied-text").innerText()).toContain(wren.name);
      expect(await page.getByTestId("reject-flagged-bar").count()).toBe(0);
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, "copied-proof-judged-again-390");
      await phone.close();
    },
  );

  step(
    "1440 with JavaScript: the copier's change form asks the question again; its own words clear the text flag",
    { needs: [judged] },
    async () => {
      const { page } = kai;
      await gotoHydrated(page, `/dashboard/mysubmissions/${submissionOf(kai)}`);
      expect(await page.getByTestId("check-answer-sent").innerText()).toContain(EXPECTED.toUpperCase());
      const form = page.locator("#submission-edit");
      expect(await form.getByLabel(QUESTION).inputValue()).toBe(EXPECTED.toUpperCase());
      await form.getByLabel("Your submission").fill(OWN_WORDS);
      await form.getByRole("button", { name: "Review the change" }).click();
      const review = page.getByTestId("proof-review");
      await review.getByText(`Your answer to the check question: ${EXPECTED.toUpperCase()}`).waitFor();
      await screenshot(page, "copied-proof-change-review-1440");
      await review.getByRole("button", { name: "Save the change" }).click();
      await expectMessage(page, "Submission changed");

      await gotoHydrated(buyer.page, "/dashboard/buyerhome");
      const copy = buyer.page
        .getByTestId("review-row")
        .filter({ has: buyer.page.getByText(kai.name, { exact: true }) });
      await expect.poll(() => copy.getByTestId("flag-copied-text").count()).toBe(0);
      expect(await copy.getByTestId("flag-copied-proof").innerText()).toContain(wren.name);
      await screenshot(buyer.page, "copied-proof-after-revisions-1440");
      expect([...buyer.errors, ...kai.errors]).toEqual([]);
    },
  );
});
