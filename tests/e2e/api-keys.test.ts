// Issue 28 in Chromium: a buyer's requester API keys in Settings. At 390 px with JavaScript: create a key (the
// secret shows once, and not after a reload) and revoke it through the confirmation dialog; at 1440 px without
// JavaScript: create one, and revoke it through the confirmation view.
import { expect } from "vitest";
import {
  browser,
  db,
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
        await page.getByRole("button", { name: "Create a key" }).click();
        const id = (await page.getByTestId("new-key-id").innerText()).trim();
        const secret = (await page.getByTestId("new-key-secret").innerText()).trim();
        expect(id).toMatch(/^AKCW[A-Z2-7]{16}$/);
        expect(secret).toHaveLength(40);
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
