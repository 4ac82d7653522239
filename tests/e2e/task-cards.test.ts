// Task cards a phone can scroll (docs/product/screens.md, Available Tasks): at 390 px a card is at most 320 px tall
// and shows pay, pay per hour, its buyer's record in one line and whether the worker qualifies; "Hide tasks I can't
// do", on by default, keeps the tasks they cannot do out of the list, with JavaScript (the box applies at once) and
// without it (the box and the Search button). The Task List stays within 60 KB of HTML.
import { expect } from "vitest";
import {
  browser,
  db,
  expectMessage,
  fillTaskForm,
  gotoHydrated,
  newNoJsContext,
  screenshot,
  setUpBrowser,
  signedInContext,
  sqlText,
  step,
  story,
  uniqueToken,
} from "./browser";

setUpBrowser();

const token = uniqueToken("cards");
const OPEN = `Tag five shop photos ${token}`;
const CLOSED = `Proofread a shop page ${token}`;

story("task cards a phone can scroll", () => {
  const posted = step("the demo buyer posts a task anyone can do and one for 99% approval", async () => {
    const context = await signedInContext(browser, "buyer", { viewport: "desktop" });
    const page = await context.newPage();
    for (const [title, rate] of [
      [OPEN, ""],
      [CLOSED, "99"],
    ] as const) {
      await gotoHydrated(page, "/dashboard/addtask");
      await fillTaskForm(page, {
        title,
        detail: "Follow the brief and send a link to your result.",
        workers: 2,
        pay: 10,
        daysAhead: 9,
        category: "Image Handling",
        info: "A link to your result",
      });
      await page.getByLabel("Time Estimate (minutes)").fill("4");
      if (rate) await page.getByLabel("Least approval rate (%)").fill(rate);
      await page.getByRole("button", { name: "Add Task" }).click();
      await expectMessage(page, "Task Posted!");
    }
    expect(db(`SELECT min_approval_rate AS rate FROM tasks WHERE task_title = ${sqlText(CLOSED)}`)).toEqual([
      { rate: 99 },
    ]);
    await context.close();
  });

  const phone = step(
    "at 390 px every card is at most 320 px tall, the one the worker cannot do is hidden, and the page is under 60 KB",
    { needs: [posted] },
    async () => {
      const context = await signedInContext(browser, "worker", { viewport: "phone" });
      const page = await context.newPage();
      await gotoHydrated(page, "/dashboard/tasklist");
      const cards = page.getByTestId("task-card");
      await expect.poll(() => cards.count()).toBeGreaterThan(3);
      await expect.poll(() => page.getByLabel("Hide tasks I can't do").isChecked()).toBe(true);
      const heights = await cards.evaluateAll((all) => all.map((c) => c.getBoundingClientRect().height));
      console.log(
        `task card heights at 390 px: ${heights.map((h) => Math.round(h)).join(", ")} (tallest ${Math.round(Math.max(...heights))})`,
      );
      expect(Math.max(...heights)).toBeLessThanOrEqual(320);
      await screenshot(page, "task-cards-390");
      // a phone's screen of cards, as the worker scrolls them
      await cards.nth(1).scrollIntoViewIfNeeded();
      await screenshot(page, "task-cards-390-screen", { viewport: true });

      await page.getByLabel("Search").fill(token);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("q") === token);
      await expect.poll(() => cards.count()).toBe(1);
      const card = cards.filter({ hasText: OPEN });
      expect(await card.getByTestId("pay-rate").innerText()).toBe("$7.50/hour"); // 10 coins for 4 minutes
      expect(await card.getByTestId("buyer-record").innerText()).toMatch(/% approved|No reviews yet/);
      expect(await card.getByTestId("eligibility").count()).toBe(0); // it requires nothing

      // the page as the server sends it, by the worker's own cookies
      const html = await (await context.request.get("/dashboard/tasklist")).body();
      console.log(`Task List: ${(html.byteLength / 1024).toFixed(1)} KB of HTML`);
      expect(html.byteLength).toBeLessThanOrEqual(60 * 1024);
      await context.close();
    },
  );

  step("with JavaScript the box applies at once: the task shows with what is missing", { needs: [phone] }, async () => {
    const context = await signedInContext(browser, "worker", { viewport: "phone" });
    const page = await context.newPage();
    await gotoHydrated(page, `/dashboard/tasklist?q=${token}`);
    await page.getByLabel("Hide tasks I can't do").uncheck();
    await page.waitForURL((u) => u.searchParams.get("hide") === "0");
    const closed = page.getByTestId("task-card").filter({ hasText: CLOSED });
    await expect
      .poll(() => closed.getByTestId("eligibility").innerText())
      .toMatch(/Needs 99% approval \(yours [\d.]+%\)/);
    const box = await closed.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(320);
    await closed.scrollIntoViewIfNeeded();
    await screenshot(page, "task-cards-missing-390", { viewport: true });
    await page.getByLabel("Hide tasks I can't do").check();
    await page.waitForURL((u) => !u.searchParams.has("hide"));
    await expect.poll(() => page.getByTestId("task-card").count()).toBe(1);
    await context.close();
  });

  step("without JavaScript at 1440 px the box and the Search button do the same", { needs: [phone] }, async () => {
    const signedIn = await signedInContext(browser, "worker", { viewport: "desktop" });
    const context = await newNoJsContext(browser, { viewport: "desktop", storageState: await signedIn.storageState() });
    await signedIn.close();
    const page = await context.newPage();
    await page.goto(`/dashboard/tasklist?q=${token}`);
    expect(await page.getByTestId("task-card").count()).toBe(1);
    await page.getByLabel("Hide tasks I can't do").uncheck();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.getAll("hide").join() === "0");
    expect(await page.getByTestId("task-card").count()).toBe(2);
    expect(
      await page.getByTestId("task-card").filter({ hasText: CLOSED }).getByTestId("eligibility").innerText(),
    ).toContain("Needs 99% approval");
    await screenshot(page, "task-cards-no-js-1440");
    // ticked again, the form sends the hidden "0" and the box's "1": the last counts
    await page.getByLabel("Hide tasks I can't do").check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.getAll("hide").join() === "0,1");
    expect(await page.getByTestId("task-card").count()).toBe(1);
    await context.close();
  });
});
