// The small pure modules of app/lib: dates and time zones (never the machine's zone), the deadline rule, roles,
// categories, cn.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import { cn } from "~/lib/cn";
import { daysUntil, dueLabel } from "~/components/worker/due";
import { serverWords } from "~/lib/i18n/words.server";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { formatCoins, formatCount, formatDate, formatDateTime, formatDayOf, gaugePercent } from "~/lib/format";
import { FALLBACK_TIME_ZONE, pickTimeZone, TIME_ZONE_COOKIE, timeZoneCookie, validTimeZone } from "~/lib/time-zone";
import { HOME_BY_ROLE, ROLES, SELF_REGISTER_ROLES, homeFor } from "~/lib/roles";

const DAY = 86_400_000;
/** Some ICU versions put a narrow no-break space before AM/PM, others a plain one. */
const spaced = (s: string) => s.replace(/\u202f/g, " ");
/** Instants from 1970 to 2100. */
const instant = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) });

// The server runs in UTC and a contributor's machine may not: the formats must not depend on the local zone.
const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = "Pacific/Kiritimati"; // UTC+14: every local date differs from the UTC one for 14 hours a day
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("formatDateTime", () => {
  it("writes a long date and a short time in the zone it is given, and names the zone", () => {
    const ms = Date.UTC(2026, 2, 5, 15, 4);
    expect(spaced(formatDateTime(ms, "UTC"))).toBe("March 5, 2026 at 3:04 PM UTC");
    expect(spaced(formatDateTime(ms, "Asia/Tokyo"))).toBe("March 6, 2026 at 12:04 AM GMT+9");
    expect(spaced(formatDateTime(ms, "America/Los_Angeles"))).toBe("March 5, 2026 at 7:04 AM PST");
    expect(spaced(formatDateTime(ms, "Asia/Kolkata"))).toBe("March 5, 2026 at 8:34 PM GMT+5:30");
    // summer time: the label follows the instant, not the zone's standard name
    expect(spaced(formatDateTime(Date.UTC(2026, 6, 1, 19, 0), "America/Los_Angeles"))).toBe(
      "July 1, 2026 at 12:00 PM PDT",
    );
    expect(spaced(formatDateTime(Date.UTC(2026, 11, 31, 0, 0), "UTC"))).toBe("December 31, 2026 at 12:00 AM UTC");
  });

  it("writes an unknown zone's times in UTC instead of failing the page", () => {
    const ms = Date.UTC(2026, 2, 5, 15, 4);
    for (const bad of ["Mars/Olympus_Mons", "", "Asia/Tokyo; x"])
      expect(spaced(formatDateTime(ms, bad))).toBe("March 5, 2026 at 3:04 PM UTC");
  });

  it("names the UTC day and minute of any instant", () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const d = new Date(ms);
        const text = spaced(formatDateTime(ms, "UTC"));
        const m = /^([A-Z][a-z]+) (\d{1,2}), (\d{4}) at (\d{1,2}):(\d{2}) ([AP])M UTC$/.exec(text);
        expect(m, text).not.toBeNull();
        const [, month, day, year, hour, minute, half] = m!;
        expect(month).toBe(d.toLocaleString("en-US", { month: "long", timeZone: "UTC" }));
        expect([Number(day), Number(year), Number(minute)]).toEqual([
          d.getUTCDate(),
          d.getUTCFullYear(),
          d.getUTCMinutes(),
        ]);
        expect((Number(hour) % 12) + (half === "P" ? 12 : 0)).toBe(d.getUTCHours());
      }),
    );
  });

  it("a zone shifts the clock by its offset and only that", () => {
    // Etc/GMT-9 is UTC+9 with no summer time (POSIX signs are reversed)
    fc.assert(
      fc.property(instant, (ms) => {
        const shifted = spaced(formatDateTime(ms + 9 * 3_600_000, "UTC")).replace(/ UTC$/, "");
        return spaced(formatDateTime(ms, "Etc/GMT-9")) === `${shifted} GMT+9`;
      }),
    );
  });
});

describe("formatCoins", () => {
  it("says coin for one and coins for any other amount, grouped as counts are", () => {
    expect(formatCoins(1)).toBe("1 coin");
    expect(formatCoins(0)).toBe("0 coins");
    expect(formatCoins(2)).toBe("2 coins");
    expect(formatCoins(1065)).toBe("1,065 coins");
  });
});

describe("formatCount", () => {
  it("writes any number exactly as toLocaleString('en-US') does", () => {
    for (const n of [
      0,
      -0,
      7,
      999,
      1000,
      12_345,
      1_000_000,
      -1,
      -1234,
      -999_999,
      Number.MAX_SAFE_INTEGER,
      1234.5678,
      0.5,
    ])
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true })), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
      }),
    );
  });
});

describe("formatDayOf", () => {
  it("is the day an instant falls on in the zone, without a time or a zone name", () => {
    const lateInUtc = Date.UTC(2026, 2, 5, 23, 30);
    expect(formatDayOf(lateInUtc, "UTC")).toBe("Mar 5, 2026");
    expect(formatDayOf(lateInUtc, "Asia/Tokyo")).toBe("Mar 6, 2026");
    expect(formatDayOf(Date.UTC(2026, 2, 5, 3), "America/Los_Angeles")).toBe("Mar 4, 2026");
    expect(formatDayOf(lateInUtc, "Not/A_Zone")).toBe("Mar 5, 2026");
  });
});

describe("formatDate (a calendar day)", () => {
  it("writes a medium date from an ISO day", () => {
    expect(formatDate("2026-03-05")).toBe("Mar 5, 2026");
    expect(formatDate("2024-02-29")).toBe("Feb 29, 2024");
  });

  it("writes every day as Intl's en-US medium date in UTC does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }), (ms) => {
        const iso = new Date(ms).toISOString().slice(0, 10);
        expect(formatDate(iso)).toBe(intl.format(Date.parse(`${iso}T00:00:00Z`)));
      }),
    );
  });

  it("a deadline is the same day whatever the machine's zone (here UTC+14)", () => {
    expect(process.env.TZ).toBe("Pacific/Kiritimati");
    fc.assert(fc.property(instant, (ms) => formatDate(deadlineDay(ms)) === formatDayOf(ms, "UTC")));
  });
});

describe("the deadline rule", () => {
  it("deadlineDay is the UTC day of the instant", () => {
    expect(deadlineDay(Date.UTC(2026, 2, 5, 23, 59, 59, 999))).toBe("2026-03-05");
    expect(deadlineDay(Date.UTC(2026, 2, 6))).toBe("2026-03-06");
    fc.assert(
      fc.property(instant, (ms) => {
        const day = deadlineDay(ms);
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const start = Date.parse(`${day}T00:00:00Z`);
        expect(ms).toBeGreaterThanOrEqual(start);
        expect(ms).toBeLessThan(start + DAY);
      }),
    );
  });

  it("a task is open through the last millisecond of its completion day in UTC, and past from the next", () => {
    const endOfDay = Date.UTC(2026, 2, 5, 23, 59, 59, 999);
    expect(isPastDate("2026-03-05", deadlineDay(endOfDay))).toBe(false);
    expect(isPastDate("2026-03-05", deadlineDay(endOfDay + 1))).toBe(true);
    expect(isPastDate("2026-03-06", deadlineDay(endOfDay + 1))).toBe(false);
  });

  it("ISO days sort as the days they name (the rule compares them as strings, in code and in SQL)", () => {
    fc.assert(
      fc.property(
        instant,
        instant,
        (a, b) =>
          Math.sign(deadlineDay(a).localeCompare(deadlineDay(b))) ===
          Math.sign(Math.floor(a / DAY) - Math.floor(b / DAY)),
      ),
    );
  });

  it("the worker's badge says closed exactly when the rule says past", () => {
    const day = fc.integer({ min: 0, max: Math.floor(Date.UTC(2100, 0, 1) / DAY) }).map((d) => deadlineDay(d * DAY));
    fc.assert(
      fc.property(day, instant, (completionDate, now) => {
        const days = daysUntil(completionDate, now);
        return (
          days < 0 === isPastDate(completionDate, deadlineDay(now)) &&
          (dueLabel(serverWords("en", "common"), days) === "Closed") === days < 0
        );
      }),
    );
  });
});

describe("time zones", () => {
  it("a known zone passes under its canonical name; anything else is refused", () => {
    expect(validTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(validTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(validTimeZone("UTC")).toBe("UTC");
    for (const bad of [undefined, null, 9, "", "Mars/Olympus_Mons", "Europe/Berlin\r\nSet-Cookie: x", "A".repeat(65)])
      expect(validTimeZone(bad)).toBeNull();
  });

  it("the first known zone wins; none falls back to UTC", () => {
    expect(pickTimeZone("Europe/Berlin", "Asia/Tokyo")).toBe("Europe/Berlin");
    expect(pickTimeZone("Nowhere/City", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(pickTimeZone(undefined, undefined)).toBe("UTC");
    expect(pickTimeZone("Nowhere/City")).toBe(FALLBACK_TIME_ZONE);
  });

  it("the browser remembers its zone for a year, Secure on HTTPS", () => {
    expect(timeZoneCookie("America/Los_Angeles", true)).toBe(
      `${TIME_ZONE_COOKIE}=America%2FLos_Angeles; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
    );
    expect(timeZoneCookie("UTC", false)).not.toContain("Secure");
  });
});

describe("roles", () => {
  it("each role has its home; anything else goes to the worker's", () => {
    expect(HOME_BY_ROLE).toEqual({
      Admin: "/dashboard/adminhome",
      Buyer: "/dashboard/buyerhome",
      Worker: "/dashboard/workerhome",
    });
    for (const role of ROLES) expect(homeFor(role)).toBe(HOME_BY_ROLE[role]);
    for (const other of [undefined, null, "", "admin", "Owner"]) expect(homeFor(other)).toBe("/dashboard/workerhome");
  });

  it("only workers and buyers register themselves", () => {
    expect([...SELF_REGISTER_ROLES]).toEqual(["Worker", "Buyer"]);
    expect(ROLES).toContain("Admin");
  });
});

describe("categories", () => {
  it("are the nine of the product, each once", () => {
    expect(CATEGORIES).toHaveLength(9);
    expect(new Set(CATEGORIES).size).toBe(9);
    expect(CATEGORIES).toContain("App & Website Testing");
    expect(CATEGORIES).toContain("Survey & Feedback");
  });
});

describe("cn", () => {
  it("joins class names, drops falsy ones, and lets a later Tailwind class win", () => {
    expect(cn("px-2 py-1", false, null, undefined, "px-4")).toBe("py-1 px-4");
    expect(cn("text-sm", { "font-bold": true, hidden: false })).toBe("text-sm font-bold");
  });
});

describe("gaugePercent", () => {
  it("never reads 0% for something there, nor 100% for something short of the whole", () => {
    expect(gaugePercent(1, 500)).toBe("<1%");
    expect(gaugePercent(499, 500)).toBe(">99%");
    expect(gaugePercent(0, 500)).toBe("0%");
    expect(gaugePercent(500, 500)).toBe("100%");
    expect(gaugePercent(900, 500)).toBe("100%");
    expect(gaugePercent(5, 0)).toBe("0%");
    expect(gaugePercent(50, 200)).toBe("25%");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (value, max) => {
        const shown = gaugePercent(value, max);
        return shown !== "0%" && (value >= max || shown !== "100%");
      }),
    );
  });
});
