// The Content-Security-Policy of every HTML document (docs/decisions/011-content-security-policy-and-hardening.md):
// scripts only from this site or inline with this response's nonce (React Router's hydration scripts carry it),
// no plugins, no <base>, never framed. Stripe and Google are allowed only on the routes whose `handle` asks for
// them, and a frame only from the origins a page's `handle.frames` reads from its data (app/lib/csp.ts).
import type { EntryContext } from "react-router";
import type { CspAllowance, CspHandle, CspSource } from "~/lib/csp";

/** A fresh nonce per response: 128 random bits, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The parties the matched routes ask for (their `handle.csp`), and the origins their data frames. */
export function cspAllowanceOf(context: EntryContext): CspAllowance {
  const sources = new Set<CspSource>();
  const frames = new Set<string>();
  for (const match of context.staticHandlerContext.matches) {
    const handle = context.routeModules[match.route.id]?.handle as CspHandle | undefined;
    for (const source of handle?.csp ?? []) sources.add(source);
    for (const origin of handle?.frames?.(context.staticHandlerContext.loaderData[match.route.id]) ?? [])
      frames.add(origin);
  }
  return { sources: [...sources].sort(), frames: [...frames].sort() };
}

const STRIPE = {
  "script-src": ["https://js.stripe.com"],
  "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com"],
  "connect-src": ["https://api.stripe.com"],
};

export function contentSecurityPolicy(nonce: string, { sources, frames }: CspAllowance, env: Env): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    // Inline styles stay allowed: the toasts and dialogs set them, and a style cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Google accounts' profile photos are shown as avatars.
    "img-src": ["'self'", "data:", "blob:", "https://*.googleusercontent.com"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
  };
  if (sources.includes("stripe")) {
    directives["frame-src"] = [];
    for (const [name, origins] of Object.entries(STRIPE)) directives[name].push(...origins);
  }
  // a framed page may post to this site (a HIT's question sends its answer to /mturk/externalSubmit, whose page then
  // shows in the frame)
  if (frames.length) directives["frame-src"] = ["'self'", ...frames];
  // The Google button's form posts to /auth/google, which redirects to Google's sign-in: form-action covers the
  // redirect too. GOOGLE_ISSUER points tests at a local provider.
  if (sources.includes("google"))
    directives["form-action"].push(new URL(env.GOOGLE_ISSUER || "https://accounts.google.com").origin);
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
