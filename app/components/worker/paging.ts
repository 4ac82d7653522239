import * as v from "valibot";
import { redirect } from "react-router";

/** ?page= of the worker's lists: 1 to 6 digits, at least 1; anything else reads as page 1. */
export const pageSchema = v.fallback(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)), 1);

export function pageOf(url: URL): number {
  return v.parse(pageSchema, url.searchParams.get("page") ?? undefined);
}

/**
 * A page past the end of a list that is not empty (the list shrank since the link was made): redirect to the last
 * page, keeping the URL's other parameters.
 */
export function redirectPastLastPage(url: URL, page: number, list: { items: readonly unknown[]; total: number; pages: number }): void {
  if (list.items.length === 0 && list.total > 0 && page > list.pages) {
    const to = new URL(url);
    to.searchParams.set("page", String(list.pages));
    throw redirect(`${to.pathname}?${to.searchParams}`);
  }
}
