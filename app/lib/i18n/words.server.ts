// The catalogues on the server: compiled once per isolate and namespace (icu-minify/compile parses ICU, which the
// browser never has to), handed to a page for the keys it shows (pages.ts), and used to compose the words the
// server writes itself: toasts and flashes, validation messages, e-mails, notifications, the Atom feed.
import compile from "icu-minify/compile";
import type { CompiledMessage } from "icu-minify/format";
import { bn } from "./catalogues/bn";
import { en, type Catalogue } from "./catalogues/en";
import { formatText, type CompiledWords, type Key, type Namespace, type Values } from "./messages";
import type { Language } from "./languages";
import { selectionById, type PageWords } from "./pages";
import { WORDS_FILES_PREFIX } from "../pwa";
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

/** Whole namespaces, compiled (a component's test, a letter's rich part). */
export function compiledNamespaces(language: Language, namespaces: readonly Namespace[]): CompiledWords {
  const out: CompiledWords = {};
  for (const namespace of namespaces) out[namespace] = compiledNamespace(language, namespace);
  return out;
}

const pageSelections = new WeakMap<PageWords, Partial<Record<Language, CompiledWords>>>();

/**
 * The compiled words a page receives in `language`: of each namespace, the keys it names (pages.ts), a section's all
 * for `section.*`. Kept per language and page: every page of a route gets the same object.
 */
export function compiledWords(language: Language, words: PageWords): CompiledWords {
  const kept = pageSelections.get(words) ?? {};
  let out = kept[language];
  if (!out) {
    out = {};
    for (const [namespace, entries] of Object.entries(words) as [Namespace, readonly string[]][]) {
      const wanted = new Set(entries);
      const chosen: Record<string, CompiledMessage> = {};
      for (const [key, message] of Object.entries(compiledNamespace(language, namespace))) {
        const dot = key.indexOf(".");
        if (wanted.has(key) || (dot !== -1 && wanted.has(`${key.slice(0, dot)}.*`))) chosen[key] = message;
      }
      out[namespace] = chosen;
    }
    kept[language] = out;
    pageSelections.set(words, kept);
  }
  return out;
}

/** A page's words as the file the browser fetches (decision 111): its name, which its content's hash ends, and text. */
export interface WordsFile {
  href: string;
  hash: string;
  words: CompiledWords;
  json: string;
}

const files: Record<Language, Map<number, WordsFile>> = { en: new Map(), bn: new Map() };

/** FNV-1a, 32 bits, in hex: enough to tell one version of a file from the next (its name carries which file it is). */
function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The words file of selection `id` (pages.ts) in `language`, made once per isolate; null for no such selection. */
export function wordsFile(language: Language, id: number): WordsFile | null {
  let file = files[language].get(id);
  if (!file) {
    const selection = selectionById(id);
    if (!selection) return null;
    const words = compiledWords(language, selection);
    const json = JSON.stringify(words);
    const hash = contentHash(json);
    file = { href: `${WORDS_FILES_PREFIX}${language}.${id}.${hash}.json`, hash, words, json };
    files[language].set(id, file);
  }
  return file;
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
