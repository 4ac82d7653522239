// The languages Coinwork is written in, and how a visitor's is chosen (docs/decisions/097-words-in-two-languages.md).
// Pure: the server reads the account, the cookie and Accept-Language (app/server/http/language.server.ts); the
// browser only renders what the server chose.

export const LANGUAGES = ["en", "bn"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale each language formats numbers, dates and plurals in: Bengali digits and bn-BD's date forms. */
export const LOCALES: Record<Language, string> = { en: "en-US", bn: "bn-BD" };

/** Each language's own name, as the switch offers it (a name is written in its own language). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", bn: "বাংলা" };

/** The cookie in which a visitor's choice is kept (a signed-in person's is kept on the account too). */
export const LANGUAGE_COOKIE = "cw_lang";
const LANGUAGE_COOKIE_DAYS = 365;

export function parseLanguage(value: unknown): Language | null {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null;
}

/**
 * The language of an Accept-Language header: Bengali when the visitor prefers `bn` (any region) to English, English
 * otherwise. Ranges are taken by their weights (`q`), the first listed winning a tie; a language ranked 0 is refused.
 */
export function languageOfAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return "en";
  let best: { language: Language; q: number } | null = null;
  for (const part of header.slice(0, 512).split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = range.trim().split("-")[0];
    const language = primary === "bn" ? "bn" : primary === "en" || primary === "*" ? "en" : null;
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? "en";
}

/** The Set-Cookie value that keeps a chosen language for a year. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_DAYS * 86_400}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
