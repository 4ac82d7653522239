import { AlertTriangle, Clock } from "~/components/icons";
import { cn } from "~/lib/cn";
import { hourlyWords, type PayRate } from "~/lib/pay-rate";
import { allowanceWords } from "~/lib/time-allowance";

/** "$7.50/hour" and what it is reckoned at (the estimate, or the measured median), with the below-minimum mark. */
export function PayRateFact({ rate, className }: { rate: PayRate; className?: string }) {
  return (
    <span className={cn("grid gap-0.5", className)} data-testid="pay-rate">
      <span className="inline-flex items-center gap-1.5 font-semibold tabular-nums">
        <Clock className="size-4 shrink-0" aria-hidden />
        {rate.centsPerHour === null ? "No time estimate" : hourlyWords(rate.centsPerHour)}
      </span>
      {rate.minutes ? (
        <span className="text-xs text-muted-foreground">
          {rate.measured
            ? `measured median ${allowanceWords(rate.minutes)}`
            : `estimate ${allowanceWords(rate.minutes)}`}
        </span>
      ) : null}
      {rate.belowMinimum ? (
        <span className="inline-flex items-center gap-1 text-xs font-medium text-red-700" data-testid="below-minimum">
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden /> Pays below the minimum
        </span>
      ) : null}
    </span>
  );
}
