import type { EmblaOptionsType } from "embla-carousel";
import { CoinIcon } from "~/components/icons";
import { Avatar } from "~/components/avatar";
import { useFormat, useWords } from "~/lib/i18n/react";
import type { PublicWorker } from "~/server/services/landing.server";
import { CarouselButton, Slide, useCarousel } from "./carousel";
import { SectionHeading } from "./sections";

const OPTIONS: EmblaOptionsType = { loop: true, align: "start", slidesToScroll: 1 };

/** 'Our Most In-Demand Workers': photo, name and coins; 4 at a time on wide screens; arrows wrap around. */
export function WorkersCarousel({ workers }: { workers: PublicWorker[] }) {
  const t = useWords("public");
  const f = useFormat();
  const { attachViewport, ...carousel } = useCarousel({ options: OPTIONS, start: "visible" });
  return (
    <section
      aria-labelledby="workers-title"
      aria-roledescription={workers.length > 0 ? t("carousel.name") : undefined}
      className="mx-auto w-full max-w-7xl px-4 sm:px-6"
      data-section="workers"
      data-carousel="workers"
      data-carousel-ready={carousel.ready ? "true" : undefined}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SectionHeading
          id="workers-title"
          eyebrow={t("workers.eyebrow")}
          title={t("workers.title")}
          subtitle={t("workers.subtitle")}
        />
        {workers.length > 1 ? (
          <div className="mb-8 flex gap-2">
            <CarouselButton direction="prev" label={t("workers.prev")} onClick={carousel.prev} />
            <CarouselButton direction="next" label={t("workers.next")} onClick={carousel.next} />
          </div>
        ) : null}
      </div>
      {workers.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-white p-8 text-center text-muted-foreground">
          {t("workers.empty")}
        </p>
      ) : (
        <div>
          <div ref={attachViewport} className="-m-2 overflow-hidden p-2" data-carousel-viewport="">
            <div className="-ml-4 flex touch-pan-y" aria-live="polite">
              {workers.map((w, i) => (
                <Slide
                  key={w.id}
                  index={i}
                  total={workers.length}
                  selected={carousel.selected === i}
                  label={w.name}
                  className="basis-full pl-4 min-[480px]:basis-1/2 md:basis-1/3 lg:basis-1/4"
                >
                  <article className="flex h-full flex-col items-center gap-3 rounded-2xl border border-border bg-white p-6 text-center shadow-xs">
                    <Avatar src={w.photo} name={w.name} size={96} className="ring-4 ring-brand-50" />
                    <h3 className="line-clamp-1 text-lg font-semibold text-slate-900">{w.name}</h3>
                    <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
                      <CoinIcon className="size-4" />
                      {t("workers.coins", { count: f.count(w.coin) })}
                    </p>
                  </article>
                </Slide>
              ))}
            </div>
          </div>
          {carousel.controller}
        </div>
      )}
    </section>
  );
}
