// The visitor's time zone, as an IANA name ("Asia/Tokyo"). Pure: the server reads it from the request, the browser
// from Intl; docs/decisions/015-dates-and-time-zones.md says how a page switches from one to the other.

/** The zone of a request that names none, or names one this runtime does not know. */
export const FALLBACK_TIME_ZONE = "UTC";

/** The cookie in which the browser remembers its own zone, so that the next server render already uses it. */
export const TIME_ZONE_COOKIE = "cw_tz";

/**
 * Zones already checked, by their canonical names: asking Intl costs a formatter, and every request asks. Only the
 * names Intl gives back are kept (Intl also accepts "asia/TOKYO" and every other spelling, which would make the set
 * grow with whatever visitors send), and at most KNOWN_ZONES_LIMIT of them (there are about 600).
 */
const knownZones = new Set<string>();
export const KNOWN_ZONES_LIMIT = 1000;

/** How many zone names are kept as checked (bounded by KNOWN_ZONES_LIMIT). */
export const knownZoneCount = () => knownZones.size;

/** The zone's canonical name when Intl knows it, else null (anything from a header or cookie passes here first). */
export function validTimeZone(candidate: unknown): string | null {
  if (typeof candidate !== "string" || candidate === "" || candidate.length > 64) return null;
  if (knownZones.has(candidate)) return candidate;
  try {
    const zone = new Intl.DateTimeFormat("en-US", { timeZone: candidate }).resolvedOptions().timeZone;
    if (knownZones.size < KNOWN_ZONES_LIMIT) knownZones.add(zone);
    return zone;
  } catch {
    return null; // RangeError: an unknown zone
  }
}

/** The first known zone of the candidates (most trusted first), else UTC. */
export function pickTimeZone(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    const zone = validTimeZone(candidate);
    if (zone) return zone;
  }
  return FALLBACK_TIME_ZONE;
}

/** The Set-Cookie value (for `document.cookie`) that remembers `zone` for a year. */
export function timeZoneCookie(zone: string, secure: boolean): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
