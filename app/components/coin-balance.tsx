import { DEFAULT_COIN_DISPLAY } from "~/lib/coins";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/format";

export function CoinIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn("size-5", className)}>
      <circle cx="12" cy="12" r="10" fill="#f5b301" />
      <circle cx="12" cy="12" r="7.2" fill="#ffd54a" stroke="#d99a00" strokeWidth="1" />
      <path
        d="M12 7.5v9M9.6 9.6c.4-1 1.3-1.5 2.4-1.5 1.4 0 2.4.8 2.4 1.8s-1 1.6-2.4 1.9-2.5.9-2.5 2 1.1 1.9 2.5 1.9c1.2 0 2.1-.5 2.5-1.5"
        fill="none"
        stroke="#8a5a00"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The coin balance beside a coin icon; 10 when the user has no coin value (docs/product/screens.md). */
export function CoinBalance({ coin, className }: { coin: number | null | undefined; className?: string }) {
  const value = coin ?? DEFAULT_COIN_DISPLAY;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200",
        className,
      )}
      data-testid="coin-balance"
    >
      <CoinIcon />
      <span>
        {formatCount(value)}
        <span className="sr-only"> coins</span>
      </span>
    </span>
  );
}
