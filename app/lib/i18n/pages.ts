// Which words of the catalogues a page receives (docs/decisions/108-a-page-gets-the-words-it-shows.md): the keys the
// code its route runs in the browser names, for who reads it, as scripts/page-words.ts found them and wrote them to
// page-words.ts; never a whole catalogue. The root loader names them in the page, as a file of their own the browser
// fetches and keeps (decision 111), and names them again when a navigation leads to another page (root.tsx's
// shouldRevalidate).
import { matchRoutes } from "react-router";
import type { Role } from "../roles";
import type { Namespace } from "./messages";
import { PAGE_WORDS } from "./page-words";

/** The namespaces a browser may receive; `errors`, `email`, `notifications` and `feed` are written on the server. */
export const PAGE_NAMESPACES = [
  "common",
  "public",
  "auth",
  "dashboard",
  "worker",
  "buyer",
  "admin",
  "validation",
] as const satisfies readonly Namespace[];

/** The words of each namespace a page receives: keys, and `section.*` for every key of a section. */
export type PageWords = Readonly<Partial<Record<Namespace, readonly string[]>>>;

/** The words of a path no route names for who reads it. */
const NO_WORDS: PageWords = {};

/** Every selection of words, numbered (a words file's name carries its number): PAGE_WORDS's, then none. */
const SELECTIONS: PageWords[] = PAGE_WORDS.map(([, , words]) =>
  Object.fromEntries(Object.entries(words).map(([ns, w]) => [ns, w.split(" ")])),
);
SELECTIONS.push(NO_WORDS);
const SELECTION_IDS = new Map(SELECTIONS.map((words, id) => [words, id]));

/** Per route pattern, its words for anyone, or for each role that opens it (a dashboard page every role opens). */
const ROUTES: { path: string; words: Partial<Record<Role | "anyone", PageWords>> }[] = [];
for (const [id, [path, role]] of PAGE_WORDS.entries()) {
  let route = ROUTES.find((r) => r.path === path);
  if (!route) ROUTES.push((route = { path, words: {} }));
  route.words[role ?? "anyone"] = SELECTIONS[id];
}

/**
 * The words of the page at `pathname` for `role` (null: a visitor): its route's, or, for a path no route names, the
 * not-found page's. A role's page opened by another role is sent elsewhere before any page is drawn (its layout).
 */
export function pageWords(pathname: string, role: Role | null): PageWords {
  // a client's data request for a page (`/dashboard/tasklist.data`, `/_root.data` for the landing page) wants its words
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const words = matchRoutes(ROUTES, page)?.at(-1)?.route.words;
  return (role && words?.[role]) || words?.anyone || NO_WORDS;
}

/** The number of a selection `pageWords` returned, which names its file (words.server.ts). */
export const selectionId = (words: PageWords): number => SELECTION_IDS.get(words) ?? SELECTIONS.indexOf(NO_WORDS);

/** The selection numbered `id`, if there is one. */
export const selectionById = (id: number): PageWords | undefined => SELECTIONS[id];
