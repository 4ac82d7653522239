// The small pure modules of app/lib: dates (always in UTC, whatever the machine's zone), roles, categories, cn.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import { cn } from "~/lib/cn";
import { formatDate, formatDateTime, gaugePercent, todayIso } from "~/lib/format";
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
  it("writes a long date and a short time, in UTC", () => {
    expect(spaced(formatDateTime(Date.UTC(2026, 2, 5, 15, 4)))).toBe("March 5, 2026 at 3:04 PM");
    expect(spaced(formatDateTime(Date.UTC(2026, 11, 31, 0, 0)))).toBe("December 31, 2026 at 12:00 AM");
  });

  it("names the UTC day and minute of any instant", () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const d = new Date(ms);
        const text = spaced(formatDateTime(ms));
        const m = /^([A-Z][a-z]+) (\d{1,2}), (\d{4}) at (\d{1,2}):(\d{2}) ([AP])M$/.exec(text);
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
});

describe("formatDate and todayIso", () => {
  it("formatDate writes a medium date from an ISO day or an instant", () => {
    expect(formatDate("2026-03-05")).toBe("Mar 5, 2026");
    expect(formatDate(Date.UTC(2026, 2, 5, 23, 59))).toBe("Mar 5, 2026");
    expect(formatDate("2024-02-29")).toBe("Feb 29, 2024");
  });

  it("todayIso is the UTC day of the instant", () => {
    expect(todayIso(Date.UTC(2026, 2, 5, 23, 59, 59))).toBe("2026-03-05");
    expect(todayIso(Date.UTC(2026, 2, 6))).toBe("2026-03-06");
    fc.assert(
      fc.property(instant, (ms) => {
        const day = todayIso(ms);
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const start = Date.parse(`${day}T00:00:00Z`);
        expect(ms).toBeGreaterThanOrEqual(start);
        expect(ms).toBeLessThan(start + DAY);
      }),
    );
  });

  it("an instant and its ISO day are written the same way (the day never shifts by a zone)", () => {
    fc.assert(fc.property(instant, (ms) => formatDate(ms) === formatDate(todayIso(ms))));
  });

  it("ISO days sort as the days they name (the completion-date check compares them as strings)", () => {
    fc.assert(
      fc.property(
        instant,
        instant,
        (a, b) =>
          Math.sign(todayIso(a).localeCompare(todayIso(b))) === Math.sign(Math.floor(a / DAY) - Math.floor(b / DAY)),
      ),
    );
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
