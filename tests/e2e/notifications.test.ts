// The notification centre in Chromium (issue 16, item 3): a new worker opens /dashboard/notifications from the bell,
// marks one read on the page, follows another from the bell (read on the way), and sees a count changed in another
// tab after the next navigation; without JavaScript the bell is a link to the page, where a plain form marks one read
// and comes back. Screenshots at 390 and 1440 px, axe checks.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import {
  VIEWPORTS,
  bellLabel,
  browser,
  expectAccessible,
  gotoHydrated,
  markAllNotificationsRead,
  newNoJsContext,
  openBell,
  person,
  signUp,
  screenshot,
  setUpBrowser,
  signedInContext,
  step,
  story,
  unique,
  type Person,
  TEST_PASSWORD,
} from "./browser";

let worker: Person;
let admin: BrowserContext;

/** The demo admin adjusts the worker's coins through REST (with the admin's cookie): one notification each. */
async function adjustCoins(addcoin: number) {
  const res = await admin.request.patch("/users1", {
    data: { email: worker.email, addcoin, reason: "Notification centre test" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const rows = () => worker.page.getByTestId("notification-row");
const readStates = () => rows().evaluateAll((els) => els.map((e) => e.getAttribute("data-read")));

setUpBrowser();

story("a worker keeps up with their notifications", () => {
  const opened = step("opens every notification from the bell's 'See all notifications'", async () => {
    worker = await person(browser, { name: "Nadia Notified", email: unique("notified-worker") });
    await signUp(worker, { password: TEST_PASSWORD, role: "Worker", verify: false });
    admin = await signedInContext(browser, "admin");
    for (const coins of [1, 2, 3]) await adjustCoins(coins);

    const { page } = worker;
    await gotoHydrated(page, "/dashboard/workerhome");
    expect(await bellLabel(page)).toBe("Notifications, 3 unread");
    await page.getByTestId("notification-bell").click();
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/dashboard/notifications"),
      page.getByRole("link", { name: "See all notifications" }).click(),
    ]);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Notifications" }).count()).toBe(1);
    await expect.poll(readStates).toEqual(["false", "false", "false"]);
    // newest first
    await expect.poll(() => rows().first().innerText()).toContain("An admin added 3 coins to your balance.");
    await expect.poll(() => page.getByText("Page 1 of 1").count()).toBe(1);
    await screenshot(page, "notifications-1440");
    await expectAccessible(page, "notifications page, 1440 px");
  });

  const markedOne = step(
    "marks one read on the page: it shows as read and the count drops",
    { needs: [opened] },
    async () => {
      const { page } = worker;
      const stored = page.waitForResponse(
        (r) => new URL(r.url()).pathname.startsWith("/dashboard/notifications") && r.request().method() === "POST",
      );
      await rows()
        .first()
        .getByRole("button", { name: /^Mark as read/ })
        .click();
      await stored;
      await expect.poll(readStates).toEqual(["true", "false", "false"]);
      await expect.poll(() => bellLabel(page)).toBe("Notifications, 2 unread");
      await expect.poll(() => page.getByText("2 unread, newest first.").count()).toBe(1);
      await expect.poll(() => rows().first().getByText("Read", { exact: true }).count()).toBe(1);
    },
  );

  const followed = step(
    "follows a notification from the bell: it leads to its page and is read on the way",
    { needs: [markedOne] },
    async () => {
      const { page } = worker;
      const panel = await openBell(page);
      // an admin's coin adjustment leads to the worker's home, where the balance is
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/dashboard/workerhome"),
        panel.getByRole("link", { name: /An admin added 2 coins/ }).click(),
      ]);
      await expect.poll(() => bellLabel(page)).toBe("Notifications, 1 unread");
    },
  );

  step(
    "after another tab marks all read, the next navigation here shows no unread",
    { needs: [followed] },
    async () => {
      const other = await worker.context.newPage();
      // the bell's 'Mark all as read' there (a fetcher: the other tab stays where it is)
      await gotoHydrated(other, "/dashboard/workerhome");
      await openBell(other);
      await markAllNotificationsRead(other);
      await expect.poll(() => bellLabel(other)).toBe("Notifications");
      await other.close();

      const { page } = worker;
      expect(await bellLabel(page)).toBe("Notifications, 1 unread"); // this tab has not navigated yet
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/dashboard/notifications"),
        page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Notifications" }).click(),
      ]);
      await expect.poll(() => bellLabel(page)).toBe("Notifications");
      await expect.poll(readStates).toEqual(["true", "true", "true"]);

      await page.setViewportSize(VIEWPORTS.phone);
      await screenshot(page, "notifications-390");
      await expectAccessible(page, "notifications page, 390 px");
      expect(worker.errors).toEqual([]);
      expect(worker.failed).toEqual([]);
    },
  );

  step(
    "without JavaScript, the bell leads to the page, which marks one read with a plain form and comes back",
    { needs: [opened] },
    async () => {
      await adjustCoins(4);
      const noJs = await newNoJsContext(browser, { storageState: await worker.context.storageState() });
      const page = await noJs.newPage();
      await page.goto("/dashboard/workerhome");
      expect(await bellLabel(page)).toMatch(/^Notifications, \d+ unread$/);
      await page.getByTestId("notification-bell").click();
      await page.waitForURL("**/dashboard/notifications");
      const newest = page.getByTestId("notification-row").filter({ hasText: "An admin added 4 coins" });
      expect(await newest.getAttribute("data-read")).toBe("false");
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/dashboard/notifications") && r.request().method() === "GET"),
        newest.getByRole("button", { name: /^Mark as read/ }).click(),
      ]);
      expect(await newest.getAttribute("data-read")).toBe("true");
      expect(new URL(page.url()).pathname).toBe("/dashboard/notifications");
      await noJs.close();
    },
  );
});
