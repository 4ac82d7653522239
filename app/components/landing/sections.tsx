import type * as React from "react";
import { Link } from "react-router";
import { ArrowRight, CalendarDays } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { CoinIcon } from "~/components/icons";
import { cn } from "~/lib/cn";
import type { CategoryCount, FeaturedTask } from "~/server/services/landing.server";
import type { CoinworkPromises, PromiseFigures, PromiseId } from "~/lib/promises";
import { categoryImage, categoryWordsKey } from "~/lib/categories";
import { useFormat, useWords } from "~/lib/i18n/react";
import { TaskImage } from "~/components/task-image";

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  className,
  tone = "default",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: React.ReactNode;
  className?: string;
  tone?: "default" | "center";
}) {
  return (
    <div className={cn("mb-8 grid gap-2", tone === "center" && "mx-auto max-w-2xl text-center", className)}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
      <h2 id={id} className="text-balance text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {subtitle ? <p className="text-muted-foreground sm:text-lg">{subtitle}</p> : null}
    </div>
  );
}

/** 'Popular Job Categories': all nine categories with their open positions (0 shown). */
export function PopularCategories({ categories }: { categories: CategoryCount[] }) {
  const t = useWords("public");
  const common = useWords("common");
  return (
    <section
      aria-labelledby="categories-title"
      className="mx-auto w-full max-w-7xl px-4 sm:px-6"
      data-section="categories"
    >
      <SectionHeading
        id="categories-title"
        eyebrow={t("categories.eyebrow")}
        title={t("categories.title")}
        subtitle={t("categories.subtitle")}
      />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:gap-4">
        {categories.map((c) => (
          <li
            key={c.category}
            className="flex items-center gap-4 rounded-2xl border border-border bg-white p-3 pr-4 shadow-xs transition hover:border-brand-200 hover:shadow-sm"
            data-category={c.category}
          >
            <img
              src={categoryImage(c.category)}
              alt=""
              width={96}
              height={60}
              loading="lazy"
              decoding="async"
              className="h-15 w-24 shrink-0 rounded-xl object-cover"
            />
            <div className="min-w-0">
              <h3 className="truncate font-semibold text-slate-900">{common(categoryWordsKey(c.category))}</h3>
              <p className="text-sm text-muted-foreground" data-open-positions={c.openPositions}>
                {t("categories.open", { count: c.openPositions })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Featured Jobs': the open tasks that pay most per worker; a card opens the task. */
export function FeaturedJobs({ tasks }: { tasks: FeaturedTask[] }) {
  const t = useWords("public");
  const common = useWords("common");
  const f = useFormat();
  return (
    <section aria-labelledby="featured-title" className="mx-auto w-full max-w-7xl px-4 sm:px-6" data-section="featured">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SectionHeading
          id="featured-title"
          eyebrow={t("featured.eyebrow")}
          title={t("featured.title")}
          subtitle={t("featured.subtitle")}
        />
        <Link to="/browse" className={cn(buttonVariants({ variant: "link" }), "-mt-5 mb-6 px-0 sm:mt-0 sm:mb-8")}>
          {t("featured.seeAll")} <ArrowRight aria-hidden />
        </Link>
      </div>
      {tasks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-white p-8 text-center text-muted-foreground">
          {t("featured.empty")}
        </p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {tasks.map((task) => (
            <li key={task.id}>
              <Link
                to={`/browse/${task.id}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-xs transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                data-task-id={task.id}
              >
                <TaskImage src={task.taskImageUrl} category={task.category} className="aspect-[16/10] w-full" />
                <div className="flex flex-1 flex-col gap-3 p-5">
                  <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">
                    {common(categoryWordsKey(task.category))}
                  </p>
                  <h3 className="line-clamp-2 text-lg font-semibold leading-snug text-slate-900 group-hover:text-brand-800">
                    {task.taskTitle}
                  </h3>
                  <div className="mt-auto flex items-center justify-between gap-3 pt-2 text-sm">
                    <span className="inline-flex items-center gap-1.5 text-slate-600">
                      <CalendarDays className="size-4" aria-hidden />
                      <span>
                        <span className="sr-only">{t("featured.completeBy")} </span>
                        {f.date(task.completionDate)}
                      </span>
                    </span>
                    <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 font-semibold text-amber-900 ring-1 ring-amber-200">
                      <CoinIcon className="size-4" />
                      {f.count(task.payableAmount)}
                      <span className="sr-only"> {t("featured.perWorker")}</span>
                    </span>
                  </div>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The second hero: 'Get Started' goes to the tasks (/browse sends each role somewhere of its own). */
export function GetStarted() {
  const t = useWords("public");
  return (
    <section
      aria-labelledby="get-started-title"
      className="mx-auto w-full max-w-7xl px-4 sm:px-6"
      data-section="get-started"
    >
      <div className="relative grid items-center gap-6 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-6 py-10 text-white sm:px-10 lg:grid-cols-[1.1fr_1fr] lg:py-14">
        <div aria-hidden className="pointer-events-none absolute -left-20 -top-20 size-64 rounded-full bg-white/5" />
        <div className="relative grid gap-4">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">{t("getStarted.eyebrow")}</p>
          <h2 id="get-started-title" className="text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">
            {t("getStarted.title")}
          </h2>
          <p className="max-w-lg text-brand-50/90 sm:text-lg">{t("getStarted.text")}</p>
          <div>
            <Link
              to="/browse"
              className={cn(buttonVariants({ size: "lg" }), "bg-amber-300 text-slate-950 hover:bg-amber-200")}
            >
              {t("getStarted.cta")} <ArrowRight aria-hidden />
            </Link>
          </div>
        </div>
        <img
          src="/images/get-started-760.webp"
          srcSet="/images/get-started-380.webp 380w, /images/get-started-760.webp 760w"
          sizes="(min-width: 1024px) 520px, calc(100vw - 3rem)"
          width={760}
          height={560}
          alt={t("getStarted.alt")}
          loading="lazy"
          decoding="async"
          className="relative mx-auto h-auto w-full max-w-[520px]"
        />
      </div>
    </section>
  );
}

/** Each promise's title and text in the page's language, with the figures they name. */
export function usePromiseWords(figures: PromiseFigures): (id: PromiseId) => { title: string; text: string } {
  const t = useWords("public");
  const f = useFormat();
  const values = {
    minimumPay: t("promise.hourly", { dollars: f.dollars(figures.minimumPayCents) }),
    hours: f.count(figures.revisionHours),
    days: f.count(figures.appealDays),
    coins: f.coins(figures.withdrawFromCoins),
    dollars: f.dollars(figures.withdrawFromCents, { dropZeroCents: true }),
  };
  return (id) => ({ title: t(`promise.${id}.title`, values), text: t(`promise.${id}.text`, values) });
}

/** One side's promises as a list (the landing page's "Fair to both sides"). */
function PromiseList({
  id,
  title,
  items,
  figures,
}: {
  id: string;
  title: string;
  items: PromiseId[];
  figures: PromiseFigures;
}) {
  const words = usePromiseWords(figures);
  return (
    <div className="grid content-start gap-4 rounded-3xl border border-border bg-white p-5 shadow-xs sm:p-7">
      <h3 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h3>
      <ul aria-labelledby={id} className="grid gap-4">
        {items.map((promise) => (
          <li key={promise} data-promise={promise}>
            <p className="font-semibold text-slate-900">{words(promise).title}</p>
            <p className="text-sm leading-relaxed text-slate-600">{words(promise).text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What Coinwork promises workers and requesters, before anyone signs up (app/lib/promises.ts). */
export function Promises({ promises }: { promises: CoinworkPromises }) {
  const t = useWords("public");
  return (
    <section aria-labelledby="promises-title" className="mx-auto w-full max-w-7xl px-4 sm:px-6" data-section="promises">
      <SectionHeading
        id="promises-title"
        eyebrow={t("promises.eyebrow")}
        title={t("promises.title")}
        subtitle={t.rich("promises.subtitle", {
          faq: (chunks) => (
            <Link to="/faq" className="font-semibold text-brand-800 underline underline-offset-4">
              {chunks}
            </Link>
          ),
          terms: (chunks) => (
            <Link to="/terms" className="font-semibold text-brand-800 underline underline-offset-4">
              {chunks}
            </Link>
          ),
        })}
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <PromiseList
          id="promises-workers"
          title={t("promises.workers")}
          items={promises.workers}
          figures={promises.figures}
        />
        <div className="grid content-start gap-4">
          <PromiseList
            id="promises-requesters"
            title={t("promises.requesters")}
            items={promises.requesters}
            figures={promises.figures}
          />
          <Link to="/docs/mturk" className="font-semibold text-brand-800 underline underline-offset-4">
            {t("promises.mturkGuide")}
          </Link>
        </div>
      </div>
    </section>
  );
}
