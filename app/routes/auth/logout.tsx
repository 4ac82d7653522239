import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getEnv, userContext } from "~/server/context";
import { logout } from "~/server/services/accounts.server";
import { clearSessionCookie } from "~/server/auth/session.server";
import { flashCookie } from "~/server/http/flash.server";
import { requestLanguage } from "~/server/http/language.server";
import { serverWords } from "~/lib/i18n/words.server";
import { languageCookie } from "~/lib/i18n/languages";

export function loader() {
  return redirect("/");
}

/** POST: every session ends; `?everywhere=1` (Settings' "Sign out everywhere") ends every e-mailed link too. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = context.get(userContext);
  // the language the person read Coinwork in, signed in: the page they come to next is in it (the cookie keeps it)
  const language = requestLanguage(request, user);
  const t = serverWords(language, "auth");
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie());
  if (user) headers.append("Set-Cookie", languageCookie(language, new URL(request.url).protocol === "https:"));
  try {
    const everywhere = new URL(request.url).searchParams.get("everywhere") === "1";
    if (user) await logout(getEnv(context), user.id, everywhere);
    headers.append("Set-Cookie", flashCookie({ type: "success", title: t("logoutSuccessful") }));
  } catch (e) {
    console.error(e);
    headers.append(
      "Set-Cookie",
      flashCookie({ type: "error", title: t("logoutFailed"), message: t("somethingWrong") }),
    );
  }
  return redirect("/", { headers });
}
