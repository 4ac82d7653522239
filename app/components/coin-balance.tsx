import { CoinIcon } from "~/components/icons";
import { DEFAULT_COIN_DISPLAY } from "~/lib/coins";
import { cn } from "~/lib/cn";
import { useFormat, useWords } from "~/lib/i18n/react";

/** The coin balance beside a coin icon; 10 when the user has no coin value (docs/product/screens.md). */
export function CoinBalance({ coin, className }: { coin: number | null | undefined; className?: string }) {
  const t = useWords("common");
  const f = useFormat();
  const value = coin ?? DEFAULT_COIN_DISPLAY;
  return (
    <span className={cn("coin-balance", className)} data-testid="coin-balance">
      <CoinIcon />
      <span>
        {f.count(value)}
        <span className="sr-only"> {t("coinBalance.unit")}</span>
      </span>
    </span>
  );
}
