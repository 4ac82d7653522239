// Headers every answer of the Worker gets (workers/app.ts): the security headers, and `private, no-store` on
// anything personal. Static assets get the same security headers from public/_headers.
import { sessionCookieToken } from "../auth/session.server";

export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

export const PRIVATE_NO_STORE = "private, no-store";

/** A CSV file to download (a personal one: never cached). */
export function csvAttachment(file: { name: string; text: string }): Response {
  return new Response(file.text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}

/**
 * Personal answers must not be kept by a browser's or a shared cache: every loader-data (`.data`) answer, every
 * answer that sets a cookie, and every page rendered for a request that carried credentials (a signed-in page, or
 * one that drops a stale session). Other answers keep their own Cache-Control (public pages, robots.txt, images).
 */
function isPersonal(request: Request, response: Response): boolean {
  if (response.headers.has("Set-Cookie")) return true;
  if (new URL(request.url).pathname.endsWith(".data")) return true;
  const credentials = request.headers.has("Authorization") || sessionCookieToken(request) !== undefined;
  return credentials && (response.headers.get("Content-Type") ?? "").startsWith("text/html");
}

/**
 * The response with the security headers (where it has none of its own) and the caching rule above; a page says its
 * encoding in its header as well as in its <meta charset> (React Router writes a bare "text/html").
 */
export function finishResponse(request: Request, response: Response): Response {
  const out = new Response(response.body, response);
  if (out.headers.get("Content-Type") === "text/html") out.headers.set("Content-Type", "text/html; charset=utf-8");
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!out.headers.has(k)) out.headers.set(k, v);
  if (isPersonal(request, out)) out.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return out;
}
