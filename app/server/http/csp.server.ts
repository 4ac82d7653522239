// The Content-Security-Policy of every HTML document (docs/decisions/011-content-security-policy-and-hardening.md):
// scripts only from this site or inline with this response's nonce (React Router's hydration scripts carry it),
// no plugins, no <base>, never framed. Stripe and Google are allowed only on the routes whose `handle` asks for
// them (app/lib/csp.ts).
import type { EntryContext } from "react-router";
import type { CspHandle, CspSource } from "~/lib/csp";

/** A fresh nonce per response: 128 random bits, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The parties the matched routes ask for (their `handle.csp`). */
export function cspSourcesOf(context: EntryContext): CspSource[] {
  const sources = new Set<CspSource>();
  for (const match of context.staticHandlerContext.matches) {
    const handle = context.routeModules[match.route.id]?.handle as CspHandle | undefined;
    for (const source of handle?.csp ?? []) sources.add(source);
  }
  return [...sources].sort();
}

const STRIPE = {
  "script-src": ["https://js.stripe.com"],
  "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com"],
  "connect-src": ["https://api.stripe.com"],
};

export function contentSecurityPolicy(nonce: string, sources: readonly CspSource[], env: Env): string {
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
  if (sources.includes("questions")) directives["frame-src"] = ["'self'", "https:"];
  // The Google button's form posts to /auth/google, which redirects to Google's sign-in: form-action covers the
  // redirect too. GOOGLE_ISSUER points tests at a local provider.
  if (sources.includes("google"))
    directives["form-action"].push(new URL(env.GOOGLE_ISSUER || "https://accounts.google.com").origin);
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
