import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/server/context";
import { handBackBookmark, SessionDatabase, sessionStart } from "~/server/db/session.server";
import { servePage } from "~/server/http/page-cache.server";
import { runScheduledJobs } from "~/server/services/scheduled.server";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

function withSecurityHeaders(response: Response): Response {
  const out = new Response(response.body, response);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!out.headers.has(k)) out.headers.set(k, v);
  return out;
}

/**
 * One request through the app. Its `env.DB` is a D1 session (docs/decisions/012-d1-read-replication.md), so every
 * query of the request, in any service, reads from a replica at least as new as the caller's bookmark.
 */
async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const db = new SessionDatabase(env.DB, sessionStart(request));
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: { ...env, DB: db }, ctx });
  const response = withSecurityHeaders(await requestHandler(request, context));
  handBackBookmark(request, response.headers, db);
  return response;
}

export default {
  fetch(request, env, ctx) {
    // anonymous visitors of the public pages are answered from the edge cache when it holds the page
    return servePage(request, ctx, (r) => handle(r, env, ctx));
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env));
  },
} satisfies ExportedHandler<Env>;
