import type { EmblaOptionsType } from "embla-carousel";
import { Quote } from "~/components/icons";
import { TESTIMONIALS } from "./content";
import { CarouselButton, SlideTrack, useCarousel } from "./carousel";
import { LandingSection } from "./sections";
import { WebpImage } from "./webp-image";
import { useWords } from "~/lib/i18n/react";

const OPTIONS: EmblaOptionsType = { loop: true, align: "start" };

/** 'What Our Users Say': large image left, one testimonial at a time on the right, 30px between slides. */
export function Testimonials() {
  const t = useWords("public");
  const { attachViewport, ...carousel } = useCarousel({ options: OPTIONS, start: "visible" });
  return (
    <LandingSection
      name="testimonials"
      heading={{
        eyebrow: t("testimonials.eyebrow"),
        title: t("testimonials.title"),
        subtitle: t("testimonials.subtitle"),
        tone: "center",
      }}
      aria-roledescription={t("carousel.name")}
      data-carousel="testimonials"
      data-carousel-ready={carousel.ready ? "true" : undefined}
    >
      <div className="grid items-center gap-8 lg:grid-cols-[5fr_7fr] lg:gap-12">
        <WebpImage
          base="/images/testimonials/stories"
          widths={[360, 720]}
          sizes="(min-width: 1024px) 460px, (min-width: 640px) 420px, calc(100vw - 2rem)"
          height={820}
          alt={t("testimonials.alt")}
          className="mx-auto h-auto w-full max-w-[420px] rounded-[2rem] lg:max-w-[460px]"
        />
        <div className="min-w-0">
          {/* 30px between slides: embla spaces slides with padding inside each one (loop-safe). */}
          <SlideTrack
            attachViewport={attachViewport}
            trackClassName="-ml-[30px]"
            items={TESTIMONIALS}
            selected={carousel.selected}
            slideLabel={(story) => story.name}
            slideClassName="basis-full pl-[30px]"
          >
            {(story) => (
              <figure className="flex h-full flex-col gap-5 rounded-3xl border border-border bg-white p-6 shadow-sm sm:p-8">
                <Quote className="size-10 text-brand-300" aria-hidden />
                <h3 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
                  {t(`testimonial.${story.id}.title`)}
                </h3>
                <blockquote className="text-base leading-relaxed text-slate-700 sm:text-lg">
                  <p>“{t(`testimonial.${story.id}.description`)}”</p>
                </blockquote>
                <figcaption className="mt-auto flex items-center gap-4 border-t border-border pt-5">
                  <img
                    src={story.image}
                    alt={t("testimonials.portrait", { name: story.name })}
                    width={64}
                    height={64}
                    loading="lazy"
                    decoding="async"
                    className="size-16 rounded-full object-cover ring-4 ring-brand-50"
                  />
                  <div>
                    <p className="font-semibold text-slate-900">{story.name}</p>
                    <p className="text-sm text-muted-foreground">{t(`testimonial.${story.id}.job`)}</p>
                  </div>
                </figcaption>
              </figure>
            )}
          </SlideTrack>
          <div className="mt-6 flex justify-center gap-3 lg:justify-start">
            <CarouselButton direction="prev" label={t("testimonials.prev")} onClick={carousel.prev} />
            <CarouselButton direction="next" label={t("testimonials.next")} onClick={carousel.next} />
          </div>
        </div>
      </div>
      {carousel.controller}
    </LandingSection>
  );
}
