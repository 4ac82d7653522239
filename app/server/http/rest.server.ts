// The REST resource routes (docs/product/rest-api.md) share this: each method's catalogue entry beside its handler,
// method dispatch (405 with Allow otherwise), the JSON error shape of docs/product/rest-api.md (through api()), strict
// JSON bodies (and a file as the body), list headers, and the "own records only" rule for e-mails in queries and bodies.
import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getEnv, userContext } from "../context";
import { appOrigin } from "../environment.server";
import { AppError, forbidden } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { requireApiRole, requireApiUser } from "../auth/guards.server";
import { api, declaredKeys, json, methodNotAllowed, validate } from "./api.server";
import { readBodyBytes } from "./body.server";
import {
  errorStatuses,
  type Access,
  type ApiTag,
  type EndpointDoc,
  type EndpointEntry,
  type HttpMethod,
} from "./endpoint.server";
import { findUserByEmail } from "../services/users.server";
import { MAX_PAGE_SIZE } from "~/lib/schemas/api";

export interface RestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
}

export interface RequestArgs extends RestArgs {
  env: Env;
  url: URL;
  /** APP_ORIGIN (the request's origin where it is not set): app paths in answers and e-mailed links use it. */
  origin: string;
}

type QuerySchema = v.GenericSchema | undefined;
type BodySchema = v.GenericSchema | v.GenericSchema[] | undefined;
type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** Who a handler answers: the signed-in user, or for a public endpoint whoever is signed in (null for nobody). */
export type CallerOf<A extends Access> = A extends "public" ? SessionUser | null : SessionUser;

/** A handler's arguments: the caller its entry's `access` let through and its entry's `query` and `body` parsed. */
export interface HandlerArgs<
  A extends Access = Access,
  Q extends QuerySchema = undefined,
  B extends BodySchema = undefined,
> extends RequestArgs {
  user: CallerOf<A>;
  query: Parsed<Q>;
  /** undefined for alternative bodies (several schemas): the handler picks one and reads it with readBody */
  body: Parsed<B>;
}

/** One method of a route: its catalogue entry (endpoint.server.ts) and the handler that answers it. */
export interface Endpoint<
  A extends Access = Access,
  Q extends QuerySchema = QuerySchema,
  B extends BodySchema = BodySchema,
> extends EndpointEntry {
  access: A;
  query?: Q;
  body?: B;
  /**
   * Runs before the access check and the input: it throws for a rate limit or a feature switched off, or answers a
   * request the entry's access does not describe (a first Google sign-in, which has no account yet).
   */
  before?: (args: RequestArgs) => Promise<Response | void> | Response | void;
  handler: (args: HandlerArgs<A, Q, B>) => Promise<Response> | Response;
}

/** A REST route's loader (and action): it answers requests and carries the route's catalogue entries. */
export interface RestRoute {
  (args: RestArgs): Promise<Response>;
  readonly endpoints: EndpointDoc[];
}

/** The caller `access` lets through: 401 without an identity (unless public), 403 for a role it does not list. */
function callerFor(context: Readonly<RouterContextProvider>, access: Access): SessionUser | null {
  if (access === "public") return context.get(userContext);
  if (access === "signed-in") return requireApiUser(context);
  return requireApiRole(context, ...access);
}

/**
 * A REST resource route, exported as both its loader and its action:
 *   export const loader = rest("/path", "Tag", { GET: { summary, access, query, responses, errors, handler }, … });
 *   export const action = loader;
 * (React Router's build strips `loader`/`action` from the browser bundle and cannot strip destructured exports.)
 * `path` is the route's path in app/routes.ts in OpenAPI's form ("/images/{key}"); the tests hold the two equal.
 * It picks the handler for the method (HEAD as GET), answers 405 with Allow for any other, decides 401/403 from the
 * entry's `access`, parses its `query` and then its `body` (422, 400, 413, 415), and only then calls the handler with
 * the caller and the parsed input: what the entry declares (and the docs show) is what is enforced. Access finer
 * than a role (your own records, the task's buyer) stays with the handler and its service. Refusals become
 * `{ error: { code, message } }`. CORS is the API layout's middleware (routes/api/layout.ts).
 */
export function rest<
  AG extends Access,
  AP extends Access,
  AU extends Access,
  AA extends Access,
  AD extends Access,
  QG extends QuerySchema = undefined,
  BG extends BodySchema = undefined,
  QP extends QuerySchema = undefined,
  BP extends BodySchema = undefined,
  QU extends QuerySchema = undefined,
  BU extends BodySchema = undefined,
  QA extends QuerySchema = undefined,
  BA extends BodySchema = undefined,
  QD extends QuerySchema = undefined,
  BD extends BodySchema = undefined,
>(
  path: string,
  tag: ApiTag,
  // one set of type parameters a method, so that each handler's arguments follow its own entry
  methods: {
    GET?: Endpoint<AG, QG, BG>;
    POST?: Endpoint<AP, QP, BP>;
    PUT?: Endpoint<AU, QU, BU>;
    PATCH?: Endpoint<AA, QA, BA>;
    DELETE?: Endpoint<AD, QD, BD>;
  },
): RestRoute {
  const entries = methods as Partial<Record<HttpMethod, Endpoint>>;
  const allowed = Object.keys(entries) as HttpMethod[];
  const route = (args: RestArgs): Promise<Response> =>
    api(async () => {
      const method = (args.request.method === "HEAD" ? "GET" : args.request.method.toUpperCase()) as HttpMethod;
      const endpoint = entries[method];
      if (!endpoint) return methodNotAllowed(allowed);
      const env = getEnv(args.context);
      const request: RequestArgs = {
        ...args,
        env,
        url: new URL(args.request.url),
        origin: appOrigin(env, args.request),
      };
      const early = await endpoint.before?.(request);
      if (early) return early;
      const user = callerFor(args.context, endpoint.access);
      const query = endpoint.query && readQuery(args.request, endpoint.query);
      const body =
        endpoint.body && !Array.isArray(endpoint.body) ? await readBody(args.request, endpoint.body) : undefined;
      return endpoint.handler({ ...request, user, query, body });
    });
  const endpoints = allowed.map((method): EndpointDoc => {
    const { handler: _handler, before: _before, ...entry } = entries[method]!;
    return { method, path, tag, ...entry, errors: errorStatuses(entry) };
  });
  return Object.assign(route, { endpoints });
}

export const MAX_BODY_BYTES = 64 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Each request's body as read once: `rest()` reads a declared body before its handler, which may read it again. */
const bodiesRead = new WeakMap<Request, Promise<string>>();

/** Reads at most `max` bytes of the body as UTF-8 text; more is a 413 (see body.server.ts). */
function boundedText(request: Request, max: number): Promise<string> {
  let text = bodiesRead.get(request);
  if (!text) {
    text = readBodyBytes(request, max, "Request body is too large").then((bytes) => {
      try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        throw new AppError("bad_request", "The request body is not valid UTF-8");
      }
    });
    bodiesRead.set(request, text);
  }
  return text;
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
