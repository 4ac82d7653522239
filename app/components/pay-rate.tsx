import { AlertTriangle } from "~/components/icons";
import { cn } from "~/lib/cn";
import { hourlyWords, type PayRate } from "~/lib/pay-rate";
import { allowanceWords } from "~/lib/time-allowance";

/**
 * "$7.50/hour" and what it is reckoned at (the estimate, or the measured median), with the below-minimum mark;
 * `compact` (a task card) leaves the reckoning to the task's page.
 */
export function PayRateFact({
  rate,
  compact = false,
  className,
}: {
  rate: PayRate;
  compact?: boolean;
  className?: string;
}) {
  return (
    <span className={cn("pay-rate", className)} data-testid="pay-rate">
      <span className="rate">{rate.centsPerHour === null ? "No time estimate" : hourlyWords(rate.centsPerHour)}</span>
      {rate.minutes && !compact ? (
        <span className="reckoned">
          {rate.measured
            ? `measured median ${allowanceWords(rate.minutes)}`
            : `estimate ${allowanceWords(rate.minutes)}`}
        </span>
      ) : null}
      {rate.belowMinimum ? (
        <span className="below-minimum">
          <AlertTriangle /> Pays below the minimum
        </span>
      ) : null}
    </span>
  );
}
