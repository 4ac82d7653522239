// "Save this search" under the task list's filters: posts the list's words, category, least pay per hour and least
// approval rate (whatever the list is filtered by) to the alerts page. With
// JavaScript a fetcher answers with a toast and the worker stays on the list; without, the alerts page opens with a
// flash that says it was saved.
import { Bell } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { toastOutcome, useOutcomeFetcher } from "~/components/actions/flow";

export const ALERTS_PAGE = "/dashboard/alerts";

export interface SearchFilters {
  q: string;
  category: string;
  /** whole dollars, "" for none */
  min_hourly: string;
  /** percent, "" for none */
  min_approval: string;
}

/** `what`: the search in words, as the alerts page will list it. */
export function SaveSearch({ filters, what }: { filters: SearchFilters; what: string }) {
  const fetcher = useOutcomeFetcher(toastOutcome);
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
        <Bell aria-hidden /> {busy ? "Saving…" : "Save this search"}
      </Button>
      <span>Get alerts for {what}.</span>
    </fetcher.Form>
  );
}
