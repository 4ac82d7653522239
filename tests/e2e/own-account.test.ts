// Accounts in Chromium against the built app (issue 23): a password from before the password rule is asked to
// change at the next sign-in, and the banner leads to the change; a user downloads their data; closing an account
// says first what happens (coins lost, a buyer's reviews blocking it), then closes it with the password, with and
// without JavaScript. Screenshots at 390 and 1440 px, axe checks.
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import {
  browser,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  login,
  logout,
  newNoJsContext,
  passwordFromBeforeTheRule,
  person,
  registerThroughForm,
  screenshot,
  setUpBrowser,
  signedInContext,
  step,
  story,
  TEST_PASSWORD,
  unique,
  waitForHydration,
  type Person,
  signUpByPost,
} from "./browser";

const WEAK = "Aaaaa!";
const NEW_PASSWORD = "Lantern-Copper-Ridge-6";

let worker: Person;

setUpBrowser();

story("a worker keeps the account their own: a stronger password, their data, and closing it", () => {
  const weak = step(
    "a password from before the rule signs in, and the dashboard asks for a new one until it is changed",
    async () => {
      // 401 and 422 are the refusals the walk provokes on purpose (a wrong password)
      worker = await person(browser, { name: "Oona Owner", email: unique("owner"), allowStatus: [401, 422] });
      const { page } = worker;
      await signUpByPost(worker, { password: TEST_PASSWORD, role: "Worker" });
      await logout(page);
      await passwordFromBeforeTheRule(worker.email, WEAK);
      await login(page, worker.email, WEAK);
      expect(new URL(page.url()).pathname).toBe("/dashboard/workerhome");
      const banner = page.getByTestId("weak-password-banner");
      await expect.poll(() => banner.innerText()).toContain("Please choose a new password");
      await gotoHydrated(page, "/dashboard/workerhome");
      await expectAccessible(page, "worker home with the weak-password banner");
      await screenshot(page, "account-weak-password-1440");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "account-weak-password-390");
      await page.setViewportSize({ width: 1440, height: 900 });

      await Promise.all([
        page.waitForURL((u) => u.pathname === "/dashboard/settings"),
        banner.getByRole("link", { name: "Change my password" }).click(),
      ]);
      const password = page.getByRole("region", { name: "Password" });
      await expect.poll(() => password.innerText()).toContain("Your password is shorter than 12 characters");
      await password.getByLabel("Current password").fill(WEAK);
      await password.getByLabel("New password").fill(NEW_PASSWORD);
      await password.getByRole("button", { name: "Change password" }).click();
      await expectMessage(page, "Password changed!");
      await gotoHydrated(page, "/dashboard/workerhome");
      expect(await page.getByTestId("weak-password-banner").count()).toBe(0);
    },
  );

  const data = step("downloads their data as a JSON file", { needs: [weak] }, async () => {
    const { page } = worker;
    await gotoHydrated(page, "/dashboard/settings");
    const section = page.getByRole("region", { name: "Your data" });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "account-settings-data-1440", { viewport: true });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("link", { name: "Download your data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^coinwork-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
      profile: { email: string; name: string; coins: number };
      ledger: { kind: string; coins: number }[];
    };
    expect(file.profile).toMatchObject({ email: worker.email, name: worker.name, coins: 10 });
    expect(file.ledger.map((l) => l.kind)).toEqual(["signup_bonus"]);
  });

  step(
    "closing says what happens first; a wrong password is refused; the right one closes the account",
    { needs: [data] },
    async () => {
      const { page } = worker;
      await gotoHydrated(page, "/dashboard/settings");
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/dashboard/settings/close"),
        page.getByRole("link", { name: "Close your account…" }).click(),
      ]);
      await waitForHydration(page);
      const consequences = page.getByTestId("closing-consequences");
      await expect.poll(() => consequences.innerText()).toContain("Your balance of 10 coins is lost");
      await expectAccessible(page, "close your account");
      await screenshot(page, "account-close-1440");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "account-close-390");

      await page.getByLabel("Current password").fill("Not-My-Password-1");
      await page.getByRole("button", { name: "Close my account" }).click();
      await expectMessage(page, "That is not your current password.");
      expect(new URL(page.url()).pathname).toBe("/dashboard/settings/close");
      await screenshot(page, "account-close-refused-390");
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.getByLabel("Current password").fill(NEW_PASSWORD);
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/"),
        page.getByRole("button", { name: "Close my account" }).click(),
      ]);
      await expectMessage(page, "Account closed");
      // signed out, and the address no longer signs in
      await page.goto("/dashboard/workerhome");
      await page.waitForURL((u) => u.pathname === "/login");
      const form = page.locator("form").filter({ has: page.getByLabel("Password") });
      await form.getByLabel("Email").fill(worker.email);
      await form.getByLabel("Password").fill(NEW_PASSWORD);
      await form.getByRole("button", { name: "Login", exact: true }).click();
      await expectMessage(page, "Invalid email or password");
      const provoked = /status of (401|422)/;
      expect(worker.errors.filter((e) => !provoked.test(e))).toEqual([]);
      expect(worker.failed).toEqual([]);
      await worker.context.close();
    },
  );
});

story("closing without JavaScript", () => {
  step("a buyer with work to review is told to review it first (the demo buyer)", async () => {
    const context = await signedInContext(browser, "buyer", { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/dashboard/settings/close");
    await expect.poll(() => page.getByText("You can't close your account yet").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Close my account" }).count()).toBe(0);
    await screenshot(page, "account-close-blocked-nojs-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "account-close-blocked-nojs-390");
    await context.close();
  });

  step("a new buyer closes the account with the server's answers alone", async () => {
    const context = await newNoJsContext(browser);
    const page = await context.newPage();
    const email = unique("leaving-buyer");
    await registerThroughForm(page, { name: "Lee Leaving", email, password: TEST_PASSWORD, role: "Buyer" });
    await page.goto("/dashboard/settings/close");
    expect(await page.getByTestId("closing-consequences").innerText()).toContain("Your balance of 50 coins is lost");
    await page.getByLabel("Current password").fill("Not-My-Password-2");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Close my account" }).click()]);
    await expect.poll(() => page.getByText("That is not your current password.").count()).toBeGreaterThan(0);
    await page.getByLabel("Current password").fill(TEST_PASSWORD);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      page.getByRole("button", { name: "Close my account" }).click(),
    ]);
    await expectMessage(page, "Account closed");
    await context.close();
  });
});
