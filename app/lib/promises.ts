// What Coinwork promises workers and requesters (the landing page and the FAQ; docs/product/screens.md).
import { COINS_PER_DOLLAR_WITHDRAW, MIN_WITHDRAWAL_COINS } from "./coins";
import { APPEAL_WINDOW_DAYS } from "./appeals";
import { formatCount, formatDollars } from "./format";
import { hourlyWords } from "./pay-rate";
import { REVISION_HOURS } from "./schemas/revisions";

export interface CoinworkPromise {
  id: string;
  title: string;
  text: string;
}

/**
 * What Coinwork promises each side, in the words the landing page and the FAQ share (`minimumPayCents`: this
 * deployment's minimum hourly pay, MIN_HOURLY_PAY_CENTS). Each promise is a rule the code keeps (docs/product/), its
 * figures read from the constants the rules use. The pages' loaders call it, so none of this reaches the browser
 * as code.
 */
export function coinworkPromises(minimumPayCents: number): {
  workers: CoinworkPromise[];
  requesters: CoinworkPromise[];
} {
  const minimumPay = hourlyWords(minimumPayCents);
  const withdrawFrom = `${formatCount(MIN_WITHDRAWAL_COINS)} coins (${formatDollars((MIN_WITHDRAWAL_COINS * 100) / COINS_PER_DOLLAR_WITHDRAW, { dropZeroCents: true })})`;
  return {
    workers: [
      {
        id: "minimum-pay",
        title: `At least ${minimumPay} on every task`,
        text: `Every task must pay at least ${minimumPay} at its time estimate, and each shows its pay per hour before you start. A task whose measured time makes it pay less is marked so; a HIT posted without an estimate that pays less at its first five submissions' time stops taking starts, and the work sent on it is topped up to the minimum.`,
      },
      {
        id: "revisions",
        title: "A revision before a rejection",
        text: `A buyer who is not happy with your work can ask you to fix it instead of rejecting it: you get ${REVISION_HOURS} hours, and a revision request never counts against you.`,
      },
      {
        id: "appeals",
        title: "Appeals a person decides",
        text: `Rejected? Appeal within ${APPEAL_WINDOW_DAYS} days and an admin reads the work and the reason. An overturned rejection is paid.`,
      },
      {
        id: "payout-queue",
        title: "A payout queue you can see",
        text: "Your withdrawal shows its place in the queue and how long admins have taken lately, and each payout's reference once it is paid.",
      },
      {
        id: "wallets",
        title: "Bkash, Nagad or Rocket",
        text: `Withdraw from ${withdrawFrom} to your Bkash, Nagad or Rocket wallet, a bank account or another service.`,
      },
    ],
    requesters: [
      {
        id: "mturk-api",
        title: "Your MTurk code works here",
        text: "Coinwork answers the Amazon Mechanical Turk Requester API: point the AWS SDK or your scripts at our endpoint and create HITs, read assignments, approve, reject and pay bonuses as before.",
      },
      {
        id: "quality-tools",
        title: "Quality tools built in",
        text: "Qualification tests graded on the server, known-answer checks, flags on copied proof, blocks, bonuses and revisions.",
      },
      {
        id: "approved-only",
        title: "Pay only for approved work",
        text: "A task's pay is held in escrow and reaches a worker only when you approve the submission; open slots come back to you.",
      },
    ],
  };
}
