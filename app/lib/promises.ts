// What Coinwork promises workers and requesters (the landing page and the FAQ; docs/product/screens.md).
import { COINS_PER_DOLLAR_WITHDRAW, MIN_WITHDRAWAL_COINS } from "./coins";
import { APPEAL_WINDOW_DAYS } from "./appeals";
import { REVISION_HOURS } from "./schemas/revisions";

/** A promise, by the name of its words in the catalogue: public `promise.<id>.title` and `promise.<id>.text`. */
export type PromiseId =
  "minimumPay" | "revisions" | "appeals" | "payoutQueue" | "wallets" | "mturkApi" | "qualityTools" | "approvedOnly";

/** The figures the promises name, read from the constants the rules use. */
export interface PromiseFigures {
  /** this deployment's minimum hourly pay (MIN_HOURLY_PAY_CENTS) */
  minimumPayCents: number;
  revisionHours: number;
  appealDays: number;
  withdrawFromCoins: number;
  /** what the least withdrawal is worth, in cents */
  withdrawFromCents: number;
}

/** What Coinwork promises each side, in the order the landing page and the FAQ list them, and their figures. */
export interface CoinworkPromises {
  workers: PromiseId[];
  requesters: PromiseId[];
  figures: PromiseFigures;
}

/**
 * What Coinwork promises (`minimumPayCents`: this deployment's minimum hourly pay). Each promise is a rule the code
 * keeps (docs/product/); its words are in the catalogues. The pages' loaders call it, so none of the constants'
 * modules reaches the browser.
 */
export function coinworkPromises(minimumPayCents: number): CoinworkPromises {
  return {
    workers: ["minimumPay", "revisions", "appeals", "payoutQueue", "wallets"],
    requesters: ["mturkApi", "qualityTools", "approvedOnly"],
    figures: {
      minimumPayCents,
      revisionHours: REVISION_HOURS,
      appealDays: APPEAL_WINDOW_DAYS,
      withdrawFromCoins: MIN_WITHDRAWAL_COINS,
      withdrawFromCents: (MIN_WITHDRAWAL_COINS * 100) / COINS_PER_DOLLAR_WITHDRAW,
    },
  };
}
