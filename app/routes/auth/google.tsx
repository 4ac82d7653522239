import { redirect } from "react-router";
import type { Route } from "./+types/google";
import { googleConfigured, startGoogleSignIn } from "~/server/auth/google.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form.server";
import { requestLanguage } from "~/server/http/language.server";
import { serverWords } from "~/lib/i18n/words.server";
import { getEnv, userContext } from "~/server/context";

export function loader() {
  return redirect("/login");
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  const t = serverWords(requestLanguage(request, context.get(userContext)), "auth");
  if (!googleConfigured(env)) {
    return redirectWithFlash("/login", { type: "info", title: t("google.title"), message: t("google.notSetUp") });
  }
  try {
    // the page to come back to (a login sent here from a page, the API keys page asking to sign in again)
    const redirectTo = (await readForm(request).catch(() => new FormData())).get("redirectTo");
    return await startGoogleSignIn(env, request, typeof redirectTo === "string" ? redirectTo : "");
  } catch (e) {
    console.error(e);
    return redirectWithFlash("/login", {
      type: "error",
      title: t("loginFailed"),
      message: t("google.unavailable"),
    });
  }
}
