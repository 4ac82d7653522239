import { useEffect } from "react";
import { Link } from "react-router";
import type { EmblaOptionsType } from "embla-carousel";
import { ArrowRight } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useWords } from "~/lib/i18n/react";
import { HERO_SLIDES } from "./content";
import { CarouselButton, PlayPauseButton, SlideTrack, useCarousel } from "./carousel";
import { webpSrcSet } from "./webp-image";

/** The landing page's hero: autoplay every 2 seconds, loop, arrows; no thumbnails, no status text, no pause on hover. */
export const HERO_AUTOPLAY_MS = 2000;
const OPTIONS: EmblaOptionsType = { loop: true, duration: 28 };
/** Layout width of the hero artwork (the first slide's is preloaded with the same srcset and sizes). */
export const HERO_IMAGE_SIZES =
  "(min-width: 1280px) 560px, (min-width: 1024px) 45vw, (min-width: 640px) 480px, calc(100vw - 2rem)";
export const heroSrcSet = (base: string) => webpSrcSet(base, [480, 720, 960]);

export function HeroCarousel() {
  const t = useWords("public");
  const { attachViewport, ...carousel } = useCarousel({ options: OPTIONS, autoplayMs: HERO_AUTOPLAY_MS });
  const { api } = carousel;

  // Slides 2 and 3 start lazy (they sit off-screen); fetch their art once the carousel can show them.
  useEffect(() => {
    if (!api) return;
    for (const img of api.rootNode().querySelectorAll<HTMLImageElement>("img[loading=lazy]")) img.loading = "eager";
  }, [api]);

  return (
    <section
      aria-roledescription={t("carousel.name")}
      aria-label={t("hero.label")}
      data-carousel="hero"
      data-carousel-ready={carousel.ready ? "true" : undefined}
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-brand-50/60 to-background"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-brand-100/70 blur-2xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 pb-10 pt-6 sm:px-6 lg:pb-14 lg:pt-10">
        <SlideTrack
          attachViewport={attachViewport}
          live={carousel.playing ? "off" : "polite"}
          items={HERO_SLIDES}
          selected={carousel.selected}
          slideLabel={(slide) => t(`hero.${slide.words}.title`)}
          slideClassName="basis-full"
        >
          {(slide, i) => {
            const Heading = i === 0 ? "h1" : "h2";
            return (
              <div className="grid grid-cols-1 items-center gap-6 lg:grid-cols-2 lg:gap-12">
                <div className="grid content-center gap-4 lg:gap-5">
                  <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
                    {t(`hero.${slide.words}.eyebrow`)}
                  </p>
                  <Heading className="text-balance text-3xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-4xl lg:text-5xl">
                    {t(`hero.${slide.words}.title`)}
                  </Heading>
                  <p className="max-w-xl text-base text-slate-600 sm:text-lg">{t(`hero.${slide.words}.text`)}</p>
                  <div className="flex flex-wrap gap-3 pt-1">
                    <Link to={slide.cta} className={buttonVariants({ size: "lg" })}>
                      {t(`hero.${slide.words}.cta`)} <ArrowRight aria-hidden />
                    </Link>
                    <Link
                      to={slide.secondary}
                      className={cn(buttonVariants({ variant: "outline", size: "lg" }), "bg-white/80")}
                    >
                      {t(`hero.${slide.words}.secondary`)}
                    </Link>
                  </div>
                </div>
                <img
                  src={`${slide.image}-720.webp`}
                  srcSet={heroSrcSet(slide.image)}
                  sizes={HERO_IMAGE_SIZES}
                  width={960}
                  height={720}
                  alt={t(`hero.${slide.words}.alt`)}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : "low"}
                  decoding={i === 0 ? "sync" : "async"}
                  className="mx-auto h-auto w-full max-w-[480px] select-none lg:max-w-[560px]"
                  draggable={false}
                />
              </div>
            );
          }}
        </SlideTrack>
        <div className="mt-6 flex items-center justify-center gap-3 lg:justify-start">
          <CarouselButton direction="prev" label={t("hero.prev")} onClick={carousel.prev} />
          <PlayPauseButton carousel={carousel} />
          <CarouselButton direction="next" label={t("hero.next")} onClick={carousel.next} />
        </div>
      </div>
      {carousel.controller}
    </section>
  );
}
