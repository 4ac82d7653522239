// Requests that change something on behalf of the session cookie must come from a page of this site. The session
// cookie is SameSite=Lax, so browsers already keep it off cross-site posts; this is the second lock, and it also
// covers the resource routes (/logout, the REST API, the bell), which React Router's own origin check of page
// actions does not. Bearer-token calls are exempt: a browser never attaches that header on its own, and CORS
// (cors.server.ts) governs which origins may read their answers.
import { bearerToken, sessionCookieToken } from "../auth/session.server";
import { json } from "./api.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EXTERNAL_SUBMIT_PATH = "/mturk/externalSubmit";

export const CROSS_SITE_REFUSED =
  "This request came from another site with your session cookie, so it was refused. Use Coinwork's own pages, or call the API with Authorization: Bearer.";

/** A 403 for a cookie-authenticated change requested by another origin; null when the request may go on. */
export function crossSiteRefusal(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  // a HIT question's answer comes from a sandboxed frame (origin "null"); its assignmentId authorises it, never a
  // cookie (app/server/mturk/question-frame.server.ts)
  if (new URL(request.url).pathname === EXTERNAL_SUBMIT_PATH) return null;
  if (bearerToken(request) || !sessionCookieToken(request)) return null;
  const origin = request.headers.get("Origin");
  const fromAnotherSite =
    origin !== null ? origin !== new URL(request.url).origin : request.headers.get("Sec-Fetch-Site") === "cross-site";
  if (!fromAnotherSite) return null;
  return json({ error: { code: "forbidden", message: CROSS_SITE_REFUSED } }, 403);
}
