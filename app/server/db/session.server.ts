// D1 read replication through the Sessions API (docs/decisions/012-d1-read-replication.md). Each request gets
// one session: its reads go to the nearest replica that is at least as new as the caller's last bookmark, its
// writes go to the primary. The bookmark travels back to the caller (a cookie for pages, a header for the REST
// API) so the next request reads everything this one wrote, whichever replica answers it.

import { sessionCookieToken } from "../auth/session.server";
import { readCookie } from "../http/cookies.server";
import { d1Statement, ReadBatch } from "./read-batch.server";

/** The REST API's bookmark, in both directions (the name D1's documentation uses). */
export const BOOKMARK_HEADER = "x-d1-bookmark";
/**
 * The browser's bookmark: set on answers that wrote or that a signed-in user received. `__Host-`: only this origin,
 * over HTTPS, can set it, so no subdomain or plain-HTTP page can pin a visitor to a stale bookmark.
 */
export const BOOKMARK_COOKIE = "__Host-cw_d1";
/**
 * How long a browser keeps its bookmark. Replicas lag by seconds, so an hour-old bookmark is already behind every
 * replica; without one a signed-in request starts on the primary, which is as safe, once.
 */
const BOOKMARK_MAX_AGE = 3600;
/** What a bookmark looks like (hex groups and dashes); anything else is ignored, never passed to D1. */
const BOOKMARK_SHAPE = /^[0-9a-f]+(?:-[0-9a-f]+)*$/i;

/** Statements that may change the database: anything but a read. A WITH … INSERT counts too. */
const WRITE_START = /^\s*(?:insert|update|delete|replace|create|drop|alter)\b/i;
const WRITE_WITHIN_CTE = /^\s*with\b[\s\S]*\b(?:insert|update|delete|replace)\b/i;

export function mayWrite(sql: string): boolean {
  return WRITE_START.test(sql) || WRITE_WITHIN_CTE.test(sql);
}

/** A caller who presents an identity (session cookie or Bearer token); whether it is valid is the app's to say. */
export function presentsIdentity(request: Request): boolean {
  return request.headers.has("Authorization") || Boolean(sessionCookieToken(request));
}

/** The bookmark the caller carried (header first, then cookie), when it has a bookmark's shape. */
export function carriedBookmark(request: Request): string | null {
  const value = request.headers.get(BOOKMARK_HEADER)?.trim() || readCookie(request, BOOKMARK_COOKIE);
  return value && value.length <= 256 && BOOKMARK_SHAPE.test(value) ? value : null;
}

/**
 * Where the request's session starts: after the caller's bookmark when it carries one; otherwise on the primary
 * for a write (an action reads balances and slots before its batch) and for a signed-in caller (their own recent
 * writes, made from another device or before the cookie expired); anywhere for an anonymous read.
 */
export function sessionStart(request: Request): D1SessionBookmark | D1SessionConstraint {
  const bookmark = carriedBookmark(request);
  if (bookmark) return bookmark;
  const reads = request.method === "GET" || request.method === "HEAD";
  return reads && !presentsIdentity(request) ? "first-unconstrained" : "first-primary";
}

/**
 * The request's database: a `D1Database` whose statements all run in one D1 session, so the services, drizzle and
 * `Batch` use it unchanged through `env.DB`. Its reads started together go to D1 as one batch (`ReadBatch`). It
 * remembers whether a statement that may write was prepared.
 */
export class SessionDatabase implements D1Database {
  readonly #session: D1DatabaseSession;
  readonly #binding: D1Database;
  readonly #reads: ReadBatch;
  #wrote = false;

  constructor(binding: D1Database, start: D1SessionBookmark | D1SessionConstraint) {
    this.#binding = binding;
    this.#session = binding.withSession(start);
    this.#reads = new ReadBatch(this.#session);
  }

  prepare(query: string): D1PreparedStatement {
    if (!mayWrite(query)) return this.#reads.prepare(query);
    this.#wrote = true;
    return this.#session.prepare(query);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.#session.batch<T>(statements.map(d1Statement));
  }

  exec(): Promise<D1ExecResult> {
    // exec has no session form: it would bypass the bookmark. Nothing in the app calls it during a request.
    return Promise.reject(new Error("D1 exec() is not available inside a request's session"));
  }

  withSession(start?: D1SessionBookmark | D1SessionConstraint): D1DatabaseSession {
    return this.#binding.withSession(start);
  }

  dump(): Promise<ArrayBuffer> {
    return this.#binding.dump();
  }

  /** True once a statement that may write was prepared in this request. */
  get wrote(): boolean {
    return this.#wrote;
  }

  /** The newest bookmark the session has seen (null before its first query). */
  bookmark(): D1SessionBookmark | null {
    return this.#session.getBookmark();
  }
}

function bookmarkCookie(bookmark: string): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE}`;
}

/**
 * Hands the session's bookmark back on `headers` (a response's own, mutable): always as the `x-d1-bookmark` header;
 * as a cookie to a browser (no Bearer token) when the request may have written or the caller is signed in. An
 * anonymous read sets no cookie, so the public pages stay cacheable.
 */
export function handBackBookmark(request: Request, headers: Headers, db: SessionDatabase): void {
  const bookmark = db.bookmark();
  if (!bookmark) return;
  headers.set(BOOKMARK_HEADER, bookmark);
  const browser = !request.headers.has("Authorization");
  if (browser && (db.wrote || presentsIdentity(request)) && bookmark !== readCookie(request, BOOKMARK_COOKIE)) {
    headers.append("Set-Cookie", bookmarkCookie(bookmark));
  }
}
