// Lengths of time in a person's words, from the `common` catalogue ("45 minutes", "1 hour", "2 hours 30 minutes"):
// the same composition as app/lib/time-allowance.ts's allowanceWords, in either language. `t` is a component's
// `useWords("common")` or the server's `serverWords(language, "common")`.
import type { Key, Values } from "~/lib/i18n/messages";

export type CommonWords = (key: Key<"common">, values?: Values) => string;

/** "45 minutes", "1 hour", "2 hours 30 minutes". */
export function durationWords(t: CommonWords, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? t("duration.hours", { count: h }) : "", m || !h ? t("duration.minutes", { count: m }) : ""]
    .filter(Boolean)
    .join(" ");
}
