// Issues 28 and 40 in Chromium: a buyer's requester API keys in Settings. At 390 px with JavaScript: a wrong
// password makes no key; the current one makes a key (the secret shows once, and not after a reload), e-mailed to
// the buyer; revoke it through the confirmation dialog. At 1440 px without JavaScript: the same with the password,
// and revoke it through the confirmation view.
import { expect } from "vitest";
import {
  browser,
  db,
  DEMO,
  DEMO_PASSWORD,
  expectAccessible,
  expectMessage,
  gotoHydrated,
  screenshot,
  setUpBrowser,
  signedInContext,
  sqlText,
  step,
  story,
} from "./browser";

setUpBrowser();

const keyMails = (accessKeyId: string) =>
  db<{ n: number }>(
    `SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address = ${sqlText(DEMO.buyer.email)}
      AND subject = 'A requester API key was created' AND text LIKE ${sqlText(`%${accessKeyId}%`)}`,
  )[0]?.n;

const revokedAt = (accessKeyId: string) =>
  db<{ revoked_at: number | null }>(
    `SELECT revoked_at FROM requester_keys WHERE access_key_id = ${sqlText(accessKeyId)}`,
  )[0]?.revoked_at;

story("requester API keys: create, the secret shown once, revoke", () => {
  for (const [viewport, js] of [
    ["phone", true],
    ["desktop", false],
  ] as const) {
    const width = viewport === "phone" ? "390" : "nojs-1440";
    step(`${width}: Settings leads to the keys; a new key's secret shows once; Revoke asks, then revokes`, async () => {
      const context = await signedInContext(browser, "buyer", { viewport, javaScriptEnabled: js });
      const page = await context.newPage();
      try {
        if (js) await gotoHydrated(page, "/dashboard/settings");
        else await page.goto("/dashboard/settings");
        await page.getByRole("link", { name: "Manage API keys" }).click();
        await page.waitForURL(/\/dashboard\/apikeys$/);
        // the address changes before the keys page replaces Settings (whose forms ask for the password too)
        await page.getByRole("button", { name: "Create a key" }).waitFor();
        const password = page.getByLabel("Current password");
        if (js) {
          await password.fill("Not-the-password-1");
          await page.getByRole("button", { name: "Create a key" }).click();
          await expectMessage(page, "That is not your current password.");
          expect(await page.getByTestId("new-key-id").count()).toBe(0);
          await screenshot(page, `api-keys-wrong-password-${width}`);
        }
        await password.fill(DEMO_PASSWORD);
        await page.getByRole("button", { name: "Create a key" }).click();
        const id = (await page.getByTestId("new-key-id").innerText()).trim();
        const secret = (await page.getByTestId("new-key-secret").innerText()).trim();
        expect(id).toMatch(/^AKCW[A-Z2-7]{16}$/);
        expect(secret).toHaveLength(40);
        await expect.poll(() => keyMails(id)).toBe(1);
        await screenshot(page, `api-keys-created-${width}`);
        if (js) await expectAccessible(page, `the keys page with a new key at ${width}`);

        // the secret is never shown again: a fresh load lists the key id only
        if (js) await gotoHydrated(page, "/dashboard/apikeys");
        else await page.goto("/dashboard/apikeys");
        await expect.poll(() => page.getByText(id).count()).toBeGreaterThan(0);
        expect(await page.content()).not.toContain(secret);

        await page
          .getByRole("button", { name: `Revoke key ${id}` })
          .or(page.getByRole("link", { name: `Revoke key ${id}` }))
          .click();
        await expectMessage(page, "Revoke this key?");
        expect(revokedAt(id)).toBeNull();
        await screenshot(page, `api-keys-revoke-${width}`, { viewport: true });
        await page.getByRole("button", { name: "Yes, revoke it" }).click();
        await expectMessage(page, "Key revoked");
        await expect.poll(() => revokedAt(id)).toBeGreaterThan(0);
        await expect
          .poll(() =>
            page
              .getByRole("button", { name: `Revoke key ${id}` })
              .or(page.getByRole("link", { name: `Revoke key ${id}` }))
              .count(),
          )
          .toBe(0);
      } finally {
        await context.close();
      }
    });
  }
});
