// Reading an operation's JSON input as the MTurk API names its fields: each wrong field is a RequestError that
// names it, and the paging every List operation shares (MaxResults, NextToken).
import type { Keyset } from "../services/hits.server";
import { requestError } from "./wire.server";

export type Input = Record<string, unknown>;

export function text(input: Input, name: string, required = true): string {
  const value = input[name];
  if (value === undefined || value === null || value === "") {
    if (required) throw requestError(`${name} is required.`);
    return "";
  }
  if (typeof value !== "string") throw requestError(`${name} must be a string.`);
  return value;
}

export function integer(input: Input, name: string, fallback?: number): number {
  const value = input[name];
  if (value === undefined || value === null) {
    if (fallback === undefined) throw requestError(`${name} is required.`);
    return fallback;
  }
  if (typeof value !== "number" || !Number.isInteger(value)) throw requestError(`${name} must be a whole number.`);
  return value;
}

/** A string of at most `max` characters (MTurk's limits), or "" when absent and not required. */
export function boundedText(input: Input, name: string, max: number, required = true): string {
  const value = text(input, name, required);
  if (value.length > max) throw requestError(`${name} must be at most ${max} characters.`);
  return value;
}

/** MaxResults (1-100, 10 by default) and NextToken: the keyset of the previous page's last row. */
export function paging(input: Input): { limit: number; after?: Keyset } {
  const limit = maxResults(input);
  const token = text(input, "NextToken", false);
  if (!token) return { limit };
  try {
    const [createdAt, id] = JSON.parse(atob(token)) as [unknown, unknown];
    if (typeof createdAt === "number" && typeof id === "string") return { limit, after: { createdAt, id } };
  } catch {
    // refused below
  }
  throw requestError("NextToken is not one this API gave.");
}

function maxResults(input: Input): number {
  const limit = integer(input, "MaxResults", 10);
  if (limit < 1 || limit > 100) throw requestError("MaxResults must be between 1 and 100.");
  return limit;
}

/** A page's answer fields: NextToken when the page is full (one more row was asked for to know). */
export function page<T extends { createdAt: number; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    token: rows.length > limit && last ? { NextToken: btoa(JSON.stringify([last.createdAt, last.id])) } : {},
  };
}

/** MaxResults and NextToken over a numbered list (the services' small lists: bonuses, blocks): the page number. */
export function numberedPaging(input: Input): { limit: number; page: number } {
  const limit = maxResults(input);
  const token = text(input, "NextToken", false);
  if (!token) return { limit, page: 1 };
  let decoded = "";
  try {
    decoded = atob(token);
  } catch {
    // refused below
  }
  const n = decoded.startsWith("page:") ? Number(decoded.slice(5)) : NaN;
  if (!Number.isInteger(n) || n < 2) throw requestError("NextToken is not one this API gave.");
  return { limit, page: n };
}

/** NextToken of a numbered list's page, when another follows. */
export const numberedToken = (p: { page: number; pages: number }) =>
  p.page < p.pages ? { NextToken: btoa(`page:${p.page + 1}`) } : {};
