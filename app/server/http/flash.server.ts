import { PAGES_WITH_OWN_POLICY } from "~/lib/csp";
import type { Flash } from "~/lib/flash";

import { readCookie } from "./cookies.server";

export const FLASH_COOKIE = "cw_flash";

export function flashCookie(flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify(flash));
  return `${FLASH_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=60`;
}

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return { flash: null, clear: null };
  let flash: Flash | null = null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as Flash;
    if (parsed && typeof parsed.title === "string") flash = parsed;
  } catch {
    // a mangled cookie is dropped
  }
  return { flash, clear: `${FLASH_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0` };
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
