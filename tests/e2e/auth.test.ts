// Sign-up, sign-in, sign-out and route guards in Chromium against the built app (issue 2, item 7).
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  DEMO,
  DEMO_PASSWORD,
  ROOT,
  browser,
  collectConsoleErrors,
  collectFailedRequests,
  expectMessage,
  fieldError,
  gotoHydrated,
  login,
  logout,
  newContext,
  newNoJsContext,
  screenshot,
  signedInContext,
  unique,
  setUpBrowser,
  TEST_PASSWORD,
} from "./browser";

const PHOTO = path.join(ROOT, "public", "avatars", "seed-05.webp");

setUpBrowser();

describe("register", () => {
  it("creates a worker with an uploaded photo, signs in and lands on the worker home", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    const failed = collectFailedRequests(page);
    const email = unique("new-worker");

    await gotoHydrated(page, "/register");
    await page.getByLabel("Name").fill("Ada Tester");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByLabel("Role").selectOption("Worker");
    await page.locator('input[type="file"][name="image"]').setInputFiles(PHOTO);
    // the preview shows the chosen file before anything is uploaded
    await expect.poll(() => page.getByAltText("Preview of the chosen image").getAttribute("src")).toMatch(/^blob:/);
    await Promise.all([
      page.waitForURL("**/dashboard/workerhome"),
      page.getByRole("button", { name: "Register" }).click(),
    ]);

    await expectMessage(page, "Account Created!");
    // the new account's photo is the uploaded image, stored in R2 and served by the app
    const photo = page.getByAltText("Ada Tester's photo").first();
    await expect.poll(() => photo.getAttribute("src")).toMatch(/^\/images\/[\w-]+\.webp$/);
    const src = (await photo.getAttribute("src"))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    // a new worker starts with 10 coins
    await expect
      .poll(() => page.getByTestId("coin-balance").filter({ visible: true }).first().innerText())
      .toMatch(/^10(\s|$)/);
    await screenshot(page, "register-new-worker-home-1440");

    // the account works for a fresh login
    await logout(page);
    await login(page, email, TEST_PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/dashboard/workerhome");
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it("shows 'Email already exists' for a taken e-mail", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await gotoHydrated(page, "/register");
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Email").fill(DEMO.buyer.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByLabel("Role").selectOption("Buyer");
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => fieldError(page, "Email")).toContain("Email already exists");
    expect(new URL(page.url()).pathname).toBe("/register");
    await context.close();
  });
});

describe("login and logout for each role", () => {
  for (const account of Object.values(DEMO)) {
    it(`${account.role}: login goes to ${account.home}; logout ends the session`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      await gotoHydrated(page, "/login");
      await login(page, account.email);
      expect(new URL(page.url()).pathname).toBe(account.home);
      await expectMessage(page, "Login Successful!");
      await expect.poll(() => page.getByText(account.name).filter({ visible: true }).count()).toBeGreaterThan(0);

      await logout(page);
      await expectMessage(page, "Logout Successful!");
      await expect
        .poll(() => page.getByRole("link", { name: "Login" }).filter({ visible: true }).count())
        .toBeGreaterThan(0);
      // the session is really gone: the dashboard sends us to /login again
      await page.goto(account.home);
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("a wrong password shows 'Login Failed!' and keeps the visitor on /login", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await gotoHydrated(page, "/login");
    await page.getByLabel("Email").fill(DEMO.worker.email);
    await page.getByLabel("Password").fill("Wrong!pass1");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expectMessage(page, "Login Failed!");
    await expect
      .poll(() => page.getByText("Invalid email or password").filter({ visible: true }).count())
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});

describe("guards", () => {
  it("sends an anonymous visitor to /login and back to the page they wanted after login", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/dashboard/mytasks?page=1");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/dashboard/mytasks?page=1");
    await login(page, DEMO.buyer.email);
    const back = new URL(page.url());
    expect(back.pathname + back.search).toBe("/dashboard/mytasks?page=1");
    await context.close();
  });

  it("sends a worker on a buyer page to /unauthorized, with 'Back To Home'", async () => {
    const context = await signedInContext(browser, "worker");
    const page = await context.newPage();
    await page.goto("/dashboard/addtask");
    expect(new URL(page.url()).pathname).toBe("/unauthorized");
    await waitForLink(page, "Back To Home");
    // and an admin page too
    await page.goto("/dashboard/manageusers");
    expect(new URL(page.url()).pathname).toBe("/unauthorized");
    await context.close();
  });

  it("shows the not-found screen for an unknown path, and 'Back To Home' goes home", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await gotoHydratedSamePage(page);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/"),
      page.getByRole("link", { name: "Back To Home" }).click(),
    ]);
    await context.close();
  });
});

describe("validation messages", () => {
  for (const js of [true, false]) {
    const mode = js ? "with JavaScript" : "without JavaScript";

    it(`register shows every field's message ${mode}`, async () => {
      const context = js ? await newContext(browser) : await newNoJsContext(browser);
      const page = await context.newPage();
      if (js) await gotoHydrated(page, "/register");
      else await page.goto("/register");
      const submit = () => page.getByRole("button", { name: "Register" }).click();

      await submit();
      await expect.poll(() => fieldError(page, "Name")).toContain("Name is required");
      expect(await fieldError(page, "Email")).toContain("Email is required");
      expect(await fieldError(page, "Password")).toContain("Password is required");
      expect(await fieldError(page, "Role")).toContain("Select a role");

      await page.getByLabel("Name").fill("Val Idation");
      await page.getByLabel("Email").fill(unique("validation"));
      await page.getByLabel("Password").fill("Aaaaa!");
      await page.getByLabel("Role").selectOption("Worker");
      await submit();
      await expect.poll(() => fieldError(page, "Password")).toContain("At least 12 characters");

      // twelve characters, but a common password: refused by the server, under the same field
      await page.getByLabel("Password").fill("password1234");
      await submit();
      await expect.poll(() => fieldError(page, "Password")).toContain("too common or too easy to guess");
      if (!js) await screenshot(page, "register-common-password-nojs");
      expect(new URL(page.url()).pathname).toBe("/register");
      await context.close();
    });

    it(`login shows its messages ${mode}`, async () => {
      const context = js ? await newContext(browser) : await newNoJsContext(browser);
      const page = await context.newPage();
      if (js) await gotoHydrated(page, "/login");
      else await page.goto("/login");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect.poll(() => fieldError(page, "Email")).toContain("Email is required");
      expect(await fieldError(page, "Password")).toContain("Password is required");

      await page.getByLabel("Email").fill(DEMO.admin.email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect
        .poll(() => page.getByText("Invalid email or password").filter({ visible: true }).count())
        .toBeGreaterThan(0);
      await expectMessage(page, "Login Failed!");
      await context.close();
    });
  }

  it("without JavaScript a demo account still logs in and out", async () => {
    const context = await newNoJsContext(browser);
    const page = await context.newPage();
    await login(page, DEMO.buyer.email, DEMO_PASSWORD);
    expect(new URL(page.url()).pathname).toBe(DEMO.buyer.home);
    await expectMessage(page, "Login Successful!");
    await logout(page);
    await expectMessage(page, "Logout Successful!");
    await context.close();
  });
});

async function waitForLink(page: Page, name: string) {
  await expect.poll(() => page.getByRole("link", { name }).filter({ visible: true }).count()).toBeGreaterThan(0);
}

async function gotoHydratedSamePage(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await waitForLink(page, "Back To Home");
}
