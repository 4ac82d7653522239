import type { Route } from "./+types/google-callback";
import { getEnv } from "~/server/context";
import { finishGoogleSignIn, googleConfigured } from "~/server/auth/google.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { refusal } from "~/server/errors";
import { afterSignIn } from "~/server/http/redirect.server";
import { enterWithSession, loginSuccessful } from "./sign-in.server";
import { serverWords } from "~/lib/i18n/words.server";
import { requestLanguage } from "~/server/http/language.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  // the page's language: a new account is made in it, as Register makes one
  const language = requestLanguage(request, null);
  const t = serverWords(language, "auth");
  if (!googleConfigured(env))
    return redirectWithFlash("/login", { type: "error", title: t("loginFailed"), message: t("google.notSetUp") });
  try {
    const profile = await finishGoogleSignIn(env, request);
    const signedIn = await signInWithVerifiedEmail(env, profile, language);
    const to = afterSignIn(profile.redirectTo, request, signedIn.user.role);
    return enterWithSession(to, signedIn, loginSuccessful(signedIn.user.language), profile.clearCookie);
  } catch (e) {
    return redirectWithFlash("/login", { type: "error", title: t("loginFailed"), message: refusal(e).message });
  }
}
