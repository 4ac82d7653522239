// A dashboard list past its last page (`?page=` is read by `readSearch`, lib/schemas/paging.ts), in one place: the
// two answers to a page past the end (the list shrank since the link was made): show the last page at the same
// URL (admin and buyer lists, emptied by the viewer's own decisions) or redirect to it (the worker's lists).
import { redirect } from "react-router";

/** Reads page `page` of a list; past the last page it reads the last page instead. */
export async function pageOrLast<P extends { items: readonly unknown[]; page: number; pages: number }>(
  page: number,
  read: (page: number) => Promise<P>,
): Promise<P> {
  const first = await read(page);
  return first.items.length === 0 && first.page > first.pages ? read(first.pages) : first;
}

/** Past the last page of a list that is not empty: redirect to the last page, keeping the URL's other parameters. */
export function redirectPastLastPage(
  url: URL,
  page: number,
  list: { items: readonly unknown[]; total: number; pages: number },
): void {
  if (list.items.length === 0 && list.total > 0 && page > list.pages) {
    const to = new URL(url);
    to.searchParams.set("page", String(list.pages));
    throw redirect(`${to.pathname}?${to.searchParams}`);
  }
}
