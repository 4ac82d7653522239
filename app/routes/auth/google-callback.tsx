import type { Route } from "./+types/google-callback";
import { getEnv } from "~/server/context";
import { finishGoogleSignIn, googleConfigured } from "~/server/auth/google.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { sessionCookie } from "~/server/auth/session.server";
import { flashCookie, redirectWithFlash } from "~/server/http/flash.server";
import { messageOf } from "~/server/http/form.server";
import { homeFor } from "~/lib/roles";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  if (!googleConfigured(env)) return redirectWithFlash("/login", { type: "error", title: "Login Failed!", message: "Google sign-in is not set up on this server" });
  try {
    const profile = await finishGoogleSignIn(env, request);
    const { token, user } = await signInWithVerifiedEmail(env, profile);
    const headers = new Headers({ Location: homeFor(user.role) });
    headers.append("Set-Cookie", sessionCookie(token));
    headers.append("Set-Cookie", profile.clearCookie);
    headers.append("Set-Cookie", flashCookie({ type: "success", title: "Login Successful!", message: "Welcome back" }));
    return new Response(null, { status: 302, headers });
  } catch (e) {
    return redirectWithFlash("/login", { type: "error", title: "Login Failed!", message: messageOf(e, "Something went wrong") });
  }
}
