import type { MetaDescriptor } from "react-router";
import { metaWords } from "~/lib/i18n/react";

export const SITE_NAME = "Coinwork";
export const OG_IMAGE = "/images/og-cover.png";

/** The public pages listed in the sitemap (path, change frequency, priority). */
export const PUBLIC_PAGES = [
  { path: "/", changefreq: "hourly", priority: "1.0" },
  { path: "/about", changefreq: "monthly", priority: "0.6" },
  { path: "/contact", changefreq: "monthly", priority: "0.5" },
  { path: "/faq", changefreq: "monthly", priority: "0.6" },
  { path: "/terms", changefreq: "yearly", priority: "0.3" },
  { path: "/register", changefreq: "yearly", priority: "0.5" },
  { path: "/login", changefreq: "yearly", priority: "0.3" },
] as const;

export function originOf(request: Request): string {
  return new URL(request.url).origin;
}

/** The words of a public page's `meta`, from the root's data among its `matches` (see `metaWords`). */
export const publicMetaWords = (matches: Parameters<typeof metaWords>[0]) => metaWords(matches, "public");

/**
 * Title, description, canonical link, Open Graph and Twitter card tags for a public page, in the page's language
 * (`matches`: the meta function's, for the image's description).
 */
export function pageMeta(
  matches: Parameters<typeof metaWords>[0],
  {
    title,
    description,
    path,
    origin,
    image = OG_IMAGE,
  }: {
    title: string;
    description: string;
    path: string;
    origin?: string;
    image?: string;
  },
): MetaDescriptor[] {
  const imageAlt = publicMetaWords(matches)("seo.imageAlt");
  const base = origin ?? "";
  const url = `${base}${path}`;
  const imageUrl = `${base}${image}`;
  return [
    { title },
    { name: "description", content: description },
    ...(origin ? [{ tagName: "link", rel: "canonical", href: url } as MetaDescriptor] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}
