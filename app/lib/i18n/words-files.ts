// A page's words travel as a file of their own, not in its HTML (decision 111): `/words/<language>.<selection>.<hash>
// .json`, named by its content's hash, fetched with the page's scripts before hydration and kept by the service worker
// as they are (app/service-worker/sw.ts). The page names its file (root.tsx: the root's data and a preload link); the
// words of each file named so far are kept here by that name, on the server (where the root loader puts them, for the
// render) and in the browser (where they were fetched).
import type { CompiledWords } from "./messages";

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
