// Pagination of the services' lists, in one place: the page asked for, clamped, and the page answered.
import { sql } from "drizzle-orm";

export interface PageRequest {
  page?: number;
  limit?: number;
}

export interface PageWindow {
  page: number;
  limit: number;
  /** rows to skip: (page - 1) x limit */
  offset: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

/** The page asked for (at least 1) and its size (1 to 100, `defaultLimit` when none is asked). */
export function pageWindow(opts: PageRequest, defaultLimit: number): PageWindow {
  const limit = Math.min(Math.max(opts.limit ?? defaultLimit, 1), 100);
  const page = Math.max(opts.page ?? 1, 1);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * A page size written into the statement instead of bound to it. SQLite reads a bound LIMIT when it plans, so a
 * statement with one is planned again on each run: for the Task List's cards that was 0.7 to 1.1 ms a request against
 * 0.015 ms with the figure written in (docs/performance.md, issue 46). Only a whole number from 1 to 100 is written.
 */
export function writtenLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new RangeError(`page size ${limit}`);
  // drizzle writes an SQL chunk given as the limit into the statement as it is (its select builder types a number)
  return sql.raw(String(limit)) as unknown as number;
}

/** How many pages `total` rows make at `limit` a page: at least 1, so an empty list still has its page. */
export const pagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** Runs a page's rows query and its count query together; `pages` is at least 1. */
export async function fetchPage<T>(
  w: PageWindow,
  rows: PromiseLike<T[]>,
  counted: PromiseLike<{ n: number }[]>,
): Promise<Page<T>> {
  const [items, [total]] = await Promise.all([rows, counted]);
  const n = total?.n ?? 0;
  return { items, total: n, page: w.page, limit: w.limit, pages: pagesOf(n, w.limit) };
}
