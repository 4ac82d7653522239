import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/server/context";
import { missingSessionKey } from "~/server/auth/session.server";
import { crossSiteRefusal } from "~/server/http/cross-site.server";
import { finishResponse } from "~/server/http/response-headers.server";
import { runScheduledJobs } from "~/server/jobs/scheduled.server";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/** Refusals at the door, before any route runs: a Worker without its session key, a cross-site cookie request. */
function refusedAtTheDoor(request: Request, env: Env): Response | null {
  const misconfigured = missingSessionKey(env);
  if (misconfigured) {
    console.error(misconfigured);
    return new Response("This server is not configured yet.", { status: 500 });
  }
  return crossSiteRefusal(request);
}

export default {
  async fetch(request, env, ctx) {
    const refused = refusedAtTheDoor(request, env);
    if (refused) return finishResponse(request, refused);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return finishResponse(request, await requestHandler(request, context));
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.cron, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
