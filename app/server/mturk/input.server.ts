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

/** A NextToken this API gives is short; anything longer was never one of ours. */
const TOKEN_MAX = 200;
const NOT_OURS = "NextToken is not one this API gave.";

function readToken(input: Input): string {
  const token = text(input, "NextToken", false);
  if (token.length > TOKEN_MAX) throw requestError(NOT_OURS);
  return token;
}

/** The token's text, or "" when it is not base64 (a forged or mangled token is refused by the caller). */
function decodedToken(token: string): string {
  try {
    return atob(token);
  } catch {
    return "";
  }
}

/** MaxResults (1-100, 10 by default) and NextToken: the keyset of the previous page's last row. */
export function paging(input: Input): { limit: number; after?: Keyset } {
  const limit = maxResults(input);
  const token = readToken(input);
  if (!token) return { limit };
  let keyset: unknown;
  try {
    keyset = JSON.parse(decodedToken(token));
  } catch {
    // refused below
  }
  // a forged keyset never reaches a query: a creation time in milliseconds and an id, nothing else
  if (Array.isArray(keyset) && keyset.length === 2) {
    const [createdAt, id] = keyset as unknown[];
    if (Number.isSafeInteger(createdAt) && (createdAt as number) >= 0 && typeof id === "string" && id.length <= 64)
      return { limit, after: { createdAt: createdAt as number, id } };
  }
  throw requestError(NOT_OURS);
}

function maxResults(input: Input): number {
  const limit = integer(input, "MaxResults", 10);
  if (limit < 1 || limit > 100) throw requestError("MaxResults must be between 1 and 100.");
  return limit;
}

/**
 * A page's answer fields, as MTurk answers them: every page that lists something carries a NextToken (the keyset of
 * its last row), and a page that lists nothing carries none. So `while response["NextToken"]` loops, boto3's and the
 * JavaScript SDK's paginators, and loops that stop at an empty page all end, one empty page after the last.
 */
export function page<T extends { createdAt: number; id: string }>(items: T[]) {
  const last = items[items.length - 1];
  return { items, token: last ? { NextToken: btoa(JSON.stringify([last.createdAt, last.id])) } : {} };
}

/** Pages of a numbered list go no further than this (10,000 pages of 100 rows). */
const LAST_PAGE = 10_000;

/** MaxResults and NextToken over a numbered list (the services' small lists: bonuses, blocks): the page number. */
export function numberedPaging(input: Input): { limit: number; page: number } {
  const limit = maxResults(input);
  const token = readToken(input);
  if (!token) return { limit, page: 1 };
  const decoded = decodedToken(token);
  const n = /^page:\d{1,5}$/.test(decoded) ? Number(decoded.slice(5)) : NaN;
  if (!(n >= 2 && n <= LAST_PAGE)) throw requestError(NOT_OURS);
  return { limit, page: n };
}

/** NextToken of a numbered list's page, as `page` gives it: when the page listed something. */
export const numberedToken = (p: { page: number; items: readonly unknown[] }) =>
  p.items.length > 0 && p.page < LAST_PAGE ? { NextToken: btoa(`page:${p.page + 1}`) } : {};
