import { useEffect, useState } from "react";

/** True once React has hydrated in the browser (false during SSR and for visitors without JavaScript). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

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
