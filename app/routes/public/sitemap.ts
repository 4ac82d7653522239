import type { Route } from "./+types/sitemap";
import { originOf, PUBLIC_PAGES } from "~/components/landing/seo";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** sitemap.xml of the public pages. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = originOf(request);
  const urls = PUBLIC_PAGES.map(
    (p) =>
      `  <url>\n    <loc>${escapeXml(origin + p.path)}</loc>\n    <changefreq>${p.changefreq}</changefreq>\n    <priority>${p.priority}</priority>\n  </url>`,
  ).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
