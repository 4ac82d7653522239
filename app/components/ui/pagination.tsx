import { Link, useLocation } from "react-router";
import { buttonVariants } from "./button";
import { cn } from "~/lib/cn";
import type * as React from "react";
import { useFormat, useWords } from "~/lib/i18n/react";

/**
 * Prev / Next links with 'Page X of Y', shown even for a single page (people look for it to know the list is
 * whole). The page lives in the URL (?page=), so it works without JavaScript; an end that leads nowhere is not a
 * link at all.
 */
export function Pagination({ page, pages, param = "page" }: { page: number; pages: number; param?: string }) {
  const location = useLocation();
  const t = useWords("common");
  const f = useFormat();
  const last = Math.max(pages, 1);
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(p));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={t("pagination.label")} className="mt-4 flex items-center justify-between gap-3">
      <PageLink to={page > 1 ? href(page - 1) : null}>
        <span aria-hidden>←</span> {t("pagination.prev")}
      </PageLink>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("pagination.page", { page: f.count(page), pages: f.count(last) })}
      </p>
      <PageLink to={page < last ? href(page + 1) : null}>
        {t("pagination.next")} <span aria-hidden>→</span>
      </PageLink>
    </nav>
  );
}

function PageLink({ to, children }: { to: string | null; children: React.ReactNode }) {
  const look = buttonVariants({ variant: "outline", size: "sm" });
  if (to === null)
    return (
      <span aria-disabled="true" className={cn(look, "pointer-events-none opacity-50")}>
        {children}
      </span>
    );
  return (
    <Link to={to} className={look} preventScrollReset>
      {children}
    </Link>
  );
}
