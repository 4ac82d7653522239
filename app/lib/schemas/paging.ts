// Query strings read one way: a page reads its URL with `readSearch` and a schema whose fields fall back to defaults
// (the URL is the state, and a page never fails on it); the REST routes read theirs with `readQuery`
// (server/http/rest.server.ts), whose schemas refuse with a message. `?page=` is one rule for both.
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
