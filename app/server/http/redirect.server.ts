// The one check of a redirect target that came from the visitor (login's redirectTo, the bell's redirectTo, any
// ?next=): it must name a page of this site. Browsers are lenient with Location: they drop tabs and newlines, read
// a backslash as a slash and `//host` as another site, so anything that could turn into another origin after such
// clean-up is refused outright rather than repaired.

import { homeFor, mayOpen, type Role } from "~/lib/roles";

/** Control characters (C0, DEL, C1), any whitespace (including U+2028/9) and backslashes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\s\\]/u;

/**
 * `target` as a path of this site (path, query and hash), or `fallback` when it is missing, not a path starting
 * with a single "/", holds a character a browser might clean up, reads as another origin once percent-decoded, or
 * starts with one of `except` (e.g. the login page itself). A full URL of this very origin is accepted as its path.
 */
export function safeRedirect(
  target: unknown,
  request: Request,
  fallback: string,
  opts: { except?: string[] } = {},
): string {
  if (typeof target !== "string" || target === "" || target.length > 2000 || UNSAFE.test(target)) return fallback;
  const origin = new URL(request.url).origin;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  // A relative target must be an absolute path; an absolute URL must be this origin written out in full.
  if (!target.startsWith("/") && !target.toLowerCase().startsWith(`${origin.toLowerCase()}/`)) return fallback;
  if (target.startsWith("//")) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || UNSAFE.test(decoded)) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const except = opts.except ?? [];
  if (except.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return fallback;
  return path;
}

/** A visitor-supplied `redirectTo` when it is a dashboard page of this site (the bell, the banners), else null. */
export function dashboardPage(target: unknown, request: Request): string | null {
  const to = safeRedirect(target, request, "");
  return /^\/dashboard(?:[/?#]|$)/.test(to) ? to : null;
}

/**
 * Where a user goes after signing in: back to `redirectTo` (where a guard sent them from) when it is a page of this
 * site their role may open, otherwise their role's home, never another site, the sign-in pages or /unauthorized.
 */
export function afterSignIn(redirectTo: unknown, request: Request, role: Role): string {
  const home = homeFor(role);
  const to = safeRedirect(redirectTo, request, home, { except: ["/login", "/register", "/unauthorized"] });
  return mayOpen(role, new URL(to, "https://coinwork.invalid").pathname) ? to : home;
}

/**
 * The page a request is for, as a path and query to come back to: a script's navigation or post asks for the page's
 * data URL (`<path>.data`, `/_root.data` for "/") and names React Router's own parameters (`_routes`, the loaders to
 * run; `index`, an index route's action), none of which belongs in a way back. `drop` names more parameters to leave
 * out (e.g. a page's no-JavaScript views).
 */
export function pageBehind(request: Request, drop: readonly string[] = []): string {
  const url = new URL(request.url);
  for (const p of [...drop, "index", "_routes"]) url.searchParams.delete(p);
  const search = url.searchParams.toString();
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return `${path}${search ? `?${search}` : ""}`;
}
