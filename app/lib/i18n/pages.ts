// Which words of the catalogues a page receives (docs/decisions/108-a-page-gets-the-words-it-shows.md): the keys the
// code its route runs in the browser names, for who reads it, as scripts/page-words.ts found them and wrote them to
// page-words.ts; never a whole catalogue. The root loader sends them with the page and loads them again when a
// navigation leads to another page (root.tsx's shouldRevalidate).
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

/** Per route pattern, its words for anyone, or for each role that opens it (a dashboard page every role opens). */
const ROUTES: { path: string; words: Partial<Record<Role | "anyone", PageWords>> }[] = [];
for (const [path, role, words] of PAGE_WORDS) {
  let route = ROUTES.find((r) => r.path === path);
  if (!route) ROUTES.push((route = { path, words: {} }));
  route.words[role ?? "anyone"] = Object.fromEntries(Object.entries(words).map(([ns, w]) => [ns, w.split(" ")]));
}

/**
 * The words of the page at `pathname` for `role` (null: a visitor): its route's, or, for a path no route names, the
 * not-found page's. A role's page opened by another role is sent elsewhere before any page is drawn (its layout).
 */
export function pageWords(pathname: string, role: Role | null): PageWords {
  // a client's data request for a page (`/dashboard/tasklist.data`, `/_root.data` for the landing page) wants its words
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const words = matchRoutes(ROUTES, page)?.at(-1)?.route.words;
  return (role && words?.[role]) || words?.anyone || {};
}
