import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { cloudflareContext, documentRequestContext } from "~/server/context";
import { isProduction, isQuestionRequest, misconfiguration } from "~/server/environment.server";
import { drainAfterAnswer } from "~/server/http/body.server";
import { handBackBookmark, SessionDatabase, sessionStart } from "~/server/db/session.server";
import { crossSiteRefusal } from "~/server/http/cross-site.server";
import { servePage } from "~/server/http/page-cache.server";
import { finishResponse } from "~/server/http/response-headers.server";
import { answerQuestionOrigin } from "~/server/mturk/question-frame.server";
import { runScheduledJobs } from "~/server/jobs/scheduled.server";
import { isMturkRequestAtRoot, mturkEndpoint } from "~/server/mturk/endpoint.server";
import { sendingEventsAfter } from "~/server/http/hit-events.server";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, createRequestHandler loads the build and derives its router (flattening and ranking every
 * route, compiling every path) on each request, so that the dev server can swap modules. A deployed build never
 * changes: it is loaded and derived once per isolate, on the first request (about a fifth of a page's CPU time).
 */
let builtHandler: Promise<RequestHandler> | undefined;
const requestHandler: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      builtHandler ??= loadBuild().then((build) => createRequestHandler(build, import.meta.env.MODE));
      return (await builtHandler)(request, context);
    };

/**
 * Refusals at the door, before any route runs: a Worker whose settings are unsafe where it runs (no session key,
 * APP_ORIGIN or QUESTION_ORIGIN in production, development settings on a public host: environment.server.ts), a cross-site cookie
 * request.
 */
function refusedAtTheDoor(request: Request, env: Env): Response | null {
  const misconfigured = misconfiguration(env, new URL(request.url));
  if (misconfigured) {
    console.error(misconfigured);
    return new Response("This server is not configured yet.", { status: 500 });
  }
  return crossSiteRefusal(request);
}

/**
 * One request through the app. Its `env.DB` is a D1 session (docs/decisions/012-d1-read-replication.md), so every
 * query of the request, in any service, reads from a replica at least as new as the caller's bookmark.
 */
async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const db = new SessionDatabase(env.DB, sessionStart(request));
  const sessionEnv = { ...env, DB: db };
  const response = finishResponse(request, await route(request, sessionEnv, ctx));
  handBackBookmark(request, response.headers, db);
  return response;
}

/**
 * The app's answer: React Router's, but for the MTurk Requester API's requests at the root path, which the
 * endpoint answers as it does at /mturk (docs/decisions/076-the-mturk-api-at-the-root-path.md).
 */
function route(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (isMturkRequestAtRoot(request)) return sendingEventsAfter(request, env, ctx, () => mturkEndpoint(request, env));
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx });
  // a page's own load, not React Router's data request: only it may clear a flash (flash.server.ts)
  context.set(documentRequestContext, !new URL(request.url).pathname.endsWith(".data"));
  return sendingEventsAfter(request, env, ctx, () => requestHandler(request, context));
}

function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const refused = refusedAtTheDoor(request, env);
  if (refused) return Promise.resolve(finishResponse(request, refused));
  // the question origin is another site: it serves HITs' questions (requester code) and nothing of the app
  if (isQuestionRequest(env, new URL(request.url))) return answerQuestionOrigin(env, request);
  // anonymous visitors of the public pages are answered from the edge cache when it holds the page
  return servePage(request, ctx, (r) => handle(r, env, ctx));
}

export default {
  async fetch(request, env, ctx) {
    if (isProduction(env)) return answer(request, env, ctx);
    // the local servers fail an answer given before the body was read: read the rest first (body.server.ts)
    const local = drainAfterAnswer(request);
    try {
      return await answer(local.request, env, ctx);
    } finally {
      await local.drain();
    }
  },
  async scheduled(controller, env, ctx) {
    const misconfigured = misconfiguration(env, null);
    if (misconfigured) return console.error(misconfigured);
    ctx.waitUntil(runScheduledJobs(env, controller.cron, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
