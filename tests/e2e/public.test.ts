// The public site in Chromium against the built app on the seeded database (issue 5): the carousels in a real
// browser (autoplay, arrows that wrap, keyboard), the FAQ disclosures, the navbar menus, and the contact form with
// and without JavaScript. Axe, console errors, failed requests and full-page screenshots of every public page at
// 390 and 1440 px are the walk of every route (route-walk.ts); this file adds the carousel and menu states.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import {
  DEMO,
  browser,
  collectConsoleErrors,
  expectMessage,
  gotoHydrated,
  newContext,
  newNoJsContext,
  screenshot,
  signedInContext,
  unique,
  setUpBrowser,
  sidewaysOverflow,
} from "./browser";

setUpBrowser();

/** Index of the selected slide of a carousel (data-selected is set from embla's selected snap). */
function selected(carousel: Locator): Promise<number> {
  return carousel.evaluate((root) =>
    [...root.querySelectorAll("[data-carousel-slide]")].findIndex((s) => s.getAttribute("data-selected") === "true"),
  );
}

/**
 * Moves the page's paused clock on, 100 ms at a time, until the carousel shows another slide: how long that took on
 * the page's clock (at most 10 s, else the test fails).
 */
async function untilNextSlide(page: Page, carousel: Locator): Promise<number> {
  const from = await selected(carousel);
  for (let ms = 100; ms <= 10_000; ms += 100) {
    await page.clock.runFor(100);
    if ((await selected(carousel)) !== from) return ms;
  }
  throw new Error("the carousel stayed on one slide for 10 s of its clock");
}

async function readyCarousel(page: Page, name: string): Promise<Locator> {
  const carousel = page.locator(`[data-carousel="${name}"]`);
  // carousels below the fold attach embla when they come near the viewport
  await carousel.scrollIntoViewIfNeeded();
  await carousel.and(page.locator("[data-carousel-ready=true]")).waitFor();
  return carousel;
}

describe("landing page carousels", () => {
  it("the hero advances on its own every 2 seconds, loops, and can be paused", async () => {
    const context = await newContext(browser, { viewport: "desktop", reducedMotion: "no-preference" });
    // the page's own clock: flowing until the hero is ready, then moved on by the test, so that the slides' timing
    // is read on the page's clock and no step waits out real seconds
    await context.clock.install();
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, "/");
    const hero = await readyCarousel(page, "hero");
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1));
    const start = await selected(hero);
    // the first move comes within 2 seconds of autoplay's start, not before 1 (it started just before the pause)
    const first = await untilNextSlide(page, hero);
    expect(first).toBeGreaterThan(1_000);
    expect(first).toBeLessThanOrEqual(2_200);
    // then every 2 seconds, and it loops: after the third slide comes the first again
    const seen = new Set<number>([start, await selected(hero)]);
    while (seen.size < 3 || (await selected(hero)) !== 0) {
      expect(await untilNextSlide(page, hero)).toBeGreaterThan(1_800);
      seen.add(await selected(hero));
      expect(seen.size).toBeLessThanOrEqual(3);
    }
    // hovering does not pause it (the product: no pause on hover)
    await hero.hover();
    await untilNextSlide(page, hero);
    // the pause button stops it
    await page.getByRole("button", { name: "Pause automatic slide show" }).click();
    await page.mouse.move(0, 0);
    const paused = await selected(hero);
    await page.clock.runFor(6_000);
    expect(await selected(hero)).toBe(paused);
    await screenshot(page, "landing-hero-paused-1440");
    await page.getByRole("button", { name: "Start automatic slide show" }).click();
    await untilNextSlide(page, hero);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the arrows move the hero, the workers and the testimonials, and wrap around", async () => {
    const context = await newContext(browser, { viewport: "desktop", reducedMotion: "reduce" });
    const page = await context.newPage();
    await gotoHydrated(page, "/");

    const hero = await readyCarousel(page, "hero");
    expect(await selected(hero)).toBe(0);
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(() => selected(hero)).toBe(2);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => selected(hero)).toBe(0);

    const workers = await readyCarousel(page, "workers");
    const count = await workers.locator("[data-carousel-slide]").count();
    expect(count).toBeGreaterThan(4); // the seed has more workers than fit in one view
    const visible = await workers.locator("[data-carousel-slide]").evaluateAll((slides) => {
      const view = slides[0].parentElement!.parentElement!.getBoundingClientRect();
      return slides.filter((s) => {
        const r = s.firstElementChild!.getBoundingClientRect(); // the card (slides carry the gap as padding)
        return r.left >= view.left - 1 && r.right <= view.right + 1;
      }).length;
    });
    expect(visible).toBe(4); // four at a time on a desktop
    await page.getByRole("button", { name: "Previous workers" }).click();
    await expect.poll(() => selected(workers)).toBe(count - 1);
    await page.getByRole("button", { name: "Next workers" }).click();
    await expect.poll(() => selected(workers)).toBe(0);
    await page.getByRole("button", { name: "Next workers" }).click();
    await expect.poll(() => selected(workers)).toBe(1);

    const testimonials = await readyCarousel(page, "testimonials");
    await testimonials.scrollIntoViewIfNeeded();
    for (let i = 1; i <= 5; i++) {
      await page.getByRole("button", { name: "Next testimonial" }).click();
      await expect.poll(() => selected(testimonials)).toBe(i % 5);
    }
    await page.getByRole("button", { name: "Previous testimonial" }).click();
    await expect.poll(() => selected(testimonials)).toBe(4);
    await screenshot(page, "landing-testimonial-5-1440");
    await context.close();
  });

  it("the carousels work from the keyboard", async () => {
    const context = await newContext(browser, { viewport: "phone", reducedMotion: "reduce" });
    const page = await context.newPage();
    await gotoHydrated(page, "/");
    const hero = await readyCarousel(page, "hero");
    const next = page.getByRole("button", { name: "Next slide" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => selected(hero)).toBe(1);
    await page.keyboard.press("Space");
    await expect.poll(() => selected(hero)).toBe(2);
    // the focus ring is visible on the focused arrow
    const outline = await next.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
    await screenshot(page, "landing-hero-slide-3-390");
    await context.close();
  });

  it("cards link where the product says: a featured job opens the task, Get Started goes via login to the tasks", async () => {
    const context = await newContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await gotoHydrated(page, "/");
    const card = page.locator("[data-section=featured] a[data-task-id]").first();
    const id = await card.getAttribute("data-task-id");
    expect(await card.getAttribute("href")).toBe(`/browse/${id}`);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/login"),
      page.getByRole("link", { name: "Get Started" }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard/tasklist");
    await context.close();
  });
});

describe("FAQ", () => {
  it("opens and closes each entry with the mouse and the keyboard", async () => {
    const context = await newContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await gotoHydrated(page, "/faq");
    const entries = page.getByRole("main").locator("details");
    expect(await entries.count()).toBe(7);
    const second = entries.nth(1);
    expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await second.locator("summary").click();
    expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => second.locator("p").isVisible()).toBe(true);
    await second.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });
});

describe("navbar menu", () => {
  it("on a phone, opens the page links, closes on Escape, outside clicks and after navigating", async () => {
    const context = await newContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, "/");
    const menu = page.locator("header details");
    const toggle = page.getByRole("banner").locator("summary");
    expect(await toggle.getAttribute("aria-label")).toBe("Open menu");
    const isOpen = () => menu.evaluate((d) => (d as HTMLDetailsElement).open);
    const faqLink = page.getByRole("banner").getByRole("link", { name: "FAQ" });
    expect(await faqLink.isVisible()).toBe(false);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await sidewaysOverflow(page), "360 px").toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });

    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await isOpen()).toBe(true);
    await expect.poll(() => faqLink.isVisible()).toBe(true);
    await screenshot(page, "navbar-menu-open-390");
    await page.keyboard.press("Escape");
    expect(await isOpen()).toBe(false);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    await toggle.click();
    expect(await isOpen()).toBe(true);
    await page.getByRole("heading", { name: "Popular Job Categories" }).click();
    expect(await isOpen()).toBe(false);

    await toggle.click();
    await faqLink.click();
    await page.waitForURL("**/faq");
    await expect.poll(isOpen).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens without JavaScript too", async () => {
    const context = await newNoJsContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("banner").locator("summary").click();
    await page.getByRole("banner").getByRole("link", { name: "About" }).click();
    await page.waitForURL("**/about");
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    await context.close();
  });

  it("signed in, the account menu shows who is signed in and the dashboard link", async () => {
    const context = await signedInContext(browser, "worker", { viewport: "phone" });
    const page = await context.newPage();
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("banner").locator("summary");
    expect(await toggle.getAttribute("aria-label")).toBe("Account menu");
    // the balance, avatar and logout fit beside the logo's mark on the narrowest phone, the home link still named
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      expect(await sidewaysOverflow(page), `${width} px`).toBe(0);
    }
    expect(await page.getByRole("banner").getByRole("link", { name: "Coinwork home" }).isVisible()).toBe(true);
    await toggle.click();
    const menu = page.locator("header details");
    await expect.poll(() => menu.getByText(DEMO.worker.email).isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(`**${DEMO.worker.home}`);
    await context.close();
  });
});

describe("contact form", () => {
  it("with JavaScript: validates in the browser, then sends and confirms with a toast", async () => {
    const context = await newContext(browser, { viewport: "desktop" });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: "Submit Now" }).click();
    await expect.poll(() => page.getByText("Name is required").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Email is required").isVisible()).toBe(true);
    await page.getByLabel("Name *", { exact: true }).fill("Erin E2E");
    await page.getByLabel("Email *", { exact: true }).fill(unique("contact"));
    await page.getByLabel("Subject", { exact: true }).fill("Payouts");
    await page.getByLabel("Message", { exact: true }).fill("How long does a withdrawal take?");
    await page.getByRole("button", { name: "Submit Now" }).click();
    await expectMessage(page, "Message sent!");
    // cleared for the next message
    await expect.poll(() => page.getByLabel("Name *", { exact: true }).inputValue()).toBe("");
    await screenshot(page, "contact-sent-1440");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript: the server refuses a blank name, then stores the message and shows a banner", async () => {
    const context = await newNoJsContext(browser, { viewport: "phone" });
    const page = await context.newPage();
    await page.goto("/contact");
    const submit = async () => {
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === "/contact" && r.request().method() === "POST"),
        page.getByRole("button", { name: "Submit Now" }).click(),
      ]);
      await page.waitForLoadState("load");
    };
    // spaces pass the browser's `required` check; the server trims them and says what is missing
    await page.getByLabel("Name *", { exact: true }).fill("   ");
    await page.getByLabel("Email *", { exact: true }).fill("nojs@example.com");
    await submit();
    await expect.poll(() => page.getByText("Name is required").isVisible()).toBe(true);
    expect(await page.getByLabel("Email *", { exact: true }).inputValue()).toBe("nojs@example.com");
    await page.getByLabel("Name *", { exact: true }).fill("No Script");
    await submit();
    await expectMessage(page, "Message sent!");
    await screenshot(page, "contact-sent-nojs-390");
    await context.close();
  });
});
