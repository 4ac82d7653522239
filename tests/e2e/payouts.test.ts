// Payouts an admin can account for, in Chromium at 390 and 1440 px: on a phone the queue comes before the charts and
// each row shows the worker's risk signals; the approval asks for the payout's reference; an admin sets the taka
// rate (with and without JavaScript) and the worker's Withdrawals page shows taka beside dollars, dated.
import { describe, expect } from "vitest";
import {
  browser,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  screenshot,
  setUpBrowser,
  signedInContext,
  sidewaysOverflow,
  step,
} from "./browser";

setUpBrowser();

describe("payouts", () => {
  const queueFirst = step("on a phone, Admin Home shows the queue with risk signals before the charts", async () => {
    const context = await signedInContext(browser, "admin", { viewport: "phone" });
    const page = await context.newPage();
    await gotoHydrated(page, "/dashboard/adminhome");
    const queue = await page.getByRole("heading", { name: "Withdraw Requestes" }).boundingBox();
    const charts = await page.locator("#charts-heading").boundingBox();
    expect(queue && charts && queue.y < charts.y).toBe(true);
    const signals = page.getByTestId("risk-signals").first();
    await expect.poll(() => signals.innerText()).toMatch(/Account (made today|\d+ (days?|months?) old)/);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, "payouts-admin-home-390");

    // the approval asks for the payout's reference (looked at, then left: other walks approve these rows)
    await page
      .getByRole("button", { name: /^Approve withdrawal of / })
      .first()
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Approve this withdrawal?" });
    await confirm.waitFor();
    await expect.poll(() => confirm.getByLabel("Payout reference").count()).toBe(1);
    await screenshot(page, "payouts-approve-reference-390", { viewport: true });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await context.close();
  });

  const rateSet = step("an admin sets the taka rate on a phone, and is told why a bad one is refused", async () => {
    const context = await signedInContext(browser, "admin", { viewport: "phone" });
    const page = await context.newPage();
    await gotoHydrated(page, "/dashboard/adminhome");
    await expectAccessible(page, "admin home with the taka rate");
    const card = page.getByTestId("taka-rate");
    await card.getByRole("button", { name: "Change the taka rate" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Set the taka rate" });
    await dialog.waitFor();
    await dialog.getByLabel("Taka per US dollar").fill("12.345");
    await dialog.getByRole("button", { name: "Save rate" }).click();
    await expect.poll(() => dialog.innerText()).toContain("Enter how many taka a US dollar buys, e.g. 121.50");
    await dialog.getByLabel("Taka per US dollar").fill("122.40");
    await screenshot(page, "payouts-taka-rate-390", { viewport: true });
    await dialog.getByRole("button", { name: "Save rate" }).click();
    await expectMessage(page, "Taka rate saved");
    await expect.poll(() => card.innerText()).toContain("$1 = ৳122.40");
    await context.close();
  });

  const workerSees = step(
    "the worker's Withdrawals page shows taka beside dollars with the rate's day, at 390 and 1440 px",
    { needs: [rateSet] },
    async () => {
      for (const viewport of ["phone", "desktop"] as const) {
        const context = await signedInContext(browser, "worker", { viewport });
        const page = await context.newPage();
        await gotoHydrated(page, "/dashboard/withdraw");
        const amount = await page.getByTestId("withdrawable-amount").innerText();
        const cents = Math.round(Number(amount.replace(/[$,]/g, "")) * 100);
        const taka = (Math.round((cents * 12240) / 100) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
        await expect.poll(() => page.getByTestId("taka-amount").first().innerText()).toBe(`≈ ৳${taka}`);
        await expect
          .poll(() => page.getByTestId("taka-rate-note").first().innerText())
          .toMatch(/^at ৳122\.40 per \$1, set /);
        // typing coins shows their taka too
        await page.getByLabel("Coins to withdraw").fill("200");
        await expect.poll(() => page.getByText("≈ ৳1,224.00").count()).toBeGreaterThan(0);
        expect(await sidewaysOverflow(page)).toBe(0);
        await screenshot(page, `payouts-withdraw-taka-${viewport === "phone" ? 390 : 1440}`);
        await context.close();
      }
    },
  );

  step("without JavaScript, the rate is set from a page of its own", { needs: [queueFirst, workerSees] }, async () => {
    const context = await signedInContext(browser, "admin", { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/dashboard/adminhome");
    await Promise.all([
      page.waitForURL(/confirm=taka_rate/),
      page.getByRole("link", { name: "Change the taka rate" }).click(),
    ]);
    const panel = page.getByRole("dialog", { name: "Set the taka rate" });
    await panel.getByLabel("Taka per US dollar").fill("121.50");
    await screenshot(page, "payouts-taka-rate-nojs-1440");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/dashboard/adminhome" && !u.search.includes("confirm")),
      panel.getByRole("button", { name: "Save rate" }).click(),
    ]);
    await expectMessage(page, "Taka rate saved");
    await expect.poll(() => page.getByTestId("taka-rate").innerText()).toContain("$1 = ৳121.50");
    await context.close();
  });
});
