import type { EmblaOptionsType } from "embla-carousel";
import { CoinIcon } from "~/components/icons";
import { Avatar } from "~/components/avatar";
import { useFormat, useWords } from "~/lib/i18n/react";
import type { PublicWorker } from "~/server/services/landing.server";
import { CarouselButton, SlideTrack, useCarousel } from "./carousel";
import { LandingSection } from "./sections";

const OPTIONS: EmblaOptionsType = { loop: true, align: "start", slidesToScroll: 1 };

/** 'Our Most In-Demand Workers': photo, name and coins; 4 at a time on wide screens; arrows wrap around. */
export function WorkersCarousel({ workers }: { workers: PublicWorker[] }) {
  const t = useWords("public");
  const f = useFormat();
  const { attachViewport, ...carousel } = useCarousel({ options: OPTIONS, start: "visible" });
  return (
    <LandingSection
      name="workers"
      heading={{ eyebrow: t("workers.eyebrow"), title: t("workers.title"), subtitle: t("workers.subtitle") }}
      aside={
        workers.length > 1 ? (
          <div className="mb-8 flex gap-2">
            <CarouselButton direction="prev" label={t("workers.prev")} onClick={carousel.prev} />
            <CarouselButton direction="next" label={t("workers.next")} onClick={carousel.next} />
          </div>
        ) : null
      }
      aria-roledescription={workers.length > 0 ? t("carousel.name") : undefined}
      data-carousel="workers"
      data-carousel-ready={carousel.ready ? "true" : undefined}
    >
      {workers.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-white p-8 text-center text-muted-foreground">
          {t("workers.empty")}
        </p>
      ) : (
        <div>
          <SlideTrack
            attachViewport={attachViewport}
            viewportClassName="-m-2 p-2"
            trackClassName="-ml-4"
            items={workers}
            selected={carousel.selected}
            slideLabel={(w) => w.name}
            slideClassName="basis-full pl-4 min-[480px]:basis-1/2 md:basis-1/3 lg:basis-1/4"
          >
            {(w) => (
              <article className="flex h-full flex-col items-center gap-3 rounded-2xl border border-border bg-white p-6 text-center shadow-xs">
                <Avatar src={w.photo} name={w.name} size={96} className="ring-4 ring-brand-50" />
                <h3 className="line-clamp-1 text-lg font-semibold text-slate-900">{w.name}</h3>
                <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
                  <CoinIcon className="size-4" />
                  {t("workers.coins", { count: f.count(w.coin) })}
                </p>
              </article>
            )}
          </SlideTrack>
          {carousel.controller}
        </div>
      )}
    </LandingSection>
  );
}
