// The words match the code: every route the product's pages (docs/product/*.md) and the guides (docs/*.md) name as
// `METHOD /path` exists, a REST route with that method in the catalogue, or a route of app/routes.ts (a page, the
// MTurk endpoint); so does every route the catalogue's own words (/openapi.json, /api-docs) name. The decision
// records are history and may name what has gone since.
import { describe, expect, it } from "vitest";
import { endpoints, entriesFor, ROUTES } from "./fixtures";

const pages = import.meta.glob<string>(["../../docs/product/*.md", "../../docs/*.md"], {
  query: "?raw",
  import: "default",
  eager: true,
});

interface Named {
  where: string;
  method: string;
  path: string;
}

/** Every `METHOD /path` a text names (the query string left out). */
function named(where: string, text: string, pattern: RegExp): Named[] {
  return [...text.matchAll(pattern)].map((m) => ({
    where,
    method: m[1] === "HEAD" ? "GET" : m[1],
    path: m[2].length > 1 ? m[2].replace(/\/$/, "") : m[2],
  }));
}

/** In a page, inside a code span: `POST /tasks`, `GET /tasks?email=`. */
const IN_CODE = /`(GET|POST|PUT|PATCH|DELETE|HEAD) (\/[^`\s?]*)[^`]*`/g;
/** In the catalogue's sentences: "… (PATCH /submission1?id=…)". */
const IN_PROSE = /\b(GET|POST|PUT|PATCH|DELETE|HEAD) (\/[\w\-/{}.]*[\w\-/{}])/g;

const namedByPages = () =>
  Object.entries(pages).flatMap(([file, text]) => named(file.replace("../../", ""), text, IN_CODE));
const namedByCatalogue = () =>
  endpoints.flatMap((e) => named(`${e.method} ${e.path}`, `${e.summary} ${e.description ?? ""}`, IN_PROSE));

const routePattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, "[^/]+")}$`);

/** The names that are no route: a REST path without that method, or a path no route of app/routes.ts answers. */
function missing(names: Named[]): string[] {
  return names.flatMap(({ where, method, path }) => {
    const rest = entriesFor(path);
    if (rest.length) return rest.some((e) => e.method === method) ? [] : [`${where}: ${method} ${path}`];
    return ROUTES.some((r) => routePattern(r.path).test(path)) ? [] : [`${where}: ${method} ${path} (no route)`];
  });
}

describe("the routes the docs name", () => {
  it("finds the pages and the routes they name", () => {
    expect(Object.keys(pages)).toContain("../../docs/product/rest-api.md");
    expect(Object.keys(pages)).toContain("../../docs/product/quality.md");
    expect(namedByPages().length).toBeGreaterThan(100);
    expect(namedByCatalogue().length).toBeGreaterThan(0);
  });

  it("names only routes that exist: a REST route's method in the catalogue, any other a route of app/routes.ts", () => {
    expect(missing(namedByPages())).toEqual([]);
  });

  it("the catalogue's descriptions name only routes that exist", () => {
    expect(missing(namedByCatalogue())).toEqual([]);
  });
});
