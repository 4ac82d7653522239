// Times in the visitor's zone. The server renders in the zone the root loader picked (the remembered browser zone,
// else the edge's hint, else UTC); hydration renders that zone too (no mismatch), and the browser's own zone
// replaces it right after, changing only the text of the times. The browser's zone is then remembered in a cookie,
// so the next server render already uses it. docs/decisions/015-dates-and-time-zones.md
import { createContext, use, useEffect, useSyncExternalStore } from "react";
import { formatDateTime, formatDayOf } from "~/lib/format";
import { FALLBACK_TIME_ZONE, TIME_ZONE_COOKIE, timeZoneCookie, validTimeZone } from "~/lib/time-zone";

const TimeZoneContext = createContext(FALLBACK_TIME_ZONE);

const noSubscription = () => () => {};
let browserZone: string | undefined;
/** The browser's own zone (read once: it does not change under a page). */
function browserTimeZone(): string {
  browserZone ??= validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? FALLBACK_TIME_ZONE;
  return browserZone;
}

export function TimeZoneProvider({ serverZone, children }: { serverZone: string; children: React.ReactNode }) {
  // the server's zone while rendering on the server and hydrating, the browser's right after
  const zone = useSyncExternalStore(noSubscription, browserTimeZone, () => serverZone);
  useEffect(() => {
    const own = browserTimeZone();
    if (!document.cookie.split(/;\s*/).includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(own)}`)) {
      document.cookie = timeZoneCookie(own, location.protocol === "https:");
    }
  }, []);
  return <TimeZoneContext value={zone}>{children}</TimeZoneContext>;
}

/** The zone times are shown in (an IANA name). */
export function useTimeZone(): string {
  return use(TimeZoneContext);
}

/** An instant as "March 5, 2026 at 3:04 PM GMT+9" (or its day alone with `dayOnly`), in the visitor's zone. */
export function LocalTime({ at, dayOnly = false, className }: { at: number; dayOnly?: boolean; className?: string }) {
  const zone = useTimeZone();
  return (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {dayOnly ? formatDayOf(at, zone) : formatDateTime(at, zone)}
    </time>
  );
}
