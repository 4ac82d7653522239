// The forms' messages in the person's language (docs/decisions/106-validation-and-refusals-in-two-languages.md). A
// schema of app/lib/schemas/ is shared by a page's form (conform, in the browser too), the page's action and the REST
// API, so its messages are functions of valibot's `lang`: a parse with `lang: "bn"` (a page's action, a Bengali
// page's browser) writes the `validation` words in Bengali; a parse without one (REST, MTurk) writes the English
// exactly as the schema has it, whatever words are loaded.
import type { CompiledMessage } from "icu-minify/format";
import { parseLanguage, type Language } from "./languages";
import { formatText, type Key, type Values } from "./messages";

export type ValidationKey = Key<"validation">;
/** A schema's message: English text, or words in the parse's language (`said`). */
export type Message = string | ((issue: { lang?: string }) => string);
type CompiledNamespace = Record<string, CompiledMessage>;

const registered: Partial<Record<Language, CompiledNamespace>> = {};
let source: ((language: Language) => CompiledNamespace) | null = null;

/** The browser: the compiled `validation` words a page received (WordsProvider), for its forms' messages. */
export function registerValidationWords(language: Language, words: CompiledNamespace | undefined): void {
  if (words) registered[language] = words;
}

/** The server: every language's `validation` words, compiled on first use (words.server.ts). */
export function validationWordsFrom(wordsOf: (language: Language) => CompiledNamespace): void {
  source = wordsOf;
}

/**
 * A schema's message: `english` exactly as written for a parse in English or without a language, and the catalogue's
 * `validation.<key>` in the parse's language otherwise (English again where those words are not loaded).
 */
export function said(key: ValidationKey, english: string, values?: Values) {
  return (issue: { lang?: string }): string => {
    const language = parseLanguage(issue.lang);
    if (!language || language === "en") return english;
    const message = (source ? source(language) : registered[language])?.[key];
    return message === undefined ? english : formatText(message, `validation.${key}`, language, values);
  };
}
