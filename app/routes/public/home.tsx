import type { Route } from "./+types/home";
import { cloudflareContext } from "~/server/context";
import { minimumPayOf } from "~/server/services/pay-rate.server";
import { coinworkPromises } from "~/lib/promises";
import { landingData } from "~/server/services/landing.server";
import { HERO_IMAGE_SIZES, HeroCarousel, heroSrcSet } from "~/components/landing/hero-carousel";
import { HERO_SLIDES } from "~/components/landing/content";
import { Applicants } from "~/components/landing/applicants";
import { FeaturedJobs, GetStarted, PopularCategories, Promises } from "~/components/landing/sections";
import { WorkersCarousel } from "~/components/landing/workers-carousel";
import { Testimonials } from "~/components/landing/testimonials";
import { originOf, pageMeta, publicMetaWords } from "~/components/landing/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = publicMetaWords(matches);
  return pageMeta(matches, {
    title: t("home.meta"),
    description: t("home.description"),
    path: "/",
    origin: loaderData?.origin,
  });
};

export const links: Route.LinksFunction = () => [
  // The first hero slide's artwork is the largest element on a phone: fetch it with the HTML.
  {
    rel: "preload",
    as: "image",
    href: `${HERO_SLIDES[0].image}-720.webp`,
    imageSrcSet: heroSrcSet(HERO_SLIDES[0].image),
    imageSizes: HERO_IMAGE_SIZES,
    fetchPriority: "high",
    type: "image/webp",
  },
];

/** One parallel step of indexed D1 queries, cached at the edge for half a minute (public data only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, ctx } = context.get(cloudflareContext);
  const data = await landingData(env, ctx);
  return { ...data, promises: coinworkPromises(minimumPayOf(env)), origin: originOf(request) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, featured, workers, applicants, promises } = loaderData;
  return (
    <main className="grid grid-cols-1 gap-16 pb-4 sm:gap-20">
      <div className="grid grid-cols-1 gap-8">
        <HeroCarousel />
        <Applicants applicants={applicants} />
      </div>
      <PopularCategories categories={categories} />
      <FeaturedJobs tasks={featured} />
      <Promises promises={promises} />
      <WorkersCarousel workers={workers} />
      <GetStarted />
      <Testimonials />
    </main>
  );
}
