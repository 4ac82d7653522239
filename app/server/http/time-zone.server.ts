import { pickTimeZone, TIME_ZONE_COOKIE } from "~/lib/time-zone";
import { readCookie } from "./cookies.server";

/**
 * The zone a page is rendered in: the browser's own, remembered in a cookie after an earlier visit; else the edge's
 * hint from the visitor's address (`request.cf.timezone`); else UTC. Both are checked against Intl first.
 */
export function requestTimeZone(request: Request): string {
  const remembered = readCookie(request, TIME_ZONE_COOKIE);
  let cookieZone: string | undefined;
  try {
    cookieZone = remembered === undefined ? undefined : decodeURIComponent(remembered);
  } catch {
    cookieZone = undefined; // a mangled cookie is ignored
  }
  return pickTimeZone(cookieZone, request.cf?.timezone);
}
