import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/server/context";
import { missingSessionKey } from "~/server/auth/session.server";
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

export default {
  async fetch(request, env, ctx) {
    const misconfigured = missingSessionKey(env);
    if (misconfigured) {
      console.error(misconfigured);
      return withSecurityHeaders(new Response("This server is not configured yet.", { status: 500 }));
    }
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return withSecurityHeaders(await requestHandler(request, context));
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env));
  },
} satisfies ExportedHandler<Env>;
