// The catalogues on the server: compiled once per isolate and namespace (icu-minify/compile parses ICU, which the
// browser never has to), handed to a page for the namespaces it shows (pages.ts), and used to compose the words the
// server writes itself: toasts and flashes, validation messages, e-mails, notifications, the Atom feed.
import compile from "icu-minify/compile";
import type { CompiledMessage } from "icu-minify/format";
import { bn } from "./catalogues/bn";
import { en, type Catalogue } from "./catalogues/en";
import { formatText, type CompiledWords, type Key, type Namespace, type Values } from "./messages";
import type { Language } from "./languages";
import { validationWordsFrom } from "./validation";

const CATALOGUES: Record<Language, Catalogue> = { en, bn };
const compiled: Record<Language, Partial<Record<Namespace, Record<string, CompiledMessage>>>> = { en: {}, bn: {} };

function compiledNamespace(language: Language, namespace: Namespace): Record<string, CompiledMessage> {
  let words = compiled[language][namespace];
  if (!words) {
    words = {};
    for (const [key, message] of Object.entries(CATALOGUES[language][namespace])) words[key] = compile(message);
    compiled[language][namespace] = words;
  }
  return words;
}

// the schemas' messages in a page action's language (validation.ts): both languages' words, compiled on first use
validationWordsFrom((language) => compiledNamespace(language, "validation"));

/** The compiled words of `namespaces` in `language`, as a page receives them. */
export function compiledWords(language: Language, namespaces: readonly Namespace[]): CompiledWords {
  const out: CompiledWords = {};
  for (const namespace of namespaces) out[namespace] = compiledNamespace(language, namespace);
  return out;
}

/** Words of one namespace as text, for what the server writes: `t("key", { values })`. */
export type ServerWords<N extends Namespace> = (key: Key<N>, values?: Values) => string;

/** The words of `namespace` in `language`, for the server to compose with. */
export function serverWords<N extends Namespace>(language: Language, namespace: N): ServerWords<N> {
  return (key, values) =>
    formatText(compiledNamespace(language, namespace)[key], `${namespace}.${key}`, language, values);
}

const byEnglish: Partial<Record<Language, Map<string, string>>> = {};

/**
 * The words in `language` of a fixed English message of the `errors` or `validation` namespace (one without values),
 * or null: how a page says a service's refusal, whose English REST answers as it is (errors.ts, `refusalIn`).
 */
export function wordsForEnglish(language: Language, english: string): string | null {
  let map = byEnglish[language];
  if (!map) {
    map = new Map();
    for (const namespace of ["errors", "validation"] as const) {
      const source = compiledNamespace("en", namespace);
      const words = serverWords(language, namespace);
      for (const [key, message] of Object.entries(source))
        if (typeof message === "string") map.set(message, words(key as Key<typeof namespace>));
    }
    byEnglish[language] = map;
  }
  return map.get(english) ?? null;
}
