// Issue 27 in Chromium: a worker starts a seeded task (a slot is held, the time left shows) and gives it back, at
// 390 px with JavaScript (a dialog) and at 1440 px without it (the confirmation view); the hold is gone each time.
import { expect } from "vitest";
import {
  browser,
  db,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  isoDay,
  person,
  screenshot,
  setUpBrowser,
  sqlText,
  startTask,
  step,
  story,
  TEST_PASSWORD,
  uniqueToken,
  type Person,
  signUpByPost,
} from "./browser";

setUpBrowser();

const token = uniqueToken("tr");
const email = (who: string) => `${who}-${token}@example.com`;
/** An open task of the seed's buyers (the least paid: the feedback walk takes the best paid). */
const openTask = () =>
  db<{ id: string }>(
    `SELECT id FROM tasks WHERE deleted_at IS NULL AND required_workers > 1 AND completion_date >= '${isoDay(0)}' AND buyer_id IN (SELECT id FROM users WHERE email LIKE '%@example.com') ORDER BY payable_amount, id LIMIT 1`,
  )[0]!.id;
/** Whether the worker holds a slot of the task (other tests may take its open slots meanwhile). */
const holding = (taskId: string, workerEmail: string) =>
  db<{ n: number }>(
    `SELECT COUNT(*) AS n FROM task_holds WHERE task_id = ${sqlText(taskId)} AND worker_id = (SELECT id FROM users WHERE email = ${sqlText(workerEmail)})`,
  )[0]!.n;

story("start before work: a held slot, its time left, and giving it back", () => {
  for (const [viewport, js] of [
    ["phone", true],
    ["desktop", false],
  ] as const) {
    const width = viewport === "phone" ? "390" : "nojs-1440";
    step(`${width}: Start task holds a slot and shows the time left; Give the task back returns it`, async () => {
      const w: Person = await person(browser, {
        name: `Tom ${width} ${token}`,
        email: email(`start-${width}`),
        viewport,
        js,
      });
      await signUpByPost(w, { password: TEST_PASSWORD, role: "Worker" });
      const task = openTask();
      if (js) await gotoHydrated(w.page, `/dashboard/tasklist/${task}`);
      else await w.page.goto(`/dashboard/tasklist/${task}`);
      expect(await w.page.getByTestId("start-panel").innerText()).toContain("a slot is kept for you for");
      await startTask(w.page);
      if (!js) await expectMessage(w.page, "Task started"); // with JavaScript startTask read and closed its toast
      expect(await w.page.getByTestId("time-left").innerText()).toMatch(/left$/);
      expect(holding(task, w.email)).toBe(1);
      await screenshot(w.page, `trust-held-slot-${width}`);
      if (js) await expectAccessible(w.page, "held slot", { exclude: ["[data-sonner-toaster]"] });
      await w.page.getByRole(js ? "button" : "link", { name: "Give the task back" }).click();
      const ask = w.page.getByRole("alertdialog", { name: "Give this task back?" });
      await ask.waitFor();
      expect(await ask.innerText()).toContain("Nothing is marked against you.");
      await ask.getByRole("button", { name: "Yes, give it back" }).click();
      await expectMessage(w.page, "Task given back");
      await w.page.getByTestId("start-panel").waitFor();
      expect(holding(task, w.email)).toBe(0);
      await w.context.close();
    });
  }
});
