// Which outside parties a page's Content-Security-Policy lets in (app/server/http/csp.server.ts builds the header).
// A route that needs one says so in its `handle` (`export const handle = { csp: ["stripe"] }`); every other page
// allows only this site. The policy belongs to the document, not to the route: after a client-side navigation the
// first page's policy still applies, so a route that needs a party the document lacks reloads as a whole document.
import { createContext } from "react";

/**
 * Stripe.js (the card form of Purchase Coin); Google (the "Login with Google" form posts to Google's sign-in); a
 * HIT's question (the task page frames this site's sandboxed HTMLQuestion page, or an ExternalQuestion's https page).
 */
export type CspSource = "stripe" | "google" | "questions";

export interface CspHandle {
  csp?: CspSource[];
}

/** What the server allowed this document, rendered as `<html data-csp>` by the root layout. */
export const CspSourcesContext = createContext<readonly CspSource[]>([]);

function documentAllows(source: CspSource): boolean {
  return (document.documentElement.dataset.csp ?? "").split(" ").includes(source);
}

/**
 * A `clientLoader` for a route that needs `source`: on a client-side navigation from a document whose policy lacks
 * it, the page is loaded as a new document instead (with the policy it needs).
 */
export function loadWithPolicyFor<T>(source: CspSource, request: Request, serverLoader: () => Promise<T>): Promise<T> {
  if (documentAllows(source)) return serverLoader();
  window.location.assign(request.url);
  return new Promise<T>(() => {});
}
