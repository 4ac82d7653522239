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
import { WebpImage } from "./webp-image";

/** A section's heading: an eyebrow above the title, a subtitle below. */
interface Heading {
  eyebrow: string;
  title: string;
  subtitle: React.ReactNode;
  tone?: "default" | "center";
}

/**
 * A section of the landing page: named by `data-section`, labelled by its heading (`<name>-title`), which `aside`
 * (a link, the arrows) stands beside when given.
 */
export function LandingSection({
  name,
  heading,
  aside,
  children,
  ...attributes
}: {
  name: string;
  heading?: Heading;
  aside?: React.ReactNode;
  children: React.ReactNode;
} & React.ComponentProps<"section">) {
  const title = heading ? <SectionHeading id={`${name}-title`} {...heading} /> : null;
  return (
    <section
      aria-labelledby={`${name}-title`}
      className="mx-auto w-full max-w-7xl px-4 sm:px-6"
      data-section={name}
      {...attributes}
    >
      {aside === undefined ? (
        title
      ) : (
        <div className="flex flex-wrap items-end justify-between gap-4">
          {title}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}

function SectionHeading({ id, eyebrow, title, subtitle, tone = "default" }: Heading & { id: string }) {
  return (
    <div className={cn("mb-8 grid gap-2", tone === "center" && "mx-auto max-w-2xl text-center")}>
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
      <h2 id={id} className="text-balance text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      <p className="text-muted-foreground sm:text-lg">{subtitle}</p>
    </div>
  );
}

/** 'Popular Job Categories': all nine categories with their open positions (0 shown). */
export function PopularCategories({ categories }: { categories: CategoryCount[] }) {
  const t = useWords("public");
  const common = useWords("common");
  return (
    <LandingSection
      name="categories"
      heading={{ eyebrow: t("categories.eyebrow"), title: t("categories.title"), subtitle: t("categories.subtitle") }}
    >
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
    </LandingSection>
  );
}

/** 'Featured Jobs': the open tasks that pay most per worker; a card opens the task. */
export function FeaturedJobs({ tasks }: { tasks: FeaturedTask[] }) {
  const t = useWords("public");
  const common = useWords("common");
  const f = useFormat();
  return (
    <LandingSection
      name="featured"
      heading={{ eyebrow: t("featured.eyebrow"), title: t("featured.title"), subtitle: t("featured.subtitle") }}
      aside={
        <Link to="/browse" className={cn(buttonVariants({ variant: "link" }), "-mt-5 mb-6 px-0 sm:mt-0 sm:mb-8")}>
          {t("featured.seeAll")} <ArrowRight aria-hidden />
        </Link>
      }
    >
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
    </LandingSection>
  );
}

/** The second hero: 'Get Started' goes to the tasks (/browse sends each role somewhere of its own). */
export function GetStarted() {
  const t = useWords("public");
  return (
    <LandingSection name="get-started">
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
        <WebpImage
          base="/images/get-started"
          widths={[380, 760]}
          sizes="(min-width: 1024px) 520px, calc(100vw - 3rem)"
          height={560}
          alt={t("getStarted.alt")}
          className="relative mx-auto h-auto w-full max-w-[520px]"
        />
      </div>
    </LandingSection>
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
  side,
  title,
  promises,
}: {
  side: "workers" | "requesters";
  title: string;
  promises: CoinworkPromises;
}) {
  const words = usePromiseWords(promises.figures);
  const id = `promises-${side}`;
  return (
    <div className="grid content-start gap-4 rounded-3xl border border-border bg-white p-5 shadow-xs sm:p-7">
      <h3 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h3>
      <ul aria-labelledby={id} className="grid gap-4">
        {promises[side].map((promise) => (
          <li key={promise} data-promise={promise}>
            <p className="font-semibold text-slate-900">{words(promise).title}</p>
            <p className="text-sm leading-relaxed text-slate-600">{words(promise).text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An underlined link around words (a rich message's chunks). */
const linkTo = (to: string) => (words: React.ReactNode) => (
  <Link to={to} className="font-semibold text-brand-800 underline underline-offset-4">
    {words}
  </Link>
);

/** What Coinwork promises workers and requesters, before anyone signs up (app/lib/promises.ts). */
export function Promises({ promises }: { promises: CoinworkPromises }) {
  const t = useWords("public");
  return (
    <LandingSection
      name="promises"
      heading={{
        eyebrow: t("promises.eyebrow"),
        title: t("promises.title"),
        subtitle: t.rich("promises.subtitle", { faq: linkTo("/faq"), terms: linkTo("/terms") }),
      }}
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <PromiseList side="workers" title={t("promises.workers")} promises={promises} />
        <div className="grid content-start gap-4">
          <PromiseList side="requesters" title={t("promises.requesters")} promises={promises} />
          {linkTo("/docs/mturk")(t("promises.mturkGuide"))}
        </div>
      </div>
    </LandingSection>
  );
}
