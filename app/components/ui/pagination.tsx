import { Link, useLocation } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonVariants } from "./button";
import { cn } from "~/lib/cn";

/** Prev / Next links with 'Page X of Y'; the page lives in the URL (?page=), so it works without JavaScript. */
export function Pagination({ page, pages, param = "page" }: { page: number; pages: number; param?: string }) {
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(p));
    return `${location.pathname}?${params}`;
  };
  const disabled = "pointer-events-none opacity-50";
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
      <Link
        to={href(page - 1)}
        aria-disabled={page <= 1}
        tabIndex={page <= 1 ? -1 : undefined}
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), page <= 1 && disabled)}
        preventScrollReset
      >
        <ChevronLeft aria-hidden /> Prev
      </Link>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Link
        to={href(page + 1)}
        aria-disabled={page >= pages}
        tabIndex={page >= pages ? -1 : undefined}
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), page >= pages && disabled)}
        preventScrollReset
      >
        Next <ChevronRight aria-hidden />
      </Link>
    </nav>
  );
}
