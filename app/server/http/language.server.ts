// The language a request is answered in (docs/decisions/097-words-in-two-languages.md): a signed-in person's is the
// one on their account; a visitor's is the one they chose (its cookie), else their browser's (Accept-Language).
import { LANGUAGE_COOKIE, languageOfAcceptLanguage, parseLanguage, type Language } from "~/lib/i18n/languages";
import { readCookie } from "./cookies.server";

export function requestLanguage(request: Request, user: { language: Language } | null): Language {
  if (user) return user.language;
  return (
    parseLanguage(readCookie(request, LANGUAGE_COOKIE)) ??
    languageOfAcceptLanguage(request.headers.get("Accept-Language"))
  );
}
