import { createContext, type RouterContextProvider } from "react-router";
import type { ExternalProfile, SessionUser } from "./auth/session.server";

export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
}

export const cloudflareContext = createContext<CloudflareContext>();
/** The signed-in user, read fresh from D1 on every request (null when anonymous). */
export const userContext = createContext<SessionUser | null>(null);
/** A verified external ID token (Google, Firebase) whose e-mail has no account yet; null otherwise. */
export const externalProfileContext = createContext<ExternalProfile | null>(null);

export function getEnv(context: Readonly<RouterContextProvider>): Env {
  return context.get(cloudflareContext).env;
}
