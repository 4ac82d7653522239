// The landing page's carousels in happy-dom: embla loads lazily after mount, the arrows move the slides and
// wrap around at both ends, and the hero advances on its own every 2 seconds.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { renderToStaticMarkup } from "react-dom/server";
import type * as React from "react";
import { HeroCarousel, HERO_AUTOPLAY_MS } from "~/components/landing/hero-carousel";
import { WorkersCarousel } from "~/components/landing/workers-carousel";
import { Testimonials } from "~/components/landing/testimonials";
import { TESTIMONIALS } from "~/components/landing/content";
import type { PublicWorker } from "~/server/services/landing.server";
import { Words } from "./words";

// happy-dom has no layout engine: give carousels a 1000px viewport and slides a width per carousel.
const VIEW = 1000;
const PER_VIEW: Record<string, number> = { hero: 1, testimonials: 1, workers: 4 };
let reducedMotion = false;

function perView(el: Element): number {
  return PER_VIEW[el.closest("[data-carousel]")?.getAttribute("data-carousel") ?? ""] ?? 1;
}
function slideIndex(el: Element): number {
  return Array.prototype.indexOf.call(el.parentElement?.children ?? [], el);
}

beforeAll(() => {
  const define = (name: string, get: (this: HTMLElement) => number) =>
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
  define("offsetWidth", function () {
    if (this.hasAttribute("data-carousel-slide")) return VIEW / perView(this);
    if (this.hasAttribute("data-carousel-viewport") || this.parentElement?.hasAttribute("data-carousel-viewport"))
      return VIEW;
    return 0;
  });
  define("offsetHeight", function () {
    return this.closest("[data-carousel]") ? 300 : 0;
  });
  define("offsetLeft", function () {
    return this.hasAttribute("data-carousel-slide") ? slideIndex(this) * (VIEW / perView(this)) : 0;
  });
  define("offsetTop", () => 0);
  Object.defineProperty(HTMLElement.prototype, "offsetParent", {
    configurable: true,
    get() {
      return this.parentElement;
    },
  });
  // embla reads the last slide's margin; happy-dom computes none ("") where a browser says "0px"
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = ((el: Element, pseudo?: string | null) => {
    const style = computed(el, pseudo);
    const read = style.getPropertyValue.bind(style);
    return new Proxy(style, {
      get(target, key) {
        if (key === "getPropertyValue") return (name: string) => read(name) || (name.startsWith("margin") ? "0px" : "");
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }) as typeof window.getComputedStyle;
  window.matchMedia = ((query: string) => ({
    matches: query.includes("prefers-reduced-motion") ? reducedMotion : false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  class Observer {
    observe(_target?: Element) {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  // Everything is "in view" (no scrolling in happy-dom): report each observed element as intersecting.
  class InView extends Observer {
    callback: IntersectionObserverCallback;
    constructor(callback: IntersectionObserverCallback) {
      super();
      this.callback = callback;
    }
    override observe(target: Element) {
      queueMicrotask(() =>
        this.callback(
          [{ target, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
  }
  globalThis.IntersectionObserver = InView as unknown as typeof IntersectionObserver;
  globalThis.ResizeObserver = Observer as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
  reducedMotion = false;
});

function renderInRouter(ui: React.ReactElement) {
  return render(
    <MemoryRouter>
      <Words>{ui}</Words>
    </MemoryRouter>,
  );
}

async function ready(name: string): Promise<HTMLElement> {
  const root = document.querySelector<HTMLElement>(`[data-carousel="${name}"]`)!;
  expect(root).not.toBeNull();
  await waitFor(() => expect(root.dataset.carouselReady).toBe("true"), { timeout: 3000 });
  return root;
}

/** Index of the slide marked selected (the first one when several are in view). */
function selectedIndex(root: HTMLElement): number {
  const slides = [...root.querySelectorAll("[data-carousel-slide]")];
  return slides.findIndex((s) => s.getAttribute("data-selected") === "true");
}

const workers: PublicWorker[] = Array.from({ length: 8 }, (_, i) => ({
  id: `w${i}`,
  name: `Worker ${i + 1}`,
  photo: `/avatars/seed-0${i + 1}.webp`,
  coin: 1000 - i * 10,
}));

describe("workers carousel", () => {
  it("is an accessible carousel of slides with labelled arrows", async () => {
    renderInRouter(<WorkersCarousel workers={workers} />);
    const root = await ready("workers");
    expect(root.getAttribute("aria-roledescription")).toBe("carousel");
    const slides = within(root).getAllByRole("group");
    expect(slides).toHaveLength(8);
    expect(slides[0].getAttribute("aria-roledescription")).toBe("slide");
    expect(slides[0].getAttribute("aria-label")).toBe("1 of 8: Worker 1");
    expect(screen.getByRole("button", { name: "Previous workers" })).toBeTruthy();
    expect(screen.getByText("1,000 coins")).toBeTruthy();
  });

  it("moves one worker per click and wraps around at both ends", async () => {
    renderInRouter(<WorkersCarousel workers={workers} />);
    const root = await ready("workers");
    const next = screen.getByRole("button", { name: "Next workers" });
    const prev = screen.getByRole("button", { name: "Previous workers" });
    expect(selectedIndex(root)).toBe(0);
    act(() => fireEvent.click(next));
    expect(selectedIndex(root)).toBe(1);
    act(() => fireEvent.click(prev));
    act(() => fireEvent.click(prev));
    expect(selectedIndex(root)).toBe(7); // wrapped backwards from the first to the last
    act(() => fireEvent.click(next));
    expect(selectedIndex(root)).toBe(0); // and forwards from the last to the first
  });

  it("still wraps when there are too few workers for embla to loop", async () => {
    renderInRouter(<WorkersCarousel workers={workers.slice(0, 5)} />);
    const root = await ready("workers");
    const next = screen.getByRole("button", { name: "Next workers" });
    const prev = screen.getByRole("button", { name: "Previous workers" });
    act(() => fireEvent.click(prev));
    const last = selectedIndex(root);
    expect(last).toBeGreaterThan(0);
    act(() => fireEvent.click(next));
    expect(selectedIndex(root)).toBe(0);
  });

  it("says so when there are no workers yet, without a carousel", () => {
    renderInRouter(<WorkersCarousel workers={[]} />);
    expect(screen.getByText("Our first workers are just getting started.")).toBeTruthy();
    expect(document.querySelector("[aria-roledescription=carousel]")).toBeNull();
  });
});

describe("testimonials carousel", () => {
  it("shows one of five testimonials at a time, previous and next wrap", async () => {
    renderInRouter(<Testimonials />);
    const root = await ready("testimonials");
    expect(screen.getByRole("heading", { name: "What Our Users Say" })).toBeTruthy();
    const slides = root.querySelectorAll("[data-carousel-slide]");
    expect(slides).toHaveLength(TESTIMONIALS.length);
    // 30px between slides: each slide is padded 30px inside a container pulled back by 30px
    expect(slides[0].className).toContain("pl-[30px]");
    expect(slides[0].parentElement!.className).toContain("-ml-[30px]");
    const next = screen.getByRole("button", { name: "Next testimonial" });
    const prev = screen.getByRole("button", { name: "Previous testimonial" });
    for (let i = 1; i < TESTIMONIALS.length; i++) {
      act(() => fireEvent.click(next));
      expect(selectedIndex(root)).toBe(i);
    }
    act(() => fireEvent.click(next));
    expect(selectedIndex(root)).toBe(0);
    act(() => fireEvent.click(prev));
    expect(selectedIndex(root)).toBe(TESTIMONIALS.length - 1);
    expect(slides[TESTIMONIALS.length - 1].getAttribute("aria-label")).toBe(`5 of 5: ${TESTIMONIALS[4].name}`);
  });
});

describe("hero carousel", () => {
  it("has three slides and arrows that wrap", async () => {
    renderInRouter(<HeroCarousel />);
    const root = await ready("hero");
    expect(root.querySelectorAll("[data-carousel-slide]")).toHaveLength(3);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Find the best micro-jobs and earn real coins");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Previous slide" })));
    expect(selectedIndex(root)).toBe(2);
    act(() => fireEvent.click(screen.getByRole("button", { name: "Next slide" })));
    expect(selectedIndex(root)).toBe(0);
  });

  it(`advances on its own every ${HERO_AUTOPLAY_MS} ms; a visitor can pause it`, async () => {
    renderInRouter(<HeroCarousel />);
    const root = await ready("hero");
    expect(HERO_AUTOPLAY_MS).toBe(2000);
    expect(selectedIndex(root)).toBe(0);
    await new Promise((r) => setTimeout(r, HERO_AUTOPLAY_MS - 500));
    expect(selectedIndex(root)).toBe(0); // not before its time
    await waitFor(() => expect(selectedIndex(root)).toBe(1), { timeout: 1500, interval: 50 });
    // the slide region is not announced while it rotates on its own
    expect(root.querySelector("[aria-live]")!.getAttribute("aria-live")).toBe("off");
    const pause = screen.getByRole("button", { name: "Pause automatic slide show" });
    act(() => fireEvent.click(pause));
    expect(screen.getByRole("button", { name: "Start automatic slide show" })).toBeTruthy();
    const paused = selectedIndex(root);
    await new Promise((r) => setTimeout(r, HERO_AUTOPLAY_MS + 300));
    expect(selectedIndex(root)).toBe(paused);
    expect(root.querySelector("[aria-live]")!.getAttribute("aria-live")).toBe("polite");
  }, 10_000);

  it("stays paused when a drag restarts embla's autoplay, and Start resumes it", async () => {
    renderInRouter(<HeroCarousel />);
    const root = await ready("hero");
    // the button offers Pause once autoplay has started
    const pause = await waitFor(() => screen.getByRole("button", { name: "Pause automatic slide show" }), {
      timeout: HERO_AUTOPLAY_MS,
    });
    act(() => fireEvent.click(pause));
    // a drag ends: the autoplay plugin (stopOnInteraction: false) plays again, and the visitor's pause must win
    const viewport = root.querySelector("[data-carousel-viewport]")!;
    act(() => {
      fireEvent.mouseDown(viewport, { button: 0, clientX: 500, clientY: 100 });
      fireEvent.mouseUp(window, { button: 0, clientX: 500, clientY: 100 });
    });
    const paused = selectedIndex(root);
    await new Promise((r) => setTimeout(r, HERO_AUTOPLAY_MS + 300));
    expect(selectedIndex(root)).toBe(paused);
    const start = screen.getByRole("button", { name: "Start automatic slide show" });
    act(() => fireEvent.click(start));
    await waitFor(() => screen.getByRole("button", { name: "Pause automatic slide show" }));
    await waitFor(() => expect(selectedIndex(root)).not.toBe(paused), {
      timeout: HERO_AUTOPLAY_MS + 1000,
      interval: 50,
    });
  }, 10_000);

  it("does not autoplay for visitors who ask for reduced motion", async () => {
    reducedMotion = true;
    renderInRouter(<HeroCarousel />);
    const root = await ready("hero");
    expect(screen.queryByRole("button", { name: "Pause automatic slide show" })).toBeNull();
    await new Promise((r) => setTimeout(r, HERO_AUTOPLAY_MS + 300));
    expect(selectedIndex(root)).toBe(0);
  }, 10_000);

  it("renders the first slide's artwork eager at high priority and the others lazy, fetched once embla runs", async () => {
    // as the server sends it
    const host = document.createElement("div");
    host.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <Words>
          <HeroCarousel />
        </Words>
      </MemoryRouter>,
    );
    const imgs = [...host.querySelectorAll<HTMLImageElement>("img")];
    expect(imgs).toHaveLength(3);
    expect(imgs[0].getAttribute("loading")).toBe("eager");
    expect(imgs[0].getAttribute("fetchpriority")).toBe("high");
    expect(imgs.slice(1).map((i) => i.getAttribute("loading"))).toEqual(["lazy", "lazy"]);
    for (const img of imgs) {
      expect(img.getAttribute("width")).toBe("960");
      expect(img.getAttribute("height")).toBe("720");
      expect(img.getAttribute("alt")).not.toBe("");
    }
    // after hydration the off-screen slides' artwork is fetched, so autoplay never shows an empty slide
    renderInRouter(<HeroCarousel />);
    const root = await ready("hero");
    expect([...root.querySelectorAll("img")].map((i) => i.getAttribute("loading"))).toEqual([
      "eager",
      "eager",
      "eager",
    ]);
  });
});
