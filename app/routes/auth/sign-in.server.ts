// Shared by the Login, Register and Google sign-in routes (not a route).
import { redirect, type RouterContextProvider } from "react-router";
import type { Flash } from "~/lib/flash";
import type { Language } from "~/lib/i18n/languages";
import { serverWords } from "~/lib/i18n/words.server";
import { homeFor } from "~/lib/roles";
import { userContext } from "~/server/context";
import { deviceCookie, sessionCookie } from "~/server/auth/session.server";
import { redirectWithFlash } from "~/server/http/flash.server";

/** The flash of a successful sign-in, in the language of the account signed in to. */
export function loginSuccessful(language: Language): Flash {
  const t = serverWords(language, "auth");
  return { type: "success", title: t("loginSuccessful"), message: t("welcomeBack") };
}

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
