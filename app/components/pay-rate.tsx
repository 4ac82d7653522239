import { AlertTriangle } from "~/components/icons/more";
import { cn } from "~/lib/cn";
import type { PayRate } from "~/lib/pay-rate";
import { useFormat, useWords } from "~/lib/i18n/react";
import { durationWords } from "~/components/duration-words";

/** "$7.50/hour", in the page's language. */
export function useHourlyWords(): (cents: number) => string {
  const t = useWords("common");
  const f = useFormat();
  return (cents) => t("payRate.hourly", { dollars: f.dollars(cents) });
}

/**
 * "$7.50/hour" and what it is reckoned at (the estimate, the measured median, or "estimate: measured" for a task
 * without one), "Being measured" before a task without an estimate has its five timed submissions, with the
 * below-minimum mark.
 */
export function PayRateFact({ rate, className }: { rate: PayRate; className?: string }) {
  const t = useWords("common");
  const hourly = useHourlyWords();
  const measuring = rate.centsPerHour === null || rate.minutes === null;
  const time = rate.minutes === null ? "" : durationWords(t, rate.minutes);
  const reckoned = measuring
    ? null
    : !rate.estimated
      ? t("payRate.estimateMeasured", { time })
      : rate.measured
        ? t("payRate.measuredMedian", { time })
        : t("payRate.estimate", { time });
  return (
    <span className={cn("pay-rate", className)} data-testid="pay-rate">
      <span className="rate">
        {measuring || rate.centsPerHour === null ? t("payRate.measuring") : hourly(rate.centsPerHour)}
      </span>
      {reckoned ? <span className="reckoned">{reckoned}</span> : null}
      {rate.belowMinimum ? (
        <span className="below-minimum">
          <AlertTriangle /> {t("payRate.belowMinimum")}
        </span>
      ) : null}
    </span>
  );
}
