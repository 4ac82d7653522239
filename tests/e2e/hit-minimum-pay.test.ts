// Issue 42, item 1, in Chromium at 390 and 1440 px: a HIT posted through the real AWS SDK (@aws-sdk/client-mturk,
// signed with a key made on the API keys page) at $0.05 (1 coin) has no time estimate, so its workers see "Being
// measured" on its card and page. Five new workers do it in its frame; their first five timed submissions take under
// a minute each (a median of 1 minute: 1 coin pays $3.00 an hour), so the fifth one's batch pauses the task and tops
// the five up to the minimum (2 coins) by a bonus each from the buyer's balance (docs/decisions/094). A sixth worker
// finds it paused, "estimate: measured, median 1 minute". The buyer reads why in the bell, on My Tasks and on Bonuses
// (1440), raises the reward from My Tasks' "Raise the pay" on a phone (390), and the sixth worker then does the task
// at the new pay, with no top-up. The balances are read in the top bars, and the coins in the ledger.
import { expect } from "vitest";
import {
  CreateHITCommand,
  GetHITCommand,
  ListAssignmentsForHITCommand,
  ListBonusPaymentsCommand,
  type MTurkClient,
} from "@aws-sdk/client-mturk";
import type { Page } from "playwright-core";
import {
  browser,
  coinsOnScreen,
  db,
  demoRequester,
  expectCoins,
  gotoHydrated,
  openBell,
  person,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  signUp,
  signUpByPost,
  sqlText,
  startTask,
  step,
  story,
  TEST_PASSWORD,
  unique,
  uniqueToken,
  VIEWPORTS,
  waitForHydration,
} from "./browser";
import type { Person } from "./browser";

setUpBrowser();

const token = uniqueToken("hitpay");
const TITLE = `Name the fruit ${token}`;
/** $0.05 a worker: 1 coin, under the minimum of $6.00 an hour at any time of 1 minute or more */
const REWARD = "0.05";
/** the least pay at a judged time of 1 minute: 2 coins ($0.10) */
const LEAST_PAY = 2;
const SLOTS = 6;
const WORKER_START = 10;
const PAUSED =
  "This task is paused: it pays under the minimum hourly pay at the time workers took, and its buyer has been asked to raise the pay. It takes no new starts until then.";
const TOP_UP_REASON = `Your pay for "${TITLE}" was topped up to Coinwork's minimum of $6.00/hour at the median time workers took on it.`;

const QUESTION = `<HTMLQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2011-11-11/HTMLQuestion.xsd">
  <HTMLContent><![CDATA[<!DOCTYPE html><html><body>
    <form name="mturk_form" method="post" id="mturk_form" action="https://www.mturk.com/mturk/externalSubmit">
      <input type="hidden" value="" name="assignmentId" id="assignmentId"/>
      <label>What fruit is yellow and curved? <input name="fruit"/></label>
      <input type="submit" value="Submit"/>
    </form></body></html>]]></HTMLContent>
  <FrameHeight>240</FrameHeight>
</HTMLQuestion>`;

const payRate = (page: Page) => page.getByTestId("pay-rate").first().innerText();

/** The worker starts the HIT on its page and sends its frame's form; the page shows the work as sent. */
async function doTheHit(page: Page, hitId: string) {
  await gotoHydrated(page, `/dashboard/tasklist/${hitId}`);
  await startTask(page);
  const frame = page.frameLocator('[data-testid="hit-question"]');
  await frame.getByLabel("What fruit is yellow and curved?").fill("a banana");
  await frame.getByRole("button", { name: "Submit" }).click();
  await page.getByTestId("hit-work-sent").waitFor();
}

story("a HIT under the minimum hourly pay, judged by its first five", () => {
  let mturk: MTurkClient;
  let hitId: string;
  let buyerCoins: number;
  const workers: Person[] = [];

  const posted = step("the demo buyer's key posts a HIT at $0.05 with the AWS SDK; six slots are held", async () => {
    mturk = await demoRequester(browser);
    const context = await signedInContext(browser, "buyer", { viewport: "desktop" });
    const page = await context.newPage();
    await gotoHydrated(page, "/dashboard/buyerhome");
    buyerCoins = await coinsOnScreen(page);
    const { HIT } = await mturk.send(
      new CreateHITCommand({
        Title: TITLE,
        Description: "Read the question and name the fruit.",
        Reward: REWARD,
        MaxAssignments: SLOTS,
        LifetimeInSeconds: 86_400,
        AssignmentDurationInSeconds: 600,
        Question: QUESTION,
      }),
    );
    hitId = HIT!.HITId!;
    expect(db(`SELECT estimate_minutes AS e, payable_amount AS pay FROM tasks WHERE id = ${sqlText(hitId)}`)).toEqual([
      { e: null, pay: 1 },
    ]);
    await page.reload();
    await waitForHydration(page);
    buyerCoins -= SLOTS;
    await expect.poll(() => coinsOnScreen(page)).toBe(buyerCoins);
    await context.close();
  });

  const registered = step(
    "six new workers sign up, at 390 and 1440 px by turns (the first two through the form)",
    async () => {
      for (let i = 0; i < SLOTS; i++) {
        const viewport = i % 2 ? "desktop" : "phone";
        const w = await person(browser, {
          name: `Fruit Worker ${i + 1} ${token}`,
          email: unique(`hitpay${i}`),
          viewport,
        });
        await (i < 2 ? signUp : signUpByPost)(w, { password: TEST_PASSWORD, role: "Worker" });
        workers.push(w);
      }
    },
  );

  const judged = step(
    "390 and 1440: its card and page say 'Being measured'; five workers do it in its frame, and the fifth pauses it",
    { needs: [posted, registered] },
    async () => {
      for (const [i, w] of workers.slice(0, 5).entries()) {
        const { page } = w;
        if (i < 2) {
          // the card in the list, as each width shows it
          await gotoHydrated(page, `/dashboard/tasklist?q=${token}`);
          const card = page.getByTestId("task-card").filter({ hasText: TITLE });
          await expect.poll(() => card.getByTestId("pay-rate").innerText()).toContain("Being measured");
          expect(await card.innerText()).not.toContain("No time estimate");
          expect(await sidewaysOverflow(page)).toBe(0);
          await screenshot(page, `hit-minimum-card-being-measured-${i ? 1440 : 390}`);
        }
        await gotoHydrated(page, `/dashboard/tasklist/${hitId}`);
        expect(await payRate(page)).toContain("Being measured");
        if (i < 2) await screenshot(page, `hit-minimum-page-being-measured-${i ? 1440 : 390}`);
        await doTheHit(page, hitId);
      }
      // the fifth timed submission judged it: a median of 1 minute, and 1 coin is under the minimum there
      expect(
        db<{ judged: number; paused: number }>(
          `SELECT judged_minutes AS judged, paused_at IS NOT NULL AS paused FROM tasks WHERE id = ${sqlText(hitId)}`,
        ),
      ).toEqual([{ judged: 1, paused: 1 }]);
      const { HIT } = await mturk.send(new GetHITCommand({ HITId: hitId }));
      expect(HIT!.HITStatus).not.toBe("Assignable");
    },
  );

  const toppedUp = step(
    "each of the five was topped up to the minimum by a bonus from the buyer: balances, the submission page and the ledger",
    { needs: [judged] },
    async () => {
      for (const w of workers.slice(0, 5)) await expectCoins(w, WORKER_START + 1, "the top-up", { reload: true });
      // the first worker's submission (390) says why
      const [first] = workers;
      const [sub] = db<{ id: string }>(
        `SELECT s.id FROM submissions s JOIN users u ON u.id = s.worker_id
          WHERE s.task_id = ${sqlText(hitId)} AND u.email = ${sqlText(first!.email)}`,
      );
      await gotoHydrated(first!.page, `/dashboard/mysubmissions/${sub!.id}`);
      const bonus = first!.page.getByTestId("bonus");
      expect(await bonus.innerText()).toContain("Bonus: 1 coin");
      expect(await bonus.innerText()).toContain(TOP_UP_REASON);
      await screenshot(first!.page, "hit-minimum-worker-topped-up-390");

      // the ledger: five bonuses of 1 coin, each −1 to the buyer and +1 to its worker, in the task's name
      const rows = db<{ role: string; delta: number; n: number }>(
        `SELECT u.role, l.delta, COUNT(*) AS n FROM coin_ledger l JOIN users u ON u.id = l.user_id
          WHERE l.task_id = ${sqlText(hitId)} AND l.kind = 'bonus' GROUP BY u.role, l.delta ORDER BY u.role`,
      );
      expect(rows).toEqual([
        { role: "Buyer", delta: -1, n: 5 },
        { role: "Worker", delta: 1, n: 5 },
      ]);
      // and the requester's script sees them as MTurk's bonuses: $0.05 on each of the five assignments
      const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: hitId }));
      expect(Assignments).toHaveLength(5);
      const { BonusPayments } = await mturk.send(
        new ListBonusPaymentsCommand({ AssignmentId: Assignments![0]!.AssignmentId! }),
      );
      expect(BonusPayments!.map((b) => [b.BonusAmount, b.Reason])).toEqual([["0.05", TOP_UP_REASON]]);
    },
  );

  const pausedSeen = step(
    "390 and 1440: the sixth worker finds it paused, 'estimate: measured, median 1 minute', with no Start",
    { needs: [judged] },
    async () => {
      const { page } = workers[5]!;
      for (const viewport of ["phone", "desktop"] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await gotoHydrated(page, `/dashboard/tasklist/${hitId}`);
        const rate = await payRate(page);
        expect(rate).toContain("$3.00/hour");
        expect(rate).toContain("estimate: measured, median 1 minute");
        expect(rate).toContain("Pays below the minimum");
        const blocker = page.getByTestId("submission-blocker");
        expect(await blocker.innerText()).toContain(PAUSED);
        expect(await page.getByRole("button", { name: "Start task" }).count()).toBe(0);
        expect(await sidewaysOverflow(page)).toBe(0);
        await screenshot(page, `hit-minimum-paused-worker-${viewport === "phone" ? 390 : 1440}`);
      }
      // nor is it on the list
      await gotoHydrated(page, `/dashboard/tasklist?q=${token}`);
      await expect.poll(() => page.getByTestId("task-card").count()).toBe(0);
    },
  );

  const seenByBuyer = step(
    "1440: the buyer reads why in the bell, on My Tasks (with the least pay) and on Bonuses; the top-ups came from their balance",
    { needs: [toppedUp] },
    async () => {
      const context = await signedInContext(browser, "buyer", { viewport: "desktop" });
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/buyerhome");
      buyerCoins -= 5;
      await expect.poll(() => coinsOnScreen(page)).toBe(buyerCoins);
      const panel = await openBell(page);
      await expect
        .poll(() => panel.innerText())
        .toContain(
          `Your task "${TITLE}" is paused: at the median time its first 5 workers took, it pays under the minimum of $6.00/hour`,
        );
      await page.keyboard.press("Escape");

      await gotoHydrated(page, "/dashboard/mytasks");
      const row = page.getByTestId("task-row").filter({ hasText: TITLE });
      const paused = row.getByTestId("task-paused");
      expect(await paused.innerText()).toContain(
        `Workers took a median of 1 minute, so its pay is under the minimum of $6.00/hour. It takes no new starts until it pays at least ${LEAST_PAY} coins per worker.`,
      );
      // five of the six slots were taken: one is open
      expect(await row.innerText()).toMatch(/\b1 needed × 1 coin\b/);
      await paused.scrollIntoViewIfNeeded();
      await screenshot(page, "hit-minimum-buyer-mytasks-1440", { viewport: true });

      await gotoHydrated(page, "/dashboard/bonuses");
      const paid = page.getByTestId("bonus-row").filter({ hasText: TITLE }).getByTestId("bonuses-paid");
      await expect.poll(() => paid.count()).toBe(5);
      for (const text of await paid.allInnerTexts()) expect(text).toBe(`1 coin: ${TOP_UP_REASON}`);
      await screenshot(page, "hit-minimum-buyer-bonuses-1440");
      await context.close();
    },
  );

  const raised = step(
    "390: from My Tasks' 'Raise the pay', Update Task says why; 2 coins a worker reopens it, the open slot charged",
    { needs: [seenByBuyer, pausedSeen] },
    async () => {
      const context = await signedInContext(browser, "buyer", { viewport: "phone" });
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/mytasks");
      await page.getByRole("link", { name: `Raise the pay of ${TITLE}` }).click();
      await page.waitForURL((u) => u.pathname === `/dashboard/updatetask/${hitId}`);
      await waitForHydration(page);
      const alert = page.getByTestId("paused-alert");
      expect(await alert.innerText()).toContain(
        `Its first 5 workers took a median of 1 minute on this task, so it pays $3.00/hour, under the minimum of $6.00/hour, and takes no new starts. Pay at least ${LEAST_PAY} coins per worker to reopen it`,
      );
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, "hit-minimum-buyer-raise-390");
      // one slot is still open: 1 coin more is held for it
      await page.getByLabel("Payable amount").fill(String(LEAST_PAY));
      await expect.poll(() => page.getByTestId("cost-difference").innerText()).toMatch(/^\+1\s+coin$/);
      await page.getByRole("button", { name: "Update Task" }).click();
      await page.getByRole("dialog", { name: "Task Updated!" }).waitFor();
      await page.waitForURL("**/dashboard/mytasks");
      await waitForHydration(page);
      buyerCoins -= 1;
      await expect.poll(() => coinsOnScreen(page)).toBe(buyerCoins);
      const row = page.getByTestId("task-row").filter({ hasText: TITLE });
      expect(await row.getByTestId("task-paused").count()).toBe(0);
      expect(await row.innerText()).toMatch(/\b1 needed × 2 coins/);
      await screenshot(page, "hit-minimum-buyer-reopened-390");
      // reopened, and still measured: the empty estimate gave it none
      expect(db(`SELECT paused_at, estimate_minutes FROM tasks WHERE id = ${sqlText(hitId)}`)).toEqual([
        { paused_at: null, estimate_minutes: null },
      ]);
      const { HIT } = await mturk.send(new GetHITCommand({ HITId: hitId }));
      expect(HIT).toMatchObject({ HITStatus: "Assignable", Reward: "0.10" });
      await context.close();
    },
  );

  step(
    "1440: the task runs again; the sixth worker does it at 2 coins, $6.00/hour, and nothing more is topped up",
    { needs: [raised] },
    async () => {
      const { page } = workers[5]!;
      await gotoHydrated(page, `/dashboard/tasklist?q=${token}`);
      const card = page.getByTestId("task-card").filter({ hasText: TITLE });
      await expect.poll(() => card.getByTestId("pay-rate").innerText()).toContain("$6.00/hour");
      expect(await card.getByTestId("pay-rate").innerText()).not.toContain("Pays below the minimum");
      await screenshot(page, "hit-minimum-reopened-card-1440");
      await doTheHit(page, hitId);
      expect(
        db<{ pay: number; topUps: number }>(
          `SELECT s.payable_amount AS pay, (SELECT COUNT(*) FROM bonuses b JOIN submissions t ON t.id = b.submission_id
             WHERE t.task_id = s.task_id AND b.top_up = 1) AS topUps
           FROM submissions s JOIN users u ON u.id = s.worker_id
           WHERE s.task_id = ${sqlText(hitId)} AND u.email = ${sqlText(workers[5]!.email)}`,
        ),
      ).toEqual([{ pay: LEAST_PAY, topUps: 5 }]);
      await expectCoins(workers[5]!, WORKER_START, "sending at the new pay (paid on approval)", { reload: true });
      for (const w of workers) expect(w.errors.filter((e) => !/SecurityError|cross-origin/i.test(e))).toEqual([]);
    },
  );
});
