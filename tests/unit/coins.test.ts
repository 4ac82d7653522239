// The coin rules of app/lib/coins.ts (docs/product/coins.md), which the server charges and the screens show.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COIN_PACKAGES,
  COIN_VALUE_WORDS,
  COINS_PER_DOLLAR_BUY,
  COINS_PER_DOLLAR_WITHDRAW,
  MIN_WITHDRAWAL_COINS,
  SIGNUP_COINS,
  findPackage,
  packageQuote,
  packageSaving,
  taskCost,
  withdrawalCents,
} from "~/lib/coins";
import { formatDollars } from "~/lib/format";
import { readFileSync } from "node:fs";
import path from "node:path";

/** Dollars and cents written with integers only: the oracle the floating-point code is held to. */
const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

describe("the rates", () => {
  it("a worker starts with 10 coins and a buyer with 50; 200 coins is the smallest withdrawal", () => {
    expect(SIGNUP_COINS).toEqual({ Worker: 10, Buyer: 50 });
    expect(MIN_WITHDRAWAL_COINS).toBe(200);
    expect(COINS_PER_DOLLAR_BUY).toBe(10);
    expect(COINS_PER_DOLLAR_WITHDRAW).toBe(20);
  });

  it("sells exactly four packages: 10 for $1, 150 for $10, 500 for $20, 1000 for $35", () => {
    expect(COIN_PACKAGES.map((p) => [p.coins, p.priceCents])).toEqual([
      [10, 100],
      [150, 1000],
      [500, 2000],
      [1000, 3500],
    ]);
    for (const p of COIN_PACKAGES) expect(findPackage(p.coins)).toBe(p);
  });

  it("knows no other package, whatever amount a client names", () => {
    const sold = new Set(COIN_PACKAGES.map((p) => p.coins));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double()).filter((n) => !sold.has(n)),
        (coins) => findPackage(coins) === undefined,
      ),
    );
  });

  it("no package costs more per coin than buying 10 coins at a time", () => {
    const base = COIN_PACKAGES[0].priceCents / COIN_PACKAGES[0].coins;
    for (const p of COIN_PACKAGES) expect(p.priceCents / p.coins).toBeLessThanOrEqual(base);
  });
});

describe("task cost", () => {
  it("is workers x pay per worker", () => {
    expect(taskCost(3, 30)).toBe(90);
    expect(taskCost(1, 1)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 100_000 }), (workers, pay) => {
        const cost = taskCost(workers, pay);
        return Number.isSafeInteger(cost) && cost === workers * pay && cost >= workers && cost >= pay;
      }),
    );
  });

  it("raising either number costs the difference, lowering refunds it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (workers, pay, moreWorkers) => {
          expect(taskCost(workers + moreWorkers, pay) - taskCost(workers, pay)).toBe(moreWorkers * pay);
          expect(taskCost(workers, pay) - taskCost(workers + moreWorkers, pay)).toBe(-moreWorkers * pay);
        },
      ),
    );
  });
});

describe("withdrawal value", () => {
  it("is coins / 20 dollars with two decimals", () => {
    const shown = (coins: number) => formatDollars(withdrawalCents(coins));
    expect(shown(200)).toBe("$10.00");
    expect(shown(201)).toBe("$10.05");
    expect(shown(150)).toBe("$7.50");
    expect(shown(250)).toBe("$12.50");
    expect(shown(0)).toBe("$0.00");
    expect(shown(1)).toBe("$0.05");
    expect(shown(19)).toBe("$0.95");
    expect(shown(24_691)).toBe("$1,234.55");
  });

  it("is exact for every coin amount: 5 cents a coin, never rounded", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (coins) => {
        expect(withdrawalCents(coins)).toBe(coins * 5);
        expect(Number.isInteger(withdrawalCents(coins))).toBe(true);
        expect(formatDollars(withdrawalCents(coins), { symbol: false }).replaceAll(",", "")).toBe(dollars(coins * 5));
      }),
    );
  });

  it("grows by exactly $0.05 per coin", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (coins) => {
        return withdrawalCents(coins + 1) - withdrawalCents(coins) === 5;
      }),
    );
  });
});

describe("formatDollars", () => {
  it("writes cents as dollars with two decimals and grouped thousands, for any amount", () => {
    expect(formatDollars(1000)).toBe("$10.00");
    expect(formatDollars(3500)).toBe("$35.00");
    expect(formatDollars(1005)).toBe("$10.05");
    expect(formatDollars(123_456_789)).toBe("$1,234,567.89");
    expect(formatDollars(-250)).toBe("-$2.50");
    expect(formatDollars(1005, { symbol: false })).toBe("10.05");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const grouped = `$${Math.floor(cents / 100).toLocaleString("en-US")}.${dollars(cents).split(".")[1]}`;
        return formatDollars(cents) === grouped;
      }),
    );
  });

  it("drops zero cents when asked, as coin packages' prices read", () => {
    expect(formatDollars(1000, { dropZeroCents: true })).toBe("$10");
    expect(formatDollars(1050, { dropZeroCents: true })).toBe("$10.50");
    expect(formatDollars(3500, { dropZeroCents: true })).toBe("$35");
  });
});

describe("what a coin is worth, in words", () => {
  it("a package's saving is computed from the base price; the seed's quotes stay, a 'Save N%' says the computed N", () => {
    expect(COIN_PACKAGES.map(packageSaving)).toEqual([0, 33, 60, 65]);
    expect(COIN_PACKAGES.map(packageQuote)).toEqual([
      "Best for small jobs",
      "Great for beginners",
      "Save 60%",
      "Best Value!",
    ]);
    expect(COIN_PACKAGES[2].quote).toBe("Save 20%");
  });

  it("the Purchase Coin page and docs/mturk.md say what a coin costs a buyer and pays a worker in the same words", () => {
    expect(COIN_VALUE_WORDS).toBe(
      "A coin costs a buyer $0.10 at the base price (10 coins for $1; larger packages cost less a coin) and pays a worker $0.05 when withdrawn (20 coins for $1).",
    );
    const doc = readFileSync(path.join(import.meta.dirname, "../../docs/mturk.md"), "utf8");
    expect(doc.replace(/\s+/g, " ")).toContain(COIN_VALUE_WORDS);
  });
});
