// Shared by the Login, Register and Google sign-in routes (not a route).
import { redirect, type RouterContextProvider } from "react-router";
import type { Flash } from "~/lib/flash";
import { homeFor } from "~/lib/roles";
import { userContext } from "~/server/context";
import { sessionCookie } from "~/server/auth/session.server";
import { redirectWithFlash } from "~/server/http/flash.server";

export const LOGIN_SUCCESSFUL: Flash = { type: "success", title: "Login Successful!", message: "Welcome back" };

/** Login and Register are for visitors: someone already signed in goes to their role's home. */
export function redirectSignedIn(context: Readonly<RouterContextProvider>): null {
  const user = context.get(userContext);
  if (user) throw redirect(homeFor(user.role));
  return null;
}

/** A successful sign-in: the session cookie (and any `cookies` more), then `to`, where `flash` shows. */
export function enterWithSession(to: string, token: string, flash: Flash, ...cookies: string[]): Response {
  return redirectWithFlash(
    to,
    flash,
    [sessionCookie(token), ...cookies].map((c): [string, string] => ["Set-Cookie", c]),
  );
}
