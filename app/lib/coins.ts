// Coin rules shared by server and browser. The server recomputes everything it stores.

export const SIGNUP_COINS = { Worker: 10, Buyer: 50 } as const;
export const DEFAULT_COIN_DISPLAY = 10;
export const COINS_PER_DOLLAR_BUY = 10;
export const COINS_PER_DOLLAR_WITHDRAW = 20;
export const MIN_WITHDRAWAL_COINS = 200;
export const ITEMS_PER_PAGE_OPTIONS = [3, 5, 10] as const;
export const DEFAULT_ITEMS_PER_PAGE = 3;

export const PAYMENT_SYSTEMS = ["Bkash", "Rocket", "Nagad", "Bank", "Others"] as const;
export type PaymentSystem = (typeof PAYMENT_SYSTEMS)[number];

export interface CoinPackage {
  coins: number;
  priceCents: number;
  maxquan: number;
  quote: string;
}

/** The only price list: the server charges these, whatever a client says. */
export const COIN_PACKAGES: readonly CoinPackage[] = [
  { coins: 10, priceCents: 100, maxquan: 10000000, quote: "Best for small jobs" },
  { coins: 150, priceCents: 1000, maxquan: 666666, quote: "Great for beginners" },
  { coins: 500, priceCents: 2000, maxquan: 200000, quote: "Save 20%" },
  { coins: 1000, priceCents: 3500, maxquan: 100000, quote: "Best Value!" },
];

/**
 * What a coin costs a buyer and what it pays a worker, in the words the Purchase Coin page and docs/mturk.md both use
 * (a unit test holds them to it).
 */
export const COIN_VALUE_WORDS = `A coin costs a buyer $${(100 / COINS_PER_DOLLAR_BUY / 100).toFixed(2)} at the base price (${COINS_PER_DOLLAR_BUY} coins for $1; larger packages cost less a coin) and pays a worker $${(100 / COINS_PER_DOLLAR_WITHDRAW / 100).toFixed(2)} when withdrawn (${COINS_PER_DOLLAR_WITHDRAW} coins for $1).`;

/** The percent a package saves on the base price (COINS_PER_DOLLAR_BUY coins a dollar), rounded down; 0 for none. */
export function packageSaving(p: Pick<CoinPackage, "coins" | "priceCents">): number {
  const atBase = (p.coins * 100) / COINS_PER_DOLLAR_BUY;
  return Math.max(0, Math.floor((100 * (atBase - p.priceCents)) / atBase));
}

/**
 * A package's line under its coins: its quote, but a "Save N%" quote says the saving computed from the base price (the
 * seed's words stay as they are; the figure is the price list's).
 */
export function packageQuote(p: CoinPackage | Pick<CoinPackage, "coins" | "priceCents" | "quote">): string {
  return /^Save \d+%$/.test(p.quote) ? `Save ${packageSaving(p)}%` : p.quote;
}

export function findPackage(coins: number): CoinPackage | undefined {
  return COIN_PACKAGES.find((p) => p.coins === coins);
}

export function taskCost(requiredWorkers: number, payableAmount: number): number {
  return requiredWorkers * payableAmount;
}

/** Withdrawal value in cents: coins / 20 dollars, exact. */
export function withdrawalCents(coins: number): number {
  return coins * (100 / COINS_PER_DOLLAR_WITHDRAW);
}
