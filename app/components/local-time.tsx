// Times in the visitor's zone. The server renders in the zone the root loader picked (the remembered browser zone,
// else the edge's hint, else UTC); hydration renders that zone too (no mismatch), and the browser's own zone
// replaces it right after, changing only the text of the times. The browser's zone is then remembered in a cookie,
// so the next server render already uses it. docs/decisions/015-dates-and-time-zones.md
// Only components that show a time read the browser's zone: reading it builds the page's first Intl formatter,
// which loads the locale's data (tens of milliseconds of a phone's main thread in one task), and a page without
// times (the landing page) never needs it.
import { createContext, use, useEffect, useSyncExternalStore } from "react";
import { useFormat } from "~/lib/i18n/react";
import { FALLBACK_TIME_ZONE, TIME_ZONE_COOKIE, timeZoneCookie, validTimeZone } from "~/lib/time-zone";

/** The zone the server rendered in. */
const TimeZoneContext = createContext(FALLBACK_TIME_ZONE);

const noSubscription = () => () => {};
let browserZone: string | undefined;
/** The browser's own zone (read once: it does not change under a page). */
function browserTimeZone(): string {
  browserZone ??= validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? FALLBACK_TIME_ZONE;
  return browserZone;
}

let remembered = false;
/** Writes the browser's zone to the cookie the root loader reads, once a page (when it is not there already). */
function rememberBrowserZone() {
  if (remembered) return;
  remembered = true;
  const own = browserTimeZone();
  if (!document.cookie.split(/;\s*/).includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(own)}`)) {
    document.cookie = timeZoneCookie(own, location.protocol === "https:");
  }
}

export function TimeZoneProvider({ serverZone, children }: { serverZone: string; children: React.ReactNode }) {
  return <TimeZoneContext value={serverZone}>{children}</TimeZoneContext>;
}

/**
 * The zone times are shown in (an IANA name): the server's while rendering on the server and hydrating, the
 * browser's right after.
 */
export function useTimeZone(): string {
  const serverZone = use(TimeZoneContext);
  const zone = useSyncExternalStore(noSubscription, browserTimeZone, () => serverZone);
  useEffect(rememberBrowserZone, []);
  return zone;
}

/**
 * An instant as "March 5, 2026 at 3:04 PM GMT+9" (or its day alone with `dayOnly`), in the visitor's zone and the
 * page's language.
 */
export function LocalTime({ at, dayOnly = false, className }: { at: number; dayOnly?: boolean; className?: string }) {
  const zone = useTimeZone();
  const f = useFormat();
  return (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {dayOnly ? f.day(at, zone) : f.dateTime(at, zone)}
    </time>
  );
}
