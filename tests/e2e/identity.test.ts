// Identity in Chromium against the built app (issue 14): a new buyer is told to verify, resends the link, opens it
// from the development mailbox and can then post a task; forgets the password, resets it from the e-mailed link and
// signs in with the new one; changes name and password on the settings page with JavaScript and without it.
// Screenshots of the new screens at 390 and 1440 px, axe checks.
import type { Locator } from "playwright-core";
import { expect } from "vitest";
import {
  browser,
  coinsOnScreen,
  expectAccessible,
  expectMessage,
  fieldError,
  fillTaskForm,
  gotoHydrated,
  login,
  logout,
  newNoJsContext,
  openLinkFromMailbox,
  pressConfirmButton,
  person,
  signUp,
  screenshot,
  setUpBrowser,
  step,
  story,
  unique,
  uniqueToken,
  waitForHydration,
  type Person,
} from "./browser";

const FIRST_PASSWORD = "Plum-Lantern-Rivet-7";
const RESET_PASSWORD = "Reset-Harbour-Quill-2";
const JS_PASSWORD = "Settings-Meadow-Js-3";
const NO_JS_PASSWORD = "Settings-Orchard-NoJs-4";
const VERIFY_FIRST = "Verify your email address first.";

const WRONG_PASSWORD = "That is not your current password.";

let buyer: Person;

/** The message under a field of one form (the settings page has two "Current password" fields). */
async function errorUnder(form: Locator, label: string): Promise<string> {
  const id = await form.getByLabel(label, { exact: true }).getAttribute("id");
  const message = form.locator(`[id="${id}-error"]`);
  return (await message.count()) ? (await message.innerText()).trim() : "";
}

setUpBrowser();

story("a new buyer proves the address, recovers the password and keeps the account up to date", () => {
  const verified = step(
    "registers, is asked to verify (banner, refused task), resends, opens the link from /dev/mail, then posts a task",
    async () => {
      // 401, 403 and 422 are the refusals the walk provokes on purpose (a wrong password, a task before verifying)
      buyer = await person(browser, {
        name: "Ivy Identity",
        email: unique("identity-buyer"),
        allowStatus: [401, 403, 422],
      });
      const { page } = buyer;
      await signUp(buyer, { password: FIRST_PASSWORD, role: "Buyer", verify: false });
      const banner = page.getByTestId("verify-email-banner");
      await expect.poll(() => banner.innerText()).toContain(VERIFY_FIRST);
      expect(await banner.innerText()).toContain(buyer.email);
      // judged on a fresh load (the sign-up toast, fading out, is no part of it)
      await gotoHydrated(page, "/dashboard/buyerhome");
      await screenshot(page, "identity-verify-banner-1440");
      await expectAccessible(page, "buyer home with the verify banner");

      // a task is refused, and nothing is charged
      await gotoHydrated(page, "/dashboard/addtask");
      const title = `Rate three logo sketches ${uniqueToken("id")}`;
      const task = {
        title,
        detail: "Look at three sketches and say which one reads best at small sizes.",
        workers: 2,
        pay: 5,
        daysAhead: 5,
        category: "Survey & Feedback",
        info: "The number of the sketch you liked best",
      };
      await fillTaskForm(page, task);
      await page.getByRole("button", { name: "Add Task" }).click();
      await expectMessage(page, VERIFY_FIRST);
      expect(await coinsOnScreen(page)).toBe(50);

      // "Resend the link" comes back to the page it was pressed on
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "identity-verify-banner-390");
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("/dashboard/verify-email") && r.request().method() === "POST"),
        page.getByRole("button", { name: "Resend the link" }).click(),
      ]);
      await page.waitForURL((u) => u.pathname === "/dashboard/addtask");
      await expectMessage(page, "Email sent");

      // the mailbox shows both letters; the newest link confirms the address
      await page.goto(`/dev/mail?to=${encodeURIComponent(buyer.email)}`);
      await expect.poll(() => page.getByRole("link", { name: /^Confirm your email address/ }).count()).toBe(2);
      await screenshot(page, "identity-mailbox-390");
      await page.setViewportSize({ width: 1440, height: 900 });
      await expectAccessible(page, "mailbox");
      await screenshot(page, "identity-mailbox-1440");
      await openLinkFromMailbox(page, buyer.email, "Confirm your email address", "Confirm my email address");
      // the link opens a page whose button confirms (a mail scanner opening the link changes nothing)
      await waitForHydration(page);
      await expect.poll(() => page.getByTestId("link-purpose").innerText()).toContain(buyer.email);
      await expectAccessible(page, "the verification page");
      await screenshot(page, "identity-verify-page-1440");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "identity-verify-page-390");
      await page.setViewportSize({ width: 1440, height: 900 });
      await gotoHydrated(page, "/dashboard/buyerhome");
      await expect.poll(() => page.getByTestId("verify-email-banner").count()).toBe(1);
      await page.goBack();
      await pressConfirmButton(page, "Confirm my email address");
      await page.waitForURL((u) => u.pathname === "/dashboard/buyerhome");
      await expectMessage(page, "Email verified!");
      await expect.poll(() => page.getByTestId("verify-email-banner").count()).toBe(0);

      await gotoHydrated(page, "/dashboard/addtask");
      await fillTaskForm(page, task);
      await page.getByRole("button", { name: "Add Task" }).click();
      await page.waitForURL("**/dashboard/mytasks");
      await expect.poll(() => page.getByText(title).filter({ visible: true }).count()).toBeGreaterThan(0);
      expect(await coinsOnScreen(page)).toBe(40);
    },
  );

  const recovered = step(
    "forgot password: the same answer, a link in the mailbox, a new password, signed in with it",
    { needs: [verified] },
    async () => {
      const { page } = buyer;
      await logout(page);
      await gotoHydrated(page, "/login");
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/forgot-password"),
        page.getByRole("link", { name: "Forgot password?" }).click(),
      ]);
      // judged on a fresh load (the sign-out toast, fading out, is no part of it)
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoHydrated(page, "/forgot-password");
      await screenshot(page, "identity-forgot-390");
      await expectAccessible(page, "forgot password");
      await page.getByLabel("Email").fill(buyer.email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expectMessage(page, "Check your inbox");
      await expectMessage(page, `If an account uses ${buyer.email}`);

      await openLinkFromMailbox(page, buyer.email, "Reset your password", "Choose a new password");
      expect(new URL(page.url()).pathname).toBe("/reset-password");
      await waitForHydration(page);
      await screenshot(page, "identity-reset-390");
      await expectAccessible(page, "reset password");
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, "identity-reset-1440");
      // the form says the rules before saving
      await page.getByLabel("New password").fill("Aaaaa!");
      await page.getByRole("button", { name: "Save my new password" }).click();
      await expect.poll(() => fieldError(page, "New password")).toContain("At least 12 characters");
      // long enough, but common: the server says so under the field
      await page.getByLabel("New password").fill("password1234");
      await page.getByRole("button", { name: "Save my new password" }).click();
      await expect.poll(() => fieldError(page, "New password")).toContain("too common or too easy to guess");
      await page.getByLabel("New password").fill(RESET_PASSWORD);
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/login"),
        page.getByRole("button", { name: "Save my new password" }).click(),
      ]);
      await expectMessage(page, "Password changed!");

      // the old password no longer works; the new one does
      await waitForHydration(page);
      await page.getByLabel("Email").fill(buyer.email);
      await page.getByLabel("Password").fill(FIRST_PASSWORD);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expectMessage(page, "Login Failed!");
      expect(new URL(page.url()).pathname).toBe("/login");
      await login(page, buyer.email, RESET_PASSWORD);
      expect(new URL(page.url()).pathname).toBe("/dashboard/buyerhome");
    },
  );

  const withJs = step(
    "settings with JavaScript: the name and the password change; a wrong current password is refused",
    { needs: [recovered] },
    async () => {
      const { page } = buyer;
      await gotoHydrated(page, "/dashboard/settings");
      await expectAccessible(page, "settings");
      await screenshot(page, "identity-settings-1440");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "identity-settings-390");
      await page.setViewportSize({ width: 1440, height: 900 });

      const profile = page.getByRole("region", { name: "Profile" });
      await profile.getByLabel("Name").fill("Ivy Renamed");
      await profile.getByRole("button", { name: "Save profile" }).click();
      await expectMessage(page, "Profile saved");
      // the top bar shows the new name (the page's data reloaded after the save)
      await expect.poll(() => page.getByText("Ivy Renamed").filter({ visible: true }).count()).toBeGreaterThan(0);

      const password = page.getByRole("region", { name: "Password" });
      await password.getByLabel("Current password").fill("Not!mine1");
      await password.getByLabel("New password").fill(JS_PASSWORD);
      await password.getByRole("button", { name: "Change password" }).click();
      await expect.poll(() => errorUnder(password, "Current password")).toBe(WRONG_PASSWORD);
      await password.getByLabel("Current password").fill(RESET_PASSWORD);
      await password.getByLabel("New password").fill(JS_PASSWORD);
      await password.getByRole("button", { name: "Change password" }).click();
      await expectMessage(page, "Password changed!");
      // still signed in here, with the new session cookie
      await gotoHydrated(page, "/dashboard/settings");
      expect(new URL(page.url()).pathname).toBe("/dashboard/settings");
    },
  );

  step("settings without JavaScript: the same forms, answered by the server", { needs: [withJs] }, async () => {
    const context = await newNoJsContext(browser);
    const page = await context.newPage();
    await login(page, buyer.email, JS_PASSWORD);
    await page.goto("/dashboard/settings");
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByLabel("Name").fill("Ivy Plain");
    await Promise.all([page.waitForNavigation(), profile.getByRole("button", { name: "Save profile" }).click()]);
    await expectMessage(page, "Profile saved");
    expect(await profile.getByLabel("Name").inputValue()).toBe("Ivy Plain");

    const password = page.getByRole("region", { name: "Password" });
    await password.getByLabel("Current password").fill("Not!mine1");
    await password.getByLabel("New password").fill(NO_JS_PASSWORD);
    await Promise.all([page.waitForNavigation(), password.getByRole("button", { name: "Change password" }).click()]);
    expect(await errorUnder(page.getByRole("region", { name: "Password" }), "Current password")).toBe(WRONG_PASSWORD);
    await page.getByRole("region", { name: "Password" }).getByLabel("Current password").fill(JS_PASSWORD);
    await page.getByRole("region", { name: "Password" }).getByLabel("New password").fill(NO_JS_PASSWORD);
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole("region", { name: "Password" }).getByRole("button", { name: "Change password" }).click(),
    ]);
    await expectMessage(page, "Password changed!");
    expect(new URL(page.url()).pathname).toBe("/dashboard/settings");

    // the JavaScript session of before was another device: signed out by the change
    await buyer.page.goto("/dashboard/buyerhome");
    await buyer.page.waitForURL((u) => u.pathname === "/login");
    await login(buyer.page, buyer.email, NO_JS_PASSWORD);
    expect(new URL(buyer.page.url()).pathname).toBe("/dashboard/buyerhome");
    // Chromium logs every HTTP error as a console error, the refusals the walk asks for included
    const provoked = /status of (401|403|422)/;
    expect(buyer.errors.filter((e) => !provoked.test(e))).toEqual([]);
    expect(buyer.failed).toEqual([]);
    await context.close();
    await buyer.context.close();
  });
});
