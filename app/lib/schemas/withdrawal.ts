// Form schemas of the worker pages, used by conform in the browser and by the actions on the server.
// They narrow the shared schemas of ~/lib/schemas/money.ts; the services check every rule again.
import * as v from "valibot";
import { withdrawSchema } from "~/lib/schemas/money";
import { ITEMS_PER_PAGE_OPTIONS, MIN_WITHDRAWAL_COINS } from "~/lib/coins";
import { formatCoins } from "~/lib/format";
import { said } from "~/lib/i18n/validation";
import { UNKNOWN_ACTION } from "./fields";

/** Same words as the withdrawals service's BELOW_MINIMUM (a test keeps them equal). */
export const BELOW_MINIMUM_MESSAGE = `The minimum withdrawal is ${MIN_WITHDRAWAL_COINS} coins.`;
export const overBalanceMessage = (balance: number) => `You can withdraw at most ${formatCoins(balance)}.`;

/** withdrawal_coin between the minimum and the balance; withdrawal_amount is not read (the server computes it). */
export function withdrawFormSchema(balance: number) {
  return v.pipe(
    withdrawSchema,
    v.forward(
      v.partialCheck(
        [["withdrawal_coin"]],
        (i) => i.withdrawal_coin <= balance,
        said("withdraw.overBalance", overBalanceMessage(balance), { count: balance }),
      ),
      ["withdrawal_coin"],
    ),
    v.forward(
      v.partialCheck(
        [["withdrawal_coin"]],
        (i) => i.withdrawal_coin >= MIN_WITHDRAWAL_COINS,
        said("withdraw.belowMinimum", BELOW_MINIMUM_MESSAGE, { min: MIN_WITHDRAWAL_COINS }),
      ),
      ["withdrawal_coin"],
    ),
  );
}

const ITEMS_PER_PAGE_MESSAGE = said("submissions.itemsPerPage", "Items per page must be 3, 5 or 10");

/** My Submissions' page size form (a choice left empty reads as a wrong one). */
export const itemsPerPageSchema = v.object({
  intent: v.literal("per-page", UNKNOWN_ACTION),
  itemsPerPage: v.pipe(
    v.string(ITEMS_PER_PAGE_MESSAGE),
    v.transform(Number),
    v.picklist(ITEMS_PER_PAGE_OPTIONS, ITEMS_PER_PAGE_MESSAGE),
  ),
});
