import { createContext, type RouterContextProvider } from "react-router";
import type { ExternalProfile, SessionUser } from "./auth/session.server";
import type { Role } from "~/lib/roles";

export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
}

export const cloudflareContext = createContext<CloudflareContext>();
/** The signed-in user, read fresh from D1 on every request (null when anonymous). */
export const userContext = createContext<SessionUser | null>(null);
/**
 * Whether the request asks for a document (a page to render), not a script's data (`<path>.data`, React Router's
 * single fetch): loaders see both under the page's URL, so the Worker's entry says which (workers/app.ts).
 */
export const documentRequestContext = createContext<boolean>(true);
/** A verified external ID token (Google, Firebase) whose e-mail has no account yet; null otherwise. */
export const externalProfileContext = createContext<ExternalProfile | null>(null);

/** A signed-in user whose role a layout has checked. */
export type RoleUser<R extends Role> = SessionUser & { readonly role: R };

// Set by the dashboard layouts' middleware once they have checked who is calling (no default: reading one outside
// its layout throws instead of answering for an unchecked caller). Loaders and actions below read them as they are.
/** Any dashboard page: set by routes/dashboard/layout.tsx. */
export const signedInContext = createContext<SessionUser>();
/** The role's pages: set by routes/dashboard/{buyer,worker,admin}/layout.tsx. */
export const roleContexts = {
  Buyer: createContext<RoleUser<"Buyer">>(),
  Worker: createContext<RoleUser<"Worker">>(),
  Admin: createContext<RoleUser<"Admin">>(),
} as const;

export function getEnv(context: Readonly<RouterContextProvider>): Env {
  return context.get(cloudflareContext).env;
}
