// Issue 45 as people meet it: two starts run out and a third worker on a phone (390 px) finds the task in the Task
// List with its slots open and starts it, with no Cron Trigger run and no visit by the holders (item 1); and
// "Logout Successful!" shows every time someone logs out from the landing page's navbar (item 3).
import { expect } from "vitest";
import {
  browser,
  closeToast,
  db,
  expectMessage,
  gotoHydrated,
  isoDay,
  login,
  logout,
  person,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  signedInContext,
  sqlText,
  startsRunOut,
  startTask,
  step,
  story,
  uniqueToken,
  type Person,
  signUpByPost,
} from "./browser";

setUpBrowser();

const token = uniqueToken("lapse");
const PASSWORD = "Lapse-Harbour-Lantern-45";
const email = (who: string) => `${who}-${token}@e2e.test`;

story("two starts run out: the slots are open to a third worker on a phone at once", () => {
  const TITLE = `Sort the ${token} receipts`;
  const holders: Person[] = [];
  let taskId = "";

  const held = step("a buyer posts a task of two slots; two workers start it", async () => {
    const buyer = await signedInContext(browser, "buyer");
    const posted = await buyer.request.post("/tasks", {
      data: {
        task_title: TITLE,
        task_detail: "Sort the scanned receipts by month.",
        required_workers: 2,
        payable_amount: 4,
        estimate_minutes: 1,
        completion_date: isoDay(5),
        submission_info: "The month of each receipt.",
        category: "Data Entry",
        time_allowance_minutes: 5,
      },
    });
    expect(posted.status()).toBe(201);
    taskId = ((await posted.json()) as { _id: string })._id;
    await buyer.close();
    for (const who of ["ada", "bo"]) {
      const w = await person(browser, { name: `${who} ${token}`, email: email(who) });
      await signUpByPost(w, { password: PASSWORD, role: "Worker" });
      const started = await w.page.request.post("/task-starts", { data: { task_id: taskId } });
      expect(started.status()).toBe(201);
      holders.push(w);
    }
    expect(db<{ n: number }>(`SELECT required_workers AS n FROM tasks WHERE id = ${sqlText(taskId)}`)[0]!.n).toBe(0);
  });

  step(
    "their time runs out; a third worker (390 px) finds the task open and starts it",
    { needs: [held] },
    async () => {
      startsRunOut(taskId);
      const context = await signedInContext(browser, "worker", { viewport: "phone" });
      const page = await context.newPage();
      await gotoHydrated(page, `/dashboard/tasklist?q=${token}`);
      const card = page.locator("article").filter({ hasText: TITLE });
      await card.waitFor();
      // the card reads the two run-out slots as open
      expect(await card.textContent()).toMatch(/Workers needed\s*2/);
      await screenshot(page, "lapsed-starts-task-list-390");
      await Promise.all([
        page.waitForURL(`**/dashboard/tasklist/${taskId}`),
        card.getByRole("link", { name: "View Details" }).click(),
      ]);
      await page.getByText("2 slots open").waitFor();
      expect(await page.getByText("No slots left on this task.").count()).toBe(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, "lapsed-starts-task-page-390");
      await startTask(page);
      // the start returned the two run-out holds first: one slot is still open, the holders were told
      expect(db<{ n: number }>(`SELECT COUNT(*) AS n FROM task_holds WHERE task_id = ${sqlText(taskId)}`)[0]!.n).toBe(
        1,
      );
      expect(db<{ n: number }>(`SELECT required_workers AS n FROM tasks WHERE id = ${sqlText(taskId)}`)[0]!.n).toBe(1);
      for (const h of holders) {
        await gotoHydrated(h.page, `/dashboard/tasklist/${taskId}`);
        await h.page.getByText("1 slot open").waitFor();
      }
      await screenshot(page, "lapsed-starts-started-390");
      await context.close();
    },
  );
});

story("a flash shows every time: 'Logout Successful!' after each of ten logouts from the landing page", () => {
  step("a worker logs in and out from the landing page's navbar ten times, and reads the toast each time", async () => {
    const w = await person(browser, { name: `Lou ${token}`, email: email("lou") });
    await signUpByPost(w, { password: PASSWORD, role: "Worker" });
    for (let i = 1; i <= 10; i++) {
      await gotoHydrated(w.page, "/");
      await logout(w.page);
      await expectMessage(w.page, "Logout Successful!");
      expect(await w.page.getByText("Logout Successful!").filter({ visible: true }).count(), `logout ${i}`).toBe(1);
      await closeToast(w.page, "Logout Successful!");
      await login(w.page, w.email, PASSWORD);
    }
    expect(w.errors).toEqual([]);
  });
});
