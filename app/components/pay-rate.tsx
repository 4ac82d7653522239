import { AlertTriangle } from "~/components/icons";
import { cn } from "~/lib/cn";
import { payRateWords, type PayRate } from "~/lib/pay-rate";

/**
 * "$7.50/hour" and what it is reckoned at (the estimate, the measured median, or "estimate: measured" for a task
 * without one), "Being measured" before a task without an estimate has its five timed submissions, with the
 * below-minimum mark.
 */
export function PayRateFact({ rate, className }: { rate: PayRate; className?: string }) {
  const words = payRateWords(rate);
  return (
    <span className={cn("pay-rate", className)} data-testid="pay-rate">
      <span className="rate">{words.rate}</span>
      {words.reckoned ? <span className="reckoned">{words.reckoned}</span> : null}
      {rate.belowMinimum ? (
        <span className="below-minimum">
          <AlertTriangle /> Pays below the minimum
        </span>
      ) : null}
    </span>
  );
}
