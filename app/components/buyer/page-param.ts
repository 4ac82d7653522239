/** The 1-based page number of a list from the URL's ?page= (anything odd reads as page 1). */
export function pageParam(url: URL, name = "page"): number {
  const n = Math.floor(Number(url.searchParams.get(name)));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}

/**
 * Loads the page of a buyer's list that the URL asks for. Past the last page (e.g. its last row was just deleted
 * or reviewed) it shows the last page instead, at the same URL.
 */
export async function loadListPage<List extends { items: readonly unknown[]; page: number; pages: number }>(
  url: URL,
  load: (page: number) => Promise<List>,
): Promise<List> {
  const list = await load(pageParam(url));
  return list.items.length === 0 && list.page > list.pages ? load(list.pages) : list;
}
