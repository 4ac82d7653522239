import { Link } from "react-router";
import { ChevronDown } from "~/components/icons";
import type { Route } from "./+types/faq";
import { PublicPageHeader } from "~/components/landing/page-header";
import { originOf, pageMeta, publicMetaWords } from "~/components/landing/seo";
import { usePromiseWords } from "~/components/landing/sections";
import { useWords } from "~/lib/i18n/react";
import { getEnv } from "~/server/context";
import { minimumPayOf } from "~/server/services/pay-rate.server";
import { coinworkPromises, type PromiseId } from "~/lib/promises";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = publicMetaWords(matches);
  return pageMeta(matches, {
    title: t("faq.meta"),
    description: t("faq.description"),
    path: "/faq",
    origin: loaderData?.origin,
  });
};

export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: originOf(request), promises: coinworkPromises(minimumPayOf(getEnv(context))) };
}

/** A question and its answer (public `faq.<words>.q` and `.a`), and the promises listed under the answer. */
interface Faq {
  words: "what" | "workerPromises" | "requesterPromises" | "earn" | "withdraw" | "post" | "rejected";
  list?: PromiseId[];
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const t = useWords("public");
  const { promises } = loaderData;
  const promise = usePromiseWords(promises.figures);
  // the product's original five questions, with the two on Coinwork's promises after the first
  const faqs: Faq[] = [
    { words: "what" },
    { words: "workerPromises", list: promises.workers },
    { words: "requesterPromises", list: promises.requesters },
    { words: "earn" },
    { words: "withdraw" },
    { words: "post" },
    { words: "rejected" },
  ];
  return (
    <main>
      <PublicPageHeader eyebrow={t("faq.eyebrow")} title={t("faq.title")}>
        <p>
          {t.rich("faq.intro", {
            link: (chunks) => (
              <Link to="/contact" className="font-semibold text-brand-800 underline underline-offset-4">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </PublicPageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <div className="grid gap-3" data-testid="faq">
          {faqs.map((item, i) => (
            <details
              key={item.words}
              className="group rounded-2xl border border-border bg-white shadow-xs open:border-brand-200 open:shadow-sm"
              open={i === 0}
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 marker:hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                <span className="text-base sm:text-lg">{t(`faq.${item.words}.q`)}</span>
                <ChevronDown className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" aria-hidden />
              </summary>
              <div className="grid gap-3 px-5 pb-5 leading-relaxed text-slate-600">
                <p>{t(`faq.${item.words}.a`)}</p>
                {item.list ? (
                  <ul className="grid list-disc gap-2 pl-5">
                    {item.list.map((id) => (
                      <li key={id}>
                        {t.rich("faq.promise", {
                          ...promise(id),
                          b: (chunks) => <strong className="font-semibold text-slate-900">{chunks}</strong>,
                        })}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </details>
          ))}
        </div>
      </div>
    </main>
  );
}
