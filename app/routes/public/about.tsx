import { Link } from "react-router";
import { Eye, HandCoins, ShieldCheck } from "~/components/icons/more";
import type { Route } from "./+types/about";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { PublicPageHeader } from "~/components/landing/page-header";
import { WebpImage } from "~/components/landing/webp-image";
import { originOf, pageMeta, publicMetaWords } from "~/components/landing/seo";
import { useFormat, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = publicMetaWords(matches);
  return pageMeta(matches, {
    title: t("about.meta"),
    description: t("about.description"),
    path: "/about",
    origin: loaderData?.origin,
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return { origin: originOf(request) };
}

/** Four steps, by year (their words: public `about.history.<words>.title` and `.text`). */
const HISTORY = [
  { year: 2022, words: "idea" },
  { year: 2023, words: "coins" },
  { year: 2024, words: "categories" },
  { year: 2025, words: "trust" },
] as const;

/** What Coinwork stands for (words: public `about.value.<words>.title` and `.text`). */
const VALUES = [
  { icon: HandCoins, words: "results" },
  { icon: ShieldCheck, words: "ledger" },
  { icon: Eye, words: "people" },
] as const;

export default function About() {
  const t = useWords("public");
  const f = useFormat();
  return (
    <main>
      <PublicPageHeader eyebrow={t("about.eyebrow")} title={t("about.title")}>
        <p>{t("about.intro")}</p>
      </PublicPageHeader>
      <div className="mx-auto grid max-w-7xl gap-16 px-4 py-12 sm:px-6">
        <section aria-labelledby="history-title" className="grid items-start gap-10 lg:grid-cols-2">
          <div>
            <h2 id="history-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t("about.story")}
            </h2>
            <p className="mt-2 text-muted-foreground">{t("about.storyIntro")}</p>
            <ol className="mt-8 grid gap-0" data-testid="history">
              {HISTORY.map((step, i) => (
                <li key={step.year} className="relative grid grid-cols-[auto_1fr] gap-x-5 pb-8 last:pb-0">
                  <div className="flex flex-col items-center">
                    <span className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white shadow-sm ring-4 ring-brand-100">
                      {f.year(step.year)}
                    </span>
                    {i < HISTORY.length - 1 ? <span aria-hidden className="mt-2 w-0.5 flex-1 bg-brand-200" /> : null}
                  </div>
                  <div className="pt-2">
                    <h3 className="text-lg font-semibold text-slate-900">
                      <span className="sr-only">{f.year(step.year)}: </span>
                      {t(`about.history.${step.words}.title`)}
                    </h3>
                    <p className="mt-1 text-slate-600">{t(`about.history.${step.words}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <WebpImage
            base="/images/about-team"
            widths={[480, 960]}
            priority
            sizes="(min-width: 1024px) 600px, calc(100vw - 2rem)"
              height={720}
            alt={t("about.teamAlt")}
            className="mx-auto h-auto w-full max-w-[600px] lg:sticky lg:top-24"
          />
        </section>
        <section aria-labelledby="values-title">
          <h2 id="values-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("about.values")}
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {VALUES.map((v) => (
              <li key={v.words} className="rounded-2xl border border-border bg-white p-6 shadow-xs">
                <v.icon className="size-8 text-brand-700" aria-hidden />
                <h3 className="mt-4 font-semibold text-slate-900">{t(`about.value.${v.words}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`about.value.${v.words}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-3xl bg-brand-900 px-6 py-8 text-white sm:px-10">
          <p className="text-xl font-semibold">{t("about.ready")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/register" className={cn(buttonVariants({ size: "lg" }), "bg-amber-300 text-slate-950 hover:bg-amber-200")}>
              {t("about.join")}
            </Link>
            <Link to="/contact" className={cn(buttonVariants({ variant: "outline", size: "lg" }), "border-white/40 bg-transparent text-white hover:bg-white/10")}>
              {t("about.contact")}
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
