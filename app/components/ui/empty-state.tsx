import type * as React from "react";
import { Link } from "react-router";
import type { Icon } from "~/components/icons";
import { buttonVariants } from "./button";

/** Where an empty list sends the person next: a primary button. */
export interface EmptyStateLink {
  to: string;
  label: string;
  icon: Icon;
  /** load the page as a new document (a page whose Content-Security-Policy differs, see app/lib/csp.ts) */
  reloadDocument?: boolean;
}

/** The empty state of a list, in the product's words (docs/product/messages.md), with an optional action. */
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
