// "Save this search" under the task list's filters: posts the list's words, category, least pay per hour and least
// approval rate (whatever the list is filtered by) to the alerts page. With
// JavaScript a fetcher answers with a toast and the worker stays on the list; without, the alerts page opens with a
// flash that says it was saved.
import { Bell } from "~/components/icons/more";
import { Button } from "~/components/ui/button";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { toastOutcome, useOutcomeFetcher } from "~/components/actions/flow";
import { useHourlyWords } from "~/components/pay-rate";
import { useFormat, useWords } from "~/lib/i18n/react";
import { useCategoryName } from "~/components/category-name";
import { searchWords, type SearchCriteria } from "./search-words";

export const ALERTS_PAGE = "/dashboard/alerts";

export interface SearchFilters {
  q: string;
  category: string;
  /** whole dollars, "" for none */
  min_hourly: string;
  /** percent, "" for none */
  min_approval: string;
}

/** `what`: the search, said in words as the alerts page will list it. */
export function SaveSearch({ filters, what }: { filters: SearchFilters; what: SearchCriteria }) {
  const fetcher = useOutcomeFetcher(toastOutcome);
  const t = useWords("worker");
  const f = useFormat();
  const hourly = useHourlyWords();
  const categoryName = useCategoryName();
  const said = searchWords(t, hourly, f, { ...what, category: what.category && categoryName(what.category) });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={ALERTS_PAGE}
      className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
      data-testid="save-search"
    >
      <EnhancedMarker />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="q" value={filters.q} />
      <input type="hidden" name="category" value={filters.category} />
      <input type="hidden" name="min_hourly" value={filters.min_hourly} />
      <input type="hidden" name="min_approval" value={filters.min_approval} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        <Bell aria-hidden /> {busy ? t("saveSearch.saving") : t("saveSearch.save")}
      </Button>
      <span>{t("saveSearch.getAlerts", { what: said })}</span>
    </fetcher.Form>
  );
}
