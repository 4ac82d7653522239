import { useFormat, useWords } from "~/lib/i18n/react";

/** "This task costs 50 coins and your balance is 20 coins: you need 30 coins more." (one task or many) */
export function ShortOfCoins({ tasks, cost, balance }: { tasks: number; cost: number; balance: number }) {
  const t = useWords("buyer");
  const f = useFormat();
  return t("posting.short", {
    tasks,
    cost: f.coins(cost),
    balance: f.coins(balance),
    missing: f.coins(cost - balance),
  });
}
