import { CoinIcon } from "~/components/icons";
import { COINS_PER_DOLLAR_WITHDRAW, withdrawalCents } from "~/lib/coins";
import { cn } from "~/lib/cn";
import { useFormat, useWords } from "~/lib/i18n/react";

/** The rate note in English, for pages not yet reading it from the catalogue (useWithdrawRateNote does). */
export const WITHDRAW_RATE_NOTE = `at the withdrawal rate of ${COINS_PER_DOLLAR_WITHDRAW} coins per $1`;

/** "at the withdrawal rate of 20 coins per $1", in the page's language. */
export function useWithdrawRateNote(): string {
  const t = useWords("common");
  const f = useFormat();
  return t("coinAmount.rateNote", { rate: f.count(COINS_PER_DOLLAR_WITHDRAW) });
}

/** "25 coins" beside a coin icon. */
export function Coins({
  coins,
  className,
  iconClassName,
}: {
  coins: number;
  className?: string;
  iconClassName?: string;
}) {
  const f = useFormat();
  return (
    <span className={cn("coins", className)}>
      <CoinIcon className={cn("size-4", iconClassName)} />
      {f.coins(coins)}
    </span>
  );
}

/**
 * "$1.25": what coins are worth when withdrawn (coins / 20), its title saying at which rate; `untitled` where the page
 * says the rate once for a list (Worker Home's approved work), not again on every row.
 */
export function Dollars({ coins, className, untitled }: { coins: number; className?: string; untitled?: boolean }) {
  const t = useWords("common");
  const f = useFormat();
  const dollars = f.dollars(withdrawalCents(coins));
  return (
    <span
      className={cn("dollars", className)}
      title={untitled ? undefined : t("coinAmount.worth", { dollars, rate: f.count(COINS_PER_DOLLAR_WITHDRAW) })}
    >
      {dollars}
    </span>
  );
}

/** Coins with their dollar value, on one line ("25 coins · $1.25") or stacked. */
export function CoinAmount({
  coins,
  stacked = false,
  untitled,
  className,
}: {
  coins: number;
  stacked?: boolean;
  /** the page says the withdrawal rate once for the list (Dollars) */
  untitled?: boolean;
  className?: string;
}) {
  return (
    <span className={cn(stacked ? "inline-grid gap-0.5" : "inline-flex flex-wrap items-center gap-x-2", className)}>
      <Coins coins={coins} />
      <Dollars coins={coins} untitled={untitled} className="text-xs font-medium text-muted-foreground" />
    </span>
  );
}
