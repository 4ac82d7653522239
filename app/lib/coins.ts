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
