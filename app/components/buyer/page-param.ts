/** The 1-based page number of a list from the URL's ?page= (anything odd reads as page 1). */
export function pageParam(url: URL, name = "page"): number {
  const n = Math.floor(Number(url.searchParams.get(name)));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}
