import { redirect } from "react-router";
import type { Route } from "./+types/google";
import { getEnv } from "~/server/context";
import { googleConfigured, startGoogleSignIn } from "~/server/auth/google.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form.server";

export const NOT_SET_UP = "Google sign-in is not set up on this server";

export function loader() {
  return redirect("/login");
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  if (!googleConfigured(env)) {
    return redirectWithFlash("/login", { type: "info", title: "Login with Google", message: NOT_SET_UP });
  }
  try {
    // the page to come back to (a login sent here from a page, the API keys page asking to sign in again)
    const redirectTo = (await readForm(request).catch(() => new FormData())).get("redirectTo");
    return await startGoogleSignIn(env, request, typeof redirectTo === "string" ? redirectTo : "");
  } catch (e) {
    console.error(e);
    return redirectWithFlash("/login", {
      type: "error",
      title: "Login Failed!",
      message: "Google sign-in is unavailable right now",
    });
  }
}
