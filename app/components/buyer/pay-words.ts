// Pay rates and durations in the page's words: "$6.00/hour", "1 hour 5 minutes" (app/lib/pay-rate.ts and
// app/lib/time-allowance.ts word them in English for the REST API and the services).
import type { Formats } from "~/lib/i18n/format";
import type { Words } from "~/lib/i18n/react";

/** "$6.00/hour" */
export const hourlyIn = (t: Words<"buyer">, f: Formats, cents: number) => t("pay.hourly", { rate: f.dollars(cents) });

/** "1 hour 5 minutes", "45 minutes", "2 hours" */
export function durationIn(t: Words<"buyer">, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [
    hours ? t("duration.hours", { count: hours }) : "",
    rest || !hours ? t("duration.minutes", { count: rest }) : "",
  ]
    .filter(Boolean)
    .join(" ");
}
