// The REST resource routes (docs/product/rest-api.md) share this: each method's catalogue entry beside its handler,
// method dispatch (405 with Allow otherwise), the JSON error shape of docs/product/rest-api.md (through api()), strict
// JSON bodies (and a file as the body), list headers, and the "own records only" rule for e-mails in queries and bodies.
import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getEnv } from "../context";
import { appOrigin } from "../environment.server";
import { AppError, forbidden } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { api, declaredKeys, json, methodNotAllowed, validate } from "./api.server";
import { readBodyBytes } from "./body.server";
import { errorStatuses, type ApiTag, type EndpointDoc, type EndpointEntry, type HttpMethod } from "./endpoint.server";
import { findUserByEmail } from "../services/users.server";
import { MAX_PAGE_SIZE } from "~/lib/schemas/api";

export interface RestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
}

export interface HandlerArgs extends RestArgs {
  env: Env;
  url: URL;
  /** APP_ORIGIN (the request's origin where it is not set): app paths in answers and e-mailed links use it. */
  origin: string;
}

export type Handler = (args: HandlerArgs) => Promise<Response> | Response;

/** One method of a route: its catalogue entry (endpoint.server.ts) and the handler that answers it. */
export interface Endpoint extends EndpointEntry {
  handler: Handler;
}

/** A REST route's loader (and action): it answers requests and carries the route's catalogue entries. */
export interface RestRoute {
  (args: RestArgs): Promise<Response>;
  readonly endpoints: EndpointDoc[];
}

/**
 * A REST resource route, exported as both its loader and its action:
 *   export const loader = rest("/path", "Tag", { GET: { summary, access, query, responses, errors, handler }, … });
 *   export const action = loader;
 * (React Router's build strips `loader`/`action` from the browser bundle and cannot strip destructured exports.)
 * `path` is the route's path in app/routes.ts in OpenAPI's form ("/images/{key}"); the tests hold the two equal.
 * It picks the handler for the method (HEAD as GET), answers 405 with Allow for any other, and turns refusals into
 * `{ error: { code, message } }`. CORS is the API layout's middleware (routes/api/layout.ts).
 */
export function rest(path: string, tag: ApiTag, methods: Partial<Record<HttpMethod, Endpoint>>): RestRoute {
  const allowed = Object.keys(methods) as HttpMethod[];
  const route = (args: RestArgs): Promise<Response> =>
    api(async () => {
      const method = (args.request.method === "HEAD" ? "GET" : args.request.method.toUpperCase()) as HttpMethod;
      const endpoint = methods[method];
      if (!endpoint) return methodNotAllowed(allowed);
      const url = new URL(args.request.url);
      const env = getEnv(args.context);
      return endpoint.handler({ ...args, env, url, origin: appOrigin(env, args.request) });
    });
  const endpoints = allowed.map((method): EndpointDoc => {
    const { handler: _handler, ...entry } = methods[method]!;
    return { method, path, tag, ...entry, errors: errorStatuses(entry) };
  });
  return Object.assign(route, { endpoints });
}

export const MAX_BODY_BYTES = 64 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Reads at most `max` bytes of the body as UTF-8 text; more is a 413 (see body.server.ts). */
async function boundedText(request: Request, max: number): Promise<string> {
  const bytes = await readBodyBytes(request, max, "Request body is too large");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8");
  }
}

/**
 * A JSON object body parsed with `schema`. An empty body counts as `{}`. A non-empty body must say
 * `Content-Type: application/json` (415 otherwise): a cross-site form cannot send one without a preflight.
 */
export async function readBody<S extends v.GenericSchema>(request: Request, schema: S): Promise<v.InferOutput<S>> {
  const text = await boundedText(request, MAX_BODY_BYTES);
  let body: unknown = {};
  if (text.trim() !== "") {
    if (!JSON_TYPE.test(request.headers.get("Content-Type") ?? "")) {
      throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json");
    }
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError("bad_request", "The request body is not valid JSON");
    }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("bad_request", "The request body must be a JSON object");
  }
  return validate(schema, withDeclaredKeys(schema, body as Record<string, unknown>));
}

/**
 * A file sent as the whole body (e.g. a CSV): its bytes, at most `maxBytes` (413 with `tooLarge` beyond). The body
 * must say its `Content-Type` (415 otherwise), which a cross-site form cannot send without a preflight either.
 */
export async function readFileBody(
  request: Request,
  file: { contentType: string; maxBytes: number; tooLarge: string },
): Promise<Uint8Array> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== file.contentType)
    throw new AppError("unsupported_media_type", `Send the file as the body with Content-Type: ${file.contentType}`);
  return readBodyBytes(request, file.maxBytes, file.tooLarge);
}

/** The query string parsed with `schema` (values are strings; unknown parameters are ignored). */
export function readQuery<S extends v.GenericSchema>(request: Request, schema: S): v.InferOutput<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return validate(schema, withDeclaredKeys(schema, params));
}

/**
 * Missing keys of an object schema set to undefined, so a missing field gets its own message
 * ("Task Title is required") instead of valibot's generic "Invalid key".
 */
function withDeclaredKeys(schema: v.GenericSchema, input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const key of declaredKeys(schema)) if (!Object.hasOwn(out, key)) out[key] = undefined;
  return out;
}

export { json };

/** A page of a list: the array as the body (as the spec's client reads it), the totals in headers. */
export function listJson(items: unknown[], meta: { total: number; page: number; limit: number }): Response {
  return json(items, 200, {
    "X-Total-Count": String(meta.total),
    "X-Page": String(meta.page),
    "X-Per-Page": String(meta.limit),
  });
}

/** A page as a service answers it. */
export interface Page<Row> {
  items: Row[];
  total: number;
  page: number;
  limit: number;
}

/**
 * A service's page of rows answered as a list, each row in its wire shape; `limit` defaults to the largest page.
 * `read` answers null for a list nobody has (an admin naming an e-mail without an account): an empty page.
 */
export async function pagedList<Row>(
  q: { page?: number; limit?: number },
  read: (paging: { page?: number; limit: number }) => Promise<Page<Row> | null>,
  wire: (row: Row) => unknown,
): Promise<Response> {
  const limit = q.limit ?? MAX_PAGE_SIZE;
  const page = (await read({ page: q.page, limit })) ?? { items: [], total: 0, page: q.page ?? 1, limit };
  return listJson(page.items.map(wire), page);
}

export const NOT_YOURS = "You can only read or change your own records";

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** An e-mail in a query or body never widens access: it must be the caller's own (or absent). */
export function requireOwnEmail(user: SessionUser, email: string | undefined): void {
  if (email !== undefined && !sameEmail(email, user.email)) throw forbidden(NOT_YOURS);
}

export interface Owner {
  id: string;
  name: string;
  email: string;
}

/**
 * Whose rows a query with `email=` reads: the caller's own when the e-mail is absent or theirs; for an admin, the
 * live user with that e-mail (null when there is none, which reads as an empty list); anyone else gets 403.
 */
export async function ownerFor(env: Env, user: SessionUser, email: string | undefined): Promise<Owner | null> {
  if (email === undefined || sameEmail(email, user.email)) return user;
  if (user.role !== "Admin") throw forbidden(NOT_YOURS);
  return findUserByEmail(env, email);
}
