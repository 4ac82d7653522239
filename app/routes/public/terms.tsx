import type { Route } from "./+types/terms";
import { PublicPageHeader } from "~/components/landing/page-header";
import { CONTACT } from "~/components/landing/content";
import { originOf, pageMeta, publicMetaWords } from "~/components/landing/seo";
import { getEnv } from "~/server/context";
import { minimumPayOf } from "~/server/services/pay-rate.server";
import { SUBMISSIONS_TO_JUDGE } from "~/lib/pay-rate";
import type { Key } from "~/lib/i18n/messages";
import { useFormat, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = publicMetaWords(matches);
  return pageMeta(matches, {
    title: t("terms.meta"),
    description: t("terms.description"),
    path: "/terms",
    origin: loaderData?.origin,
  });
};

export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: originOf(request), minimumPayCents: minimumPayOf(getEnv(context)) };
}

/**
 * The eight sections, each its title and paragraphs (public `terms.<id>.title`, `terms.<id>.1`…); the third
 * paragraph of "tasks" is the minimum hourly pay of this deployment (MIN_HOURLY_PAY_CENTS), a rule of posting tasks.
 */
const SECTIONS: { id: string; title: Key<"public">; paragraphs: Key<"public">[] }[] = [
  section("acceptance", 2),
  section("accounts", 2),
  section("coins", 2),
  section("purchases", 2),
  section("tasks", 3),
  section("payment", 2),
  section("withdrawals", 2),
  section("conduct", 2),
];

/** A section's keys: its title and its `count` paragraphs (a key the catalogue lacks shows as itself, which tests catch). */
function section(id: string, count: number) {
  const key = (name: string) => `terms.${id}.${name}` as Key<"public">;
  return { id, title: key("title"), paragraphs: Array.from({ length: count }, (_, i) => key(String(i + 1))) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const t = useWords("public");
  const f = useFormat();
  const values = {
    minimumPay: t("promise.hourly", { dollars: f.dollars(loaderData.minimumPayCents) }),
    judged: f.count(SUBMISSIONS_TO_JUDGE),
    email: CONTACT.email,
  };
  return (
    <main>
      <PublicPageHeader eyebrow={t("terms.eyebrow")} title={t("terms.title")}>
        <p>{t("terms.intro")}</p>
      </PublicPageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[240px_1fr]">
        <nav aria-label={t("terms.sections")} className="max-lg:hidden">
          <ol className="sticky top-24 grid gap-1 text-sm">
            {SECTIONS.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="block rounded-md px-3 py-1.5 text-slate-600 hover:bg-muted hover:text-slate-900">
                  {f.count(i + 1)}. {t(s.title)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="grid max-w-3xl gap-8" data-testid="terms">
          {SECTIONS.map((s, i) => (
            <li key={s.id}>
              <section id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
                <h2 id={`${s.id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
                  <span className="mr-2 text-brand-700">{f.count(i + 1)}.</span>
                  {t(s.title)}
                </h2>
                {s.paragraphs.map((p) => (
                  <p key={p} className="mt-3 leading-relaxed text-slate-600">
                    {t(p, values)}
                  </p>
                ))}
              </section>
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}
