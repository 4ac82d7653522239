import type * as React from "react";
import { Link } from "react-router";
import type { Icon } from "~/components/icons";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";

/**
 * A table that scrolls sideways on phones instead of squeezing its columns. The scrolling box takes keyboard focus
 * (and is a named region when there is a caption) so it can be scrolled without a mouse.
 */
export function Table({ className, caption, ...props }: React.ComponentProps<"table"> & { caption?: string }) {
  return (
    <div
      className="w-full overflow-x-auto rounded-xl border border-border bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      tabIndex={0}
      role={caption ? "region" : undefined}
      aria-label={caption}
    >
      <table className={cn("w-full min-w-[36rem] caption-bottom text-sm", className)} {...props}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {props.children}
      </table>
    </div>
  );
}
export function THead({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      className={cn(
        "bg-muted/70 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}
export function TBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-border", className)} {...props} />;
}
export function TR({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("hover:bg-muted/40", className)} {...props} />;
}
export function TH({ className, ...props }: React.ComponentProps<"th">) {
  return <th scope="col" className={cn("px-4 py-3 font-semibold", className)} {...props} />;
}
export function TD({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("px-4 py-3 align-middle", className)} {...props} />;
}

/** The empty state of a list, in the product's words (docs/product/messages.md), with an optional action. */
/** Where an empty list sends the person next: a primary button. */
export interface EmptyStateLink {
  to: string;
  label: string;
  icon: Icon;
  /** load the page as a new document (a page whose Content-Security-Policy differs, see app/lib/csp.ts) */
  reloadDocument?: boolean;
}

export function EmptyState({
  message,
  action,
  link,
}: {
  message: string;
  action?: React.ReactNode;
  link?: EmptyStateLink;
}) {
  return (
    <div className="grid place-items-center gap-4 rounded-xl border border-dashed border-border bg-white px-6 py-14 text-center">
      <p className="text-base font-medium text-muted-foreground">{message}</p>
      {link ? (
        <Link to={link.to} reloadDocument={link.reloadDocument} className={buttonVariants()}>
          <link.icon aria-hidden /> {link.label}
        </Link>
      ) : null}
      {action}
    </div>
  );
}
