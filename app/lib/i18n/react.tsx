// The words of a page in React: the root route provides the language and the compiled words the server sent
// (root.tsx), and a component reads them with `useWords("namespace")`, numbers and dates with `useFormat()`.
import { createContext, createElement, Fragment, use, type ReactNode } from "react";
import { formatsOf, type Formats } from "./format";
import type { Language } from "./languages";
import { formatMessage, formatText, type CompiledWords, type Key, type Namespace, type Values } from "./messages";
import { registerValidationWords } from "./validation";

interface PageWords {
  language: Language;
  words: CompiledWords;
}

const WordsContext = createContext<PageWords>({ language: "en", words: {} });

export function WordsProvider({ language, words, children }: PageWords & { children: ReactNode }) {
  if (typeof document !== "undefined") {
    // the browser parses only the page's forms: their messages in the page's language (validation.ts), which
    // useValibotForm (components/form-kit.tsx) passes to each parse; never on the server, whose parses without a
    // language (REST) stay English. (Not valibot's global config: importing valibot here put its shared code in every
    // page's first scripts, the landing page's too.)
    registerValidationWords(language, words.validation);
  }
  return <WordsContext value={{ language, words }}>{children}</WordsContext>;
}

/** The language the page is written in. */
export const useLanguage = (): Language => use(WordsContext).language;

export interface Words<N extends Namespace> {
  /** a message as text */
  (key: Key<N>, values?: Values): string;
  /** a message whose `<tag>…</tag>` parts the values' functions render (a link, emphasis) */
  rich(key: Key<N>, values: Values<ReactNode>): ReactNode;
}

/** The words of one namespace of the catalogues (it must be among the page's, app/lib/i18n/pages.ts). */
export function useWords<N extends Namespace>(namespace: N): Words<N> {
  const { language, words } = use(WordsContext);
  const messages = words[namespace];
  const t = (key: Key<N>, values?: Values) => formatText(messages?.[key], `${namespace}.${key}`, language, values);
  t.rich = (key: Key<N>, values: Values<ReactNode>): ReactNode => {
    const out = formatMessage<ReactNode>(messages?.[key], `${namespace}.${key}`, language, values);
    return Array.isArray(out) ? createElement(Fragment, null, ...out) : out;
  };
  return t;
}

/** Numbers, money and dates in the page's language, and coins in its words ("1 coin", "১,০৬৫ কয়েন"). */
export function useFormat(): Formats & { coins(n: number): string } {
  const { language, words } = use(WordsContext);
  return {
    ...formatsOf(language),
    coins: (n) => formatText(words.common?.coins, "common.coins", language, { count: n }),
  };
}

/**
 * The words of a namespace for a route's `meta` (which cannot use hooks): from the root route's data among
 * `matches`, as `useWords` reads them. `export const meta: Route.MetaFunction = ({ matches }) =>
 * [{ title: metaWords(matches, "worker")("taskList.meta") }]`.
 */
export function metaWords<N extends Namespace>(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  namespace: N,
): (key: Key<N>, values?: Values) => string {
  // React Router 8 hands meta its matches' data as `loaderData`
  const root = matches.find((m) => m?.id === "root")?.loaderData as { language?: Language; words?: string } | undefined;
  const language = root?.language ?? "en";
  // the root's data names the page's words file (below), whose words are at hand before a page is drawn
  const messages = wordsAt(root?.words)[namespace];
  return (key, values) => formatText(messages?.[key], `${namespace}.${key}`, language, values);
}

// A page's words travel as a file of their own, not in its HTML (decision 111): `/words/<language>.<selection>.<hash>
// .json`, named by its content's hash, fetched with the page's scripts before hydration and kept by the service worker
// as they are (app/service-worker/sw.ts). The page names its file (root.tsx: the root's data and a preload link); the
// words of each file named so far are kept here by that name, on the server (where the root loader puts them, for the
// render) and in the browser (where they were fetched).
const kept = new Map<string, CompiledWords>();
const loading = new Map<string, Promise<void>>();

/** Keeps the words of the file at `href` (the server, which made them). */
export function keepWords(href: string, words: CompiledWords): void {
  kept.set(href, words);
}

/** The words of the file at `href`, when they are at hand (none before they are: a page waits for them). */
export function wordsAt(href: string | undefined): CompiledWords {
  return (href && kept.get(href)) || {};
}

/** Fetches the words file at `href` once (the browser: before hydration, and before a navigation shows its page). */
export function loadWords(href: string): Promise<void> {
  if (kept.has(href)) return Promise.resolve();
  let load = loading.get(href);
  if (!load) {
    load = (async () => {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
      kept.set(href, (await response.json()) as CompiledWords);
    })().finally(() => loading.delete(href));
    loading.set(href, load);
  }
  return load;
}
