import type { Route } from "./+types/robots";
import { originOf } from "~/components/landing/seo";

/** robots.txt: public pages are crawlable; dashboards, auth callbacks and the API are not. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = originOf(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard/",
    "Disallow: /auth/",
    "Disallow: /logout",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
