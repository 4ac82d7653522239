// Times in the browser's own zone (docs/decisions/015-dates-and-time-zones.md): a visitor in Los Angeles reads the
// payment history in Pacific time after hydration, without a hydration error, and the zone the page remembered in
// its cookie makes the next server render Pacific time already, so later pages do not switch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, collectConsoleErrors, gotoHydrated, setUpBrowser, signedInContext } from "./browser";
import { formatDateTime } from "~/lib/format";
import { TIME_ZONE_COOKIE } from "~/lib/time-zone";

const ZONE = "America/Los_Angeles";
/** Chromium's ICU and Node's may differ in the space before AM/PM. */
const spaced = (s: string) => s.replace(/\u202f/g, " ").trim();

let context: BrowserContext;
let page: Page;
let errors: string[];

setUpBrowser();
beforeAll(async () => {
  context = await signedInContext(browser, "buyer", { timezoneId: ZONE });
  await context.clearCookies({ name: TIME_ZONE_COOKIE }); // a first visit: the browser has not told its zone yet
  page = await context.newPage();
  errors = collectConsoleErrors(page);
});
afterAll(async () => {
  await context?.close();
});

/** The payment history's times: each one's instant (its datetime attribute) and the text shown. */
async function shownTimes(p: Page): Promise<{ at: number; text: string }[]> {
  const rows = p.getByTestId("payment-row").filter({ visible: true }).locator("time");
  return (await rows.evaluateAll((els) => els.map((e) => [e.getAttribute("dateTime") ?? "", e.textContent ?? ""]))).map(
    ([iso, text]) => ({ at: Date.parse(iso), text: spaced(text) }),
  );
}

describe("time zones in the browser", () => {
  it("shows the payment history in the browser's zone after hydration, with no hydration error", async () => {
    await gotoHydrated(page, "/dashboard/paymenthistory");
    await expect.poll(async () => (await shownTimes(page))[0]?.text ?? "").toMatch(/ P[SD]T$/);
    const times = await shownTimes(page);
    expect(times.length).toBeGreaterThan(0);
    for (const { at, text } of times) expect(text).toBe(spaced(formatDateTime(at, ZONE)));
    expect(errors).toEqual([]);
  });

  it("remembers the zone, so the next page comes from the server in it already", async () => {
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === TIME_ZONE_COOKIE)?.value)
      .toBe(encodeURIComponent(ZONE));
    // the server's HTML alone, before any script runs
    const html = await (await context.request.get("/dashboard/paymenthistory")).text();
    const first = /<time dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/.exec(html.replace(/<!--[\s\S]*?-->/g, ""));
    expect(first, "a time in the server's HTML").not.toBeNull();
    expect(spaced(first![2])).toBe(spaced(formatDateTime(Date.parse(first![1]), ZONE)));
  });
});
