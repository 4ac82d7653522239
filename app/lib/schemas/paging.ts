// Query strings read one way: a page reads its URL with `readSearch` and a schema whose fields fall back to defaults
// (the URL is the state, and a page never fails on it); `rest()` reads a REST route's with `readQuery`
// (server/http/rest.server.ts) and the schema its entry declares, which refuses with a message. `?page=` is one rule for both.
import * as v from "valibot";

/** A whole number in a query string ("2"), within bounds; anything else fails with `message`. */
export const queryInt = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.number(),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** `?page=`: 1-based, at most 1,000,000. The REST lists refuse anything else with this message. */
export const pageNumber = queryInt(1, 1_000_000, "page must be a whole number from 1");

/** A dashboard list's `?page=`: a page never fails on its URL, anything malformed reads as page 1. */
export const pageParam = v.fallback(pageNumber, 1);

/** A list page's query string when `?page=` is all it reads. */
export const pageQuery = v.object({ page: pageParam });

/** Reads a page's query string with its schema (empty values count as absent): the one reader of every page. */
export function readSearch<S extends v.GenericSchema>(url: string | URL, schema: S): v.InferOutput<S> {
  const raw: Record<string, string> = {};
  for (const [k, val] of new URL(url).searchParams) if (val !== "") raw[k] = val;
  return v.parse(schema, raw);
}

/** "<created_at>.<id>": where a keyset-paged list's page starts (after that row); written by `keysetWords`. */
const KEYSET = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;

/** A list page's `?after=` (a keyset); anything malformed reads as the first page. */
export const afterParam = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.regex(KEYSET),
      v.transform((s) => {
        const [, createdAt, id] = KEYSET.exec(s)!;
        return { createdAt: Number(createdAt), id: id! };
      }),
    ),
  ),
  undefined,
);

/** The `?after=` value of the page that starts after this row. */
export const keysetWords = (k: { createdAt: number; id: string }) => `${k.createdAt}.${k.id}`;
