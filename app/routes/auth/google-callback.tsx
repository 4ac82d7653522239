import type { Route } from "./+types/google-callback";
import { getEnv } from "~/server/context";
import { finishGoogleSignIn, googleConfigured } from "~/server/auth/google.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { refusal } from "~/server/errors";
import { afterSignIn } from "~/server/http/redirect.server";
import { LOGIN_SUCCESSFUL, enterWithSession } from "./sign-in.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  if (!googleConfigured(env))
    return redirectWithFlash("/login", {
      type: "error",
      title: "Login Failed!",
      message: "Google sign-in is not set up on this server",
    });
  try {
    const profile = await finishGoogleSignIn(env, request);
    const signedIn = await signInWithVerifiedEmail(env, profile);
    const to = afterSignIn(profile.redirectTo, request, signedIn.user.role);
    return enterWithSession(to, signedIn, LOGIN_SUCCESSFUL, profile.clearCookie);
  } catch (e) {
    return redirectWithFlash("/login", {
      type: "error",
      title: "Login Failed!",
      message: refusal(e).message,
    });
  }
}
