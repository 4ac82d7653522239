// A saved search (or the task list's filters) in words, as the task list offers to save it and the alerts page lists
// it: "“logo” in Creative Design paying at least $6.00/hour". The same composition as the alerts service's
// describeSearch (which writes the e-mails and the feed), in the worker's language: `t` is `useWords("worker")` or
// the server's `serverWords(language, "worker")`.
import type { Key, Values } from "~/lib/i18n/messages";
import type { Formats } from "~/lib/i18n/format";

export interface SearchCriteria {
  words: string;
  category: string | null;
  minCentsPerHour: number | null;
  minApproval: number | null;
}

export function searchWords(
  t: (key: Key<"worker">, values?: Values) => string,
  hourly: (cents: number) => string,
  f: Pick<Formats, "count">,
  s: SearchCriteria,
): string {
  const words = s.words ? t("search.words", { words: s.words }) : "";
  const what =
    words && s.category
      ? t("search.wordsInCategory", { words, category: s.category })
      : words || (s.category ? t("search.everyInCategory", { category: s.category }) : "");
  const bounds = [
    s.minCentsPerHour ? t("search.payingAtLeast", { rate: hourly(s.minCentsPerHour) }) : "",
    s.minApproval ? t("search.fromBuyers", { percent: f.count(s.minApproval) }) : "",
  ].filter(Boolean);
  if (!bounds.length) return what || t("search.everyNew");
  return t("search.withBounds", { what: what || t("search.everyTask"), bounds: bounds.join(" ") });
}
