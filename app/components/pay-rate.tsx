import { AlertTriangle } from "~/components/icons";
import { cn } from "~/lib/cn";
import { hourlyWords, type PayRate } from "~/lib/pay-rate";
import { allowanceWords } from "~/lib/time-allowance";

/** "$7.50/hour" and what it is reckoned at (the estimate, or the measured median), with the below-minimum mark. */
export function PayRateFact({ rate, className }: { rate: PayRate; className?: string }) {
  return (
    <span className={cn("pay-rate", className)} data-testid="pay-rate">
      <span className="rate">{rate.centsPerHour === null ? "No time estimate" : hourlyWords(rate.centsPerHour)}</span>
      {rate.minutes ? (
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
