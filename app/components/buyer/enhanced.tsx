import { useEffect, useEffectEvent } from "react";
import { toast } from "sonner";
import { useHydrated } from "~/components/use-hydrated";

/** The form field a page action reads to tell a script-driven submission from a plain HTML form post. */
export const ENHANCED_FIELD = "_js";

/**
 * Rendered inside a form: only once JavaScript runs does the form carry `_js=1`. Actions then answer with
 * data for the page to show (dialogs, toasts) instead of a redirect with a flash message.
 */
export function EnhancedMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}

/** What a page action answers to a script-driven submission (shown as a toast). */
export interface Outcome {
  ok: boolean;
  title: string;
  message?: string;
}

/** Once a fetcher's answer arrives: a success or error toast with its words, then `settled()` (e.g. close the dialog). */
export function useOutcomeToast(fetcher: { state: string; data?: Outcome }, settled: () => void) {
  const after = useEffectEvent(settled);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const o = fetcher.data;
    if (o.ok) toast.success(o.title, { description: o.message });
    else toast.error(o.title, { description: o.message });
    after();
  }, [fetcher.state, fetcher.data]);
}

/**
 * A link to this page with other search parameters: `drop` removed, `set` added. The views for visitors without
 * JavaScript (?view=, ?confirm=, ?delete=) are opened and closed this way.
 */
export function searchHref(
  location: { pathname: string; search: string },
  set: Record<string, string>,
  drop: readonly string[] = [],
): string {
  const params = new URLSearchParams(location.search);
  for (const k of drop) params.delete(k);
  for (const [k, v] of Object.entries(set)) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : location.pathname;
}
