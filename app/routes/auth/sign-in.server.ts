// Shared by the Login, Register and Google sign-in routes (not a route).
import { redirect, type RouterContextProvider } from "react-router";
import type { Flash } from "~/lib/flash";
import { homeFor } from "~/lib/roles";
import { userContext } from "~/server/context";
import { deviceCookie, sessionCookie } from "~/server/auth/session.server";
import { redirectWithFlash } from "~/server/http/flash.server";

export const LOGIN_SUCCESSFUL: Flash = { type: "success", title: "Login Successful!", message: "Welcome back" };

/** Login and Register are for visitors: someone already signed in goes to their role's home. */
export function redirectSignedIn(context: Readonly<RouterContextProvider>): null {
  const user = context.get(userContext);
  if (user) throw redirect(homeFor(user.role));
  return null;
}

/**
 * A successful sign-in: the session cookie, the device cookie that makes this browser one the account knows
 * (services/login-throttle.server.ts), and any `cookies` more; then `to`, where `flash` shows.
 */
export function enterWithSession(
  to: string,
  signedIn: { token: string; device: string },
  flash: Flash,
  ...cookies: string[]
): Response {
  return redirectWithFlash(
    to,
    flash,
    [sessionCookie(signedIn.token), deviceCookie(signedIn.device), ...cookies].map((c): [string, string] => [
      "Set-Cookie",
      c,
    ]),
  );
}
