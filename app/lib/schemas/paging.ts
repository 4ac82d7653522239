// `?page=` read one way for every list: the dashboard pages and the REST lists share the rule, and differ only in
// what a malformed value means (REST refuses it, a page shows its first page).
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
