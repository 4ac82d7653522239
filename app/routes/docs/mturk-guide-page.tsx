import type { Route } from "./+types/mturk-guide-page";
import { PublicPageHeader } from "~/components/landing/page-header";
import { originOf, pageMeta, publicMetaWords } from "~/components/landing/seo";
import { useLanguage, useWords } from "~/lib/i18n/react";
import { getEnv } from "~/server/context";
import { appOrigin } from "~/server/environment.server";
import { mturkGuide } from "~/server/docs/mturk-guide.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = publicMetaWords(matches);
  return pageMeta(matches, {
    title: t("mturkGuide.meta"),
    description: t("mturkGuide.description"),
    path: "/docs/mturk",
    origin: loaderData?.origin,
  });
};

/** docs/mturk.md rendered on the server (its examples with this deployment's origin); the page needs no script. */
export function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  return {
    origin: originOf(request),
    ...mturkGuide(appOrigin(env, request), env.DEVELOPER_REPO_URL || undefined),
  };
}

/** The page's frame in the reader's language; the guide itself (docs/mturk.md) is in English, as the API is. */
export default function MturkGuide({ loaderData }: Route.ComponentProps) {
  const t = useWords("public");
  const language = useLanguage();
  return (
    <main>
      <PublicPageHeader eyebrow={t("mturkGuide.eyebrow")} title={loaderData.title}>
        {language === "en" ? null : <p data-testid="guide-in-english">{t("mturkGuide.inEnglish")}</p>}
      </PublicPageHeader>
      <article
        data-testid="mturk-guide"
        lang="en"
        className="mx-auto max-w-4xl px-4 py-10 text-base leading-7 [overflow-wrap:anywhere] sm:px-6 [&>*+*]:mt-4 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-sm [&_h2]:mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h3]:mt-4 [&_h3]:text-xl [&_h3]:font-semibold [&_li]:ml-6 [&_li]:list-disc [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-50 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:text-sm [&_td]:border-b [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top [&_th]:border-b [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left"
        dangerouslySetInnerHTML={{ __html: loaderData.html }}
      />
    </main>
  );
}
