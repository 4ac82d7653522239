// A flash is a message for the page a redirect lands on, carried by a cookie (docs/decisions/004, "A flash shows
// once"). The browser's requests after a redirect land in any order (the page's data, a revalidation, the reload of
// a page with its own policy), and a request whose answer is dropped must not take the message with it. So only a
// document request (which renders the message into the page it answers) clears the cookie; a script's data request
// reads it and leaves it, and the page, which shows each flash once by its id, drops the cookie when it takes it
// (app/lib/flash.ts).
import { PAGES_WITH_OWN_POLICY } from "~/lib/csp";
import { FLASH_COOKIE, type Flash, type ShownFlash } from "~/lib/flash";

import { readCookie } from "./cookies.server";

export { FLASH_COOKIE };

/**
 * The cookie carrying `flash` to the next page, under an id of its own. Readable by the page's script, which drops
 * it once shown (a message, no secret: the session cookie stays HttpOnly).
 */
export function flashCookie(flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify({ ...flash, id: crypto.randomUUID() }));
  return `${FLASH_COOKIE}=${value}; Path=/; Secure; SameSite=Lax; Max-Age=60`;
}

const CLEAR = `${FLASH_COOKIE}=; Path=/; Secure; SameSite=Lax; Max-Age=0`;

/**
 * The flash the request carries, and the cookie that clears it: for a document request only (`document`), which
 * shows it in the page it answers; a data request leaves the cookie to the page that takes the flash.
 */
export function readFlash(request: Request, document: boolean): { flash: ShownFlash | null; clear: string | null } {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return { flash: null, clear: null };
  let flash: ShownFlash | null = null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as Partial<ShownFlash>;
    // a flash written before ids (or by hand) is known by its text
    if (parsed && typeof parsed.title === "string")
      flash = { ...(parsed as Flash), id: typeof parsed.id === "string" ? parsed.id : raw };
  } catch {
    // a mangled cookie is dropped, whoever reads it
    return { flash: null, clear: CLEAR };
  }
  return { flash, clear: document || !flash ? CLEAR : null };
}

/** React Router's header for a redirect the browser follows as a new document (what `redirectDocument` sets). */
export const RELOAD_DOCUMENT_HEADER = "X-Remix-Reload-Document";

/**
 * A redirect that shows `flash` on the page it lands on; to a page with its own policy, as a new document (the
 * flash would otherwise be read by the data request that comes before the page's reload).
 */
export function redirectWithFlash(to: string, flash: Flash, init: HeadersInit = {}): Response {
  const headers = new Headers(init);
  headers.set("Location", to);
  if (PAGES_WITH_OWN_POLICY.includes(new URL(to, "https://coinwork.invalid").pathname))
    headers.set(RELOAD_DOCUMENT_HEADER, "true");
  headers.append("Set-Cookie", flashCookie(flash));
  return new Response(null, { status: 302, headers });
}
