// Which outside parties a page's Content-Security-Policy lets in (app/server/http/csp.server.ts builds the header).
// A route that needs one says so in its `handle` (`export const handle = { csp: ["stripe"] }`); every other page
// allows only this site. The policy belongs to the document, not to the route: after a client-side navigation the
// first page's policy still applies, so a route that needs a party the document lacks reloads as a whole document.
import { createContext, use } from "react";

/** Stripe.js (the card form of Purchase Coin); Google (the "Login with Google" form posts to Google's sign-in). */
export type CspSource = "stripe" | "google";

export interface CspHandle<Data = unknown> {
  csp?: CspSource[];
  /**
   * The origins a page frames, read from its loader data (the task page: a HIT's question, from the question origin
   * or an ExternalQuestion's site); the policy's frame-src lets exactly those in, and this site for what they post to.
   */
  frames?: (data: Data | undefined) => readonly string[];
}

/** What the server allowed this document: parties, and the origins it may frame. */
export interface CspAllowance {
  sources: readonly CspSource[];
  frames: readonly string[];
}

/**
 * The pages whose policy always lets a party in (their routes' `handle.csp`; a unit test keeps the two in step). A
 * redirect with a flash to one of them is followed as a new document (flash.server.ts): on a client-side
 * navigation the other routes' data, loaded first, would read the flash before the page reloads itself.
 */
export const PAGES_WITH_OWN_POLICY: readonly string[] = ["/login", "/register", "/dashboard/purchasecoin"];

/** What the server allowed this document, rendered as `<html data-csp data-csp-frames>` by the root layout. */
export const CspAllowanceContext = createContext<CspAllowance>({ sources: [], frames: [] });

/** The nonce of this document's policy, while the server renders it (entry.server.tsx). */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * The document's nonce, for the scripts and links React Router renders: the server's while it renders, else read
 * back from the document's scripts (a browser hides the attribute but keeps the `nonce` property). So they hydrate
 * with the nonce the server wrote, and the links added after a client-side navigation carry it too.
 */
export function useNonce(): string | undefined {
  const rendering = use(NonceContext);
  if (rendering || typeof document === "undefined") return rendering;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

function documentAllows(source: CspSource): boolean {
  return (document.documentElement.dataset.csp ?? "").split(" ").includes(source);
}

/** Loads the page at `url` as a new document, which the server answers with the policy it needs. */
function reloadAsDocument<T>(url: string): Promise<T> {
  window.location.assign(url);
  return new Promise<T>(() => {});
}

/**
 * A `clientLoader` for a route that needs `source`: on a client-side navigation from a document whose policy lacks
 * it, the page is loaded as a new document instead (with the policy it needs).
 */
export function loadWithPolicyFor<T>(source: CspSource, request: Request, serverLoader: () => Promise<T>): Promise<T> {
  return documentAllows(source) ? serverLoader() : reloadAsDocument(request.url);
}

/**
 * A `clientLoader` for a route whose pages frame origins named by their data (a task with a HIT's question): its data
 * is loaded first, and only a page that frames an origin this document's policy lacks is reloaded as a new document.
 */
export async function loadWithFrames<T>(
  request: Request,
  serverLoader: () => Promise<T>,
  frames: (data: T) => readonly string[],
): Promise<T> {
  const data = await serverLoader();
  const allowed = (document.documentElement.dataset.cspFrames ?? "").split(" ");
  return frames(data).every((origin) => allowed.includes(origin)) ? data : reloadAsDocument(request.url);
}
