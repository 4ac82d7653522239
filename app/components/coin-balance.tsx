import { CoinIcon } from "~/components/icons";
import { DEFAULT_COIN_DISPLAY } from "~/lib/coins";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/format";

/** The coin balance beside a coin icon; 10 when the user has no coin value (docs/product/screens.md). */
export function CoinBalance({ coin, className }: { coin: number | null | undefined; className?: string }) {
  const value = coin ?? DEFAULT_COIN_DISPLAY;
  return (
    <span className={cn("coin-balance", className)} data-testid="coin-balance">
      <CoinIcon />
      <span>
        {formatCount(value)}
        <span className="sr-only"> coins</span>
      </span>
    </span>
  );
}
