// Which words of the catalogues a page receives (docs/decisions/097-words-in-two-languages.md): the sections (a key's
// first segment, `taskList` of `taskList.title`) that the modules of its route chain name, as scripts/page-words.ts
// found them and wrote them to page-words.ts; never the whole catalogue. The root loader sends them with the page
// and loads them again when a navigation leads to a page that needs others (root.tsx's shouldRevalidate).
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

/** The sections of each namespace a page receives (keys without a section, like `common.coins`, always go). */
export type PageWords = Readonly<Partial<Record<Namespace, readonly string[]>>>;

const ROUTES = PAGE_WORDS.map(([path, words]) => ({ path, words: words as PageWords }));

/** The words of the page at `pathname`: its route's, or, for a path no route names, the not-found page's. */
export function pageWords(pathname: string): PageWords {
  // a client's data request for a page (`/dashboard/tasklist.data`, `/_root.data` for the landing page) wants its words
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const matched = matchRoutes(ROUTES, page);
  return matched?.[matched.length - 1]?.route.words ?? {};
}

/** Pages whose only forms are searches (GET, every field falling back to a default): no validation message to show. */
const GET_FORMS_ONLY = new Set(["/dashboard/tasklist"]);
const ROLE_NAMESPACES: readonly string[] = ["worker", "buyer", "admin"];
const OWN_NAMESPACE: Record<Role, Namespace> = { Worker: "worker", Buyer: "buyer", Admin: "admin" };
const chosen = new Map<string, PageWords>();

/**
 * A page's words for who reads it: one role's pages never show another role's words (a section of the same name,
 * `home`, would otherwise bring them along), a visitor's none of the three; a dashboard page none of the public
 * site's; a page whose only forms are searches no validation message.
 */
export function wordsFor(words: PageWords, role: Role | null, pathname = ""): PageWords {
  const dashboard = pathname.startsWith("/dashboard");
  const searchesOnly = GET_FORMS_ONLY.has(pathname);
  const key = `${JSON.stringify(words)}|${role}|${dashboard}|${searchesOnly}`;
  let out = chosen.get(key);
  if (!out) {
    const own = role ? OWN_NAMESPACE[role] : null;
    out = Object.fromEntries(
      Object.entries(words).filter(
        ([ns]) =>
          (!ROLE_NAMESPACES.includes(ns) || ns === own) &&
          !(dashboard && ns === "public") &&
          !(searchesOnly && ns === "validation"),
      ),
    ) as PageWords;
    chosen.set(key, out);
  }
  return out;
}
