// The two halves of every enhanced page in the browser: the marker a script-driven form carries, and the
// no-JavaScript views (`?confirm=<intent>&row=<id>`, `?open=<id>`: ~/lib/enhanced.ts): the links that lead there,
// the way back, and the server-rendered panel they show.
import { useLocation } from "react-router";
import type * as React from "react";
import { useHydrated } from "~/components/use-hydrated";
import { ENHANCED_FIELD } from "~/lib/enhanced";
import { cn } from "~/lib/cn";

/** Inside a form: the marker that tells the action JavaScript posted it (only rendered once hydrated). */
export function EnhancedMarker() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}

/**
 * A link to one of the page's no-JavaScript views (its query parameters set to `view`). Once the page is
 * hydrated it calls `onOpen` (the page's dialog) instead, and is announced as a button (Space opens it too), unless
 * `stayLink` keeps it a link, as the buyer pages' triggers have always been. A plain `<a>`: a click never navigates
 * with JavaScript, and without it the browser loads the view, so React Router's `Link` (path resolution, route
 * discovery) would only cost the server's render, on every row of a list.
 */
export function ViewLink({
  view,
  onOpen,
  stayLink = false,
  ...props
}: { view: Record<string, string>; onOpen: () => void; stayLink?: boolean } & Omit<
  React.ComponentProps<"a">,
  "href" | "rel" | "role" | "onClick" | "onKeyDown"
>) {
  const asButton = useHydrated() && !stayLink;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(view)) params.set(name, value);
  return (
    <a
      href={`${location.pathname}?${params}`}
      rel="nofollow"
      role={asButton ? "button" : undefined}
      aria-haspopup={asButton ? "dialog" : undefined}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
      onKeyDown={(e) => {
        if (asButton && e.key === " ") {
          e.preventDefault();
          onOpen();
        }
      }}
      {...props}
    />
  );
}

/** This page without the named query parameters: the way back from a no-JavaScript view. */
export function useHrefWithout(...names: string[]): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  for (const name of names) params.delete(name);
  return `${location.pathname}${params.size ? `?${params}` : ""}`;
}

/** A server-rendered dialog: a panel over the page (no JavaScript needed). */
export function NoJsPanel({
  labelledBy,
  describedBy,
  alert,
  className,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  /** an alertdialog (a destructive confirmation), as its JavaScript twin is */
  alert?: boolean;
  /** the panel's width, e.g. max-w-lg */
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-slate-950/50 p-4">
      <section
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={cn("grid w-full gap-4 rounded-2xl border border-border bg-white p-6 shadow-xl", className)}
      >
        {children}
      </section>
    </div>
  );
}
