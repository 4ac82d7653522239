// Pay per hour (app/lib/pay-rate.ts): the least pay that meets the minimum is exactly the least, and the figures the
// pages write agree with the index's integer arithmetic (migrations/0032).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsPerHour, hourlyWords, leastPayFor, minHourlyPayCents, payRateOf, payRateWords } from "~/lib/pay-rate";

describe("pay per hour", () => {
  it("the least pay for an estimate meets the minimum, and one coin less does not", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 480 }), fc.integer({ min: 1, max: 10_000 }), (minutes, min) => {
        const least = leastPayFor(minutes, min);
        expect(centsPerHour(least, minutes)).toBeGreaterThanOrEqual(min);
        if (least > 1) expect(centsPerHour(least - 1, minutes)).toBeLessThan(min);
      }),
    );
  });

  it("is worked out at the measured median once there is one, and only a measured rate is below the minimum", () => {
    expect(payRateOf({ payableAmount: 30, estimateMinutes: 10, measuredMinutes: null }, 600)).toEqual({
      minutes: 10,
      measured: false,
      centsPerHour: 900,
      belowMinimum: false,
      estimated: true,
    });
    expect(payRateOf({ payableAmount: 30, estimateMinutes: 10, measuredMinutes: 30 }, 600)).toEqual({
      minutes: 30,
      measured: true,
      centsPerHour: 300,
      belowMinimum: true,
      estimated: true,
    });
    expect(payRateOf({ payableAmount: 1, estimateMinutes: null, measuredMinutes: null }, 600).centsPerHour).toBeNull();
    expect(hourlyWords(750)).toBe("$7.50/hour");
  });

  it("words a task without an estimate (a HIT) as being measured, then as measured: never 'No time estimate'", () => {
    const hit = (measuredMinutes: number | null) =>
      payRateWords(payRateOf({ payableAmount: 20, estimateMinutes: null, measuredMinutes }, 600));
    expect(hit(null)).toEqual({ rate: "Being measured", reckoned: null });
    expect(hit(10)).toEqual({ rate: "$6.00/hour", reckoned: "estimate: measured, median 10 minutes" });
    expect(payRateWords(payRateOf({ payableAmount: 20, estimateMinutes: 10, measuredMinutes: null }, 600))).toEqual({
      rate: "$6.00/hour",
      reckoned: "estimate 10 minutes",
    });
  });

  it("reads the minimum from its variable, falling back to $6.00", () => {
    expect(minHourlyPayCents(undefined)).toBe(600);
    expect(minHourlyPayCents("725")).toBe(725);
    expect(minHourlyPayCents("six")).toBe(600);
    expect(minHourlyPayCents("-1")).toBe(600);
  });
});
