// CORS for the REST API, in one place: the API layout (routes/api/layout.ts) exports `middleware = apiMiddleware`.
// Origins come from CORS_ORIGINS (comma-separated, or "*"); none by default. Credentials (cookies) are never
// allowed cross-origin: a browser client on another origin authenticates with `Authorization: Bearer`.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../context";

export const CORS_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
/** Headers a cross-origin client may send: its token, its body's type and its D1 bookmark (read-your-writes). */
export const CORS_REQUEST_HEADERS = "Authorization, Content-Type, X-D1-Bookmark";
/** Headers a cross-origin client may read: the list totals and the D1 bookmark to send back. */
export const CORS_EXPOSED_HEADERS = "X-Total-Count, X-Page, X-Per-Page, X-D1-Bookmark";
export const CORS_MAX_AGE = "600";

export function allowedOrigins(env: Pick<Env, "CORS_ORIGINS">): string[] {
  return (env.CORS_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim().replace(/\/$/, ""))
    .filter(Boolean);
}

/** The origin to echo in Access-Control-Allow-Origin, or null when this origin is not configured. */
export function corsOrigin(env: Pick<Env, "CORS_ORIGINS">, request: Request): string | null {
  const origin = request.headers.get("Origin");
  if (!origin) return null;
  const allowed = allowedOrigins(env);
  if (allowed.includes("*")) return "*";
  return allowed.includes(origin) ? origin : null;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  let out = response;
  try {
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  } catch {
    // immutable headers (a fetched response): copy it
    out = new Response(response.body, response);
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  }
  return out;
}

/** Answers preflights (204) and adds the CORS headers to API responses for configured origins. */
export function corsResponse(env: Pick<Env, "CORS_ORIGINS">, request: Request, response: Response | null): Response {
  const origin = corsOrigin(env, request);
  const configured = allowedOrigins(env).length > 0;
  if (request.method === "OPTIONS") {
    const headers: Record<string, string> = { Allow: CORS_METHODS, "Cache-Control": "no-store" };
    if (configured) headers.Vary = "Origin";
    if (origin) {
      headers["Access-Control-Allow-Origin"] = origin;
      headers["Access-Control-Allow-Methods"] = CORS_METHODS;
      headers["Access-Control-Allow-Headers"] = CORS_REQUEST_HEADERS;
      headers["Access-Control-Max-Age"] = CORS_MAX_AGE;
    }
    return new Response(null, { status: 204, headers });
  }
  const res = response!;
  const headers: Record<string, string> = {};
  if (configured) headers.Vary = "Origin";
  if (origin) {
    headers["Access-Control-Allow-Origin"] = origin;
    headers["Access-Control-Expose-Headers"] = CORS_EXPOSED_HEADERS;
  }
  return Object.keys(headers).length ? withHeaders(res, headers) : res;
}

export const cors: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = (context as Readonly<RouterContextProvider>).get(cloudflareContext);
  if (request.method === "OPTIONS") return corsResponse(env, request, null);
  return corsResponse(env, request, await next());
};

/** The API layout's middleware (routes/api/layout.ts), run for every REST route below it. */
export const apiMiddleware: MiddlewareFunction<Response>[] = [cors];
