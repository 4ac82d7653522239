// The views of an admin list as tabs (Messages: All / Unread; Appeals: Pending / Decided): links, so they work
// without JavaScript, the current one marked for screen readers, with an optional count badge.
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { useFormat } from "~/lib/i18n/react";

export interface ListTab {
  key: string;
  label: string;
  /** shown as a badge when above 0 */
  count?: number;
  to: string;
}

export function ListTabs({ label, current, tabs }: { label: string; current: string; tabs: ListTab[] }) {
  const f = useFormat();
  return (
    <nav aria-label={label} className="mb-4 inline-flex rounded-lg border border-border bg-white p-1 shadow-xs">
      {tabs.map((t) => (
        <Link
          key={t.key}
          to={t.to}
          aria-current={current === t.key ? "page" : undefined}
          className={cn(
            "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground",
            current === t.key && "bg-brand-50 text-brand-800",
          )}
        >
          {t.label}
          {t.count ? (
            <span className="rounded-full bg-brand-700 px-1.5 text-[11px] font-bold leading-5 text-white">
              {f.count(t.count)}
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
