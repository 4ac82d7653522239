// POST /language: the header's switch and Settings change the language Coinwork is read in. A visitor's choice is
// kept in a cookie, a signed-in person's on the account too (their e-mails and notifications follow it); then back
// to the page they were on. Works without JavaScript: a plain form post and a redirect.
import { redirect } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/language";
import { getEnv, userContext } from "~/server/context";
import { readFormOrRefusal } from "~/server/http/form.server";
import { safeRedirect } from "~/server/http/redirect.server";
import { setLanguage } from "~/server/services/preferences.server";
import { languageCookie } from "~/lib/i18n/languages";
import { languageChoiceSchema } from "~/lib/schemas/language";

export function loader() {
  return redirect("/");
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readFormOrRefusal(request);
  const back = safeRedirect(form instanceof FormData ? form.get("back") : null, request, "/");
  const choice = v.safeParse(languageChoiceSchema, form instanceof FormData ? Object.fromEntries(form) : {});
  // a language that is not offered changes nothing
  if (!choice.success) return redirect(back);
  const { language } = choice.output;
  const user = context.get(userContext);
  if (user) await setLanguage(getEnv(context), user.id, language);
  return redirect(back, {
    headers: { "Set-Cookie": languageCookie(language, new URL(request.url).protocol === "https:") },
  });
}
