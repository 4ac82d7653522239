// Carousels rendered on the server as plain markup (first slide visible without JavaScript), enhanced after
// hydration by embla (embla-carousel-react + embla-carousel-autoplay), which loads as a separate lazy chunk so the
// landing page's initial JavaScript stays small. Markup follows the WAI-ARIA carousel pattern.
import { lazy, startTransition, Suspense, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { ChevronLeft, ChevronRight, Pause, Play } from "~/components/icons";
import { cn } from "~/lib/cn";
import { useFormat, useWords } from "~/lib/i18n/react";

// the server never attaches embla (it waits for hydration): its build leaves the chunk out
const EmblaController = import.meta.env.SSR ? () => null : lazy(() => import("./embla-controller"));

export interface CarouselOptions {
  options: EmblaOptionsType;
  /** Autoplay delay in ms (0: none). Visitors who ask for reduced motion get no autoplay. */
  autoplayMs?: number;
  /**
   * When embla attaches: "idle" (soon after hydration, when the main thread is free; for the hero) or
   * "visible" (when the carousel comes within a screen of the viewport; for carousels further down).
   */
  start?: "idle" | "visible";
}

export interface Carousel {
  api: EmblaCarouselType | null;
  /** Index of the selected scroll snap. */
  selected: number;
  /** Scroll snaps ("pages"); 0 until embla is ready. */
  snapCount: number;
  ready: boolean;
  playing: boolean;
  autoplay: boolean;
  prev: () => void;
  next: () => void;
  togglePlay: () => void;
  /** The viewport's ref: schedules embla's attachment (see `start`), and detaches it when the viewport goes. */
  attachViewport: (el: HTMLDivElement) => () => void;
  /** Render once anywhere inside the carousel: it attaches embla after hydration. */
  controller: ReactNode;
}

export function useCarousel({ options, autoplayMs = 0, start = "idle" }: CarouselOptions): Carousel {
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [enhance, setEnhance] = useState<{ autoplayMs: number; viewport: HTMLDivElement } | null>(null);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [playing, setPlaying] = useState(false);
  const userPaused = useRef(false);

  // A ref callback rather than the viewport in state: a state update from a ref runs as a synchronous re-render
  // of the whole carousel inside hydration's commit, the page's longest task. Nothing renders until embla is due.
  const attachViewport = useCallback(
    (viewport: HTMLDivElement) => {
      const reduce =
        typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      // in a transition: React renders the carousel in slices rather than in the idle callback's task
      const go = () => startTransition(() => setEnhance({ autoplayMs: reduce ? 0 : autoplayMs, viewport }));
      const detach = () => setEnhance(null);
      if (start === "visible" && typeof IntersectionObserver === "function") {
        const observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((e) => e.isIntersecting)) {
              observer.disconnect();
              go();
            }
          },
          { rootMargin: "100% 0px" },
        );
        observer.observe(viewport);
        return () => {
          observer.disconnect();
          detach();
        };
      }
      // Spread the work: attach once the browser is idle after hydration (at most a second later).
      if (typeof window.requestIdleCallback === "function") {
        const id = window.requestIdleCallback(go, { timeout: 1000 });
        return () => {
          window.cancelIdleCallback(id);
          detach();
        };
      }
      const id = window.setTimeout(go, 50);
      return () => {
        window.clearTimeout(id);
        detach();
      };
    },
    [autoplayMs, start],
  );

  // A layout effect: subscribed in the commit that marks the carousel ready, so no arrow pressed in between is lost
  // (a passive effect may run a task later, after a click has already moved embla).
  useLayoutEffect(() => {
    if (!api) return;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setSnapCount(api.scrollSnapList().length);
    };
    const onPlay = () => {
      // Autoplay restarts after a drag (stopOnInteraction: false) and when embla re-initialises (a resize); a
      // visitor's pause wins. Stopped after the event: the plugin counts itself as playing only once its
      // "autoplay:play" handlers have run, so a stop() inside one is ignored.
      if (userPaused.current) queueMicrotask(() => api.plugins().autoplay?.stop());
      else setPlaying(true);
    };
    const onStop = () => setPlaying(false);
    // Read embla's state once now (it may have moved before this subscription), then follow its events.
    sync();
    if (api.plugins().autoplay?.isPlaying()) onPlay();
    else onStop();
    api.on("select", sync).on("reInit", sync).on("autoplay:play", onPlay).on("autoplay:stop", onStop);
    return () => {
      api.off("select", sync).off("reInit", sync).off("autoplay:play", onPlay).off("autoplay:stop", onStop);
    };
  }, [api]);

  // Arrows always wrap: embla loops when the slides allow it; otherwise jump to the other end.
  const next = useCallback(() => {
    if (!api) return;
    if (api.canScrollNext()) api.scrollNext();
    else api.scrollTo(0);
    api.plugins().autoplay?.reset();
  }, [api]);
  const prev = useCallback(() => {
    if (!api) return;
    if (api.canScrollPrev()) api.scrollPrev();
    else api.scrollTo(api.scrollSnapList().length - 1);
    api.plugins().autoplay?.reset();
  }, [api]);
  const togglePlay = useCallback(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) {
      userPaused.current = true;
      autoplay.stop();
    } else {
      userPaused.current = false;
      autoplay.play();
    }
  }, [api]);

  const controller = enhance ? (
    <Suspense fallback={null}>
      <EmblaController viewport={enhance.viewport} options={options} autoplayMs={enhance.autoplayMs} onApi={setApi} />
    </Suspense>
  ) : null;

  return {
    api,
    selected,
    snapCount,
    ready: api !== null,
    playing,
    autoplay: (enhance?.autoplayMs ?? 0) > 0,
    prev,
    next,
    togglePlay,
    attachViewport,
    controller,
  };
}

export function CarouselButton({
  direction,
  label,
  onClick,
  disabled,
  className,
  tone = "light",
}: {
  direction: "prev" | "next";
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  tone?: "light" | "brand";
}) {
  const Icon = direction === "prev" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      data-carousel-button={direction}
      className={cn(
        "inline-flex size-11 cursor-pointer items-center justify-center rounded-full shadow-sm ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-default disabled:opacity-50",
        tone === "light"
          ? "bg-white text-slate-800 ring-slate-200 hover:bg-brand-50 hover:text-brand-800"
          : "bg-brand-700 text-white ring-brand-700 hover:bg-brand-800",
        className,
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

export function PlayPauseButton({
  carousel,
  className,
}: {
  carousel: Pick<Carousel, "autoplay" | "playing" | "ready" | "togglePlay">;
  className?: string;
}) {
  const t = useWords("public");
  if (!carousel.autoplay) return null;
  const Icon = carousel.playing ? Pause : Play;
  return (
    <button
      type="button"
      onClick={carousel.togglePlay}
      disabled={!carousel.ready}
      aria-label={carousel.playing ? t("carousel.pause") : t("carousel.play")}
      data-carousel-button="toggle"
      className={cn(
        "inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/90 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-0",
        className,
      )}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

/**
 * A carousel's viewport and the track embla moves in it: a labelled slide per item (`slideLabel`), its content drawn
 * by `children`.
 */
export function SlideTrack<Item extends { id: string | number }>({
  attachViewport,
  viewportClassName,
  trackClassName,
  live = "polite",
  items,
  selected,
  slideLabel,
  slideClassName,
  children,
}: {
  attachViewport: Carousel["attachViewport"];
  viewportClassName?: string;
  trackClassName?: string;
  live?: "off" | "polite";
  items: readonly Item[];
  /** the carousel's selected slide */
  selected: number;
  slideLabel: (item: Item, index: number) => string;
  slideClassName: string;
  children: (item: Item, index: number) => ReactNode;
}) {
  return (
    <div ref={attachViewport} className={cn("overflow-hidden", viewportClassName)} data-carousel-viewport="">
      <div className={cn("flex touch-pan-y", trackClassName)} aria-live={live}>
        {items.map((item, i) => (
          <Slide
            key={item.id}
            index={i}
            total={items.length}
            selected={selected === i}
            label={slideLabel(item, i)}
            className={slideClassName}
          >
            {children(item, i)}
          </Slide>
        ))}
      </div>
    </div>
  );
}

/** One slide: a labelled group ("2 of 5") the way screen readers expect carousel slides. */
function Slide({
  index,
  total,
  selected,
  className,
  children,
  label,
}: {
  index: number;
  total: number;
  selected: boolean;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  const t = useWords("public");
  const f = useFormat();
  const position = { index: f.count(index + 1), total: f.count(total) };
  return (
    <div
      role="group"
      aria-roledescription={t("carousel.slide")}
      aria-label={label ? t("carousel.slideOfNamed", { ...position, label }) : t("carousel.slideOf", position)}
      data-carousel-slide=""
      data-selected={selected ? "true" : undefined}
      className={cn("min-w-0 shrink-0 grow-0", className)}
    >
      {children}
    </div>
  );
}
