// "Save this search" under the task list's filters: posts the list's words and category to the alerts page. With
// JavaScript a fetcher answers with a toast and the worker stays on the list; without, the alerts page opens with a
// flash that says it was saved.
import { Bell } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { toastOutcome, useOutcomeFetcher } from "~/components/actions/flow";

export const ALERTS_PAGE = "/dashboard/alerts";

export function SaveSearch({ q, category }: { q: string; category: string }) {
  const fetcher = useOutcomeFetcher(toastOutcome);
  const busy = fetcher.state !== "idle";
  const what = q ? `“${q}”${category ? ` in ${category}` : ""}` : category || "every new task";
  return (
    <fetcher.Form
      method="post"
      action={ALERTS_PAGE}
      className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
      data-testid="save-search"
    >
      <EnhancedMarker />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="q" value={q} />
      <input type="hidden" name="category" value={category} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        <Bell aria-hidden /> {busy ? "Saving…" : "Save this search"}
      </Button>
      <span>Get alerts for new tasks matching {what}.</span>
    </fetcher.Form>
  );
}
