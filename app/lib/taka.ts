// Taka beside dollars (docs/product/coins.md, "Withdrawing"): workers are paid in Bangladesh, so the Withdrawals
// page shows what a payout comes to in taka at the rate an admin set, and when it was set. The rate is a figure for
// the worker's information: payouts are owed in dollars (coins / 20), and no coin amount depends on it.

/** A rate as stored: taka per US dollar in hundredths (12150: 121.50 BDT), and when an admin set it. */
export interface TakaRate {
  perDollarHundredths: number;
  setAt: number;
}

/** Dollars in cents at this rate, in poisha (hundredths of a taka), rounded to the nearest. */
export const takaOf = (cents: number, rate: TakaRate): number => Math.round((cents * rate.perDollarHundredths) / 100);

const takaFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "BDT",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
});

/** "৳1,215.00": an amount of poisha as taka. */
export const formatTaka = (poisha: number): string => takaFormat.format(poisha / 100);

/** "121.50": a rate as an admin types it and the pages state it. */
export const rateWords = (rate: Pick<TakaRate, "perDollarHundredths">): string =>
  (rate.perDollarHundredths / 100).toFixed(2);
