// A listed row's action buttons: a link to the no-JavaScript confirmation view that, once the page is hydrated,
// opens the page's confirmation dialog instead (flow.ts).
import { LoaderCircle } from "~/components/icons/more";
import type * as React from "react";
import type { VariantProps } from "class-variance-authority";
import { CONFIRM_PARAM, ROW_PARAM } from "~/lib/enhanced";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ViewLink } from "./enhanced";
import { type ActionFlow, type ActionSpec } from "./flow";

/**
 * A row's action button. Without JavaScript it is a link to the page's confirmation view; once the page is
 * hydrated it opens the confirmation dialog instead.
 */
export function ActionTrigger({
  flow,
  spec,
  children,
  className,
  variant = "outline",
  size = "sm",
  disabled,
  icon,
  label,
  namedBy,
  stayLink,
}: {
  flow: ActionFlow;
  spec: ActionSpec;
  children: React.ReactNode;
  className?: string;
  disabled?: boolean;
  icon?: React.ReactNode;
  /** accessible name when the visible text is not unique on the page (e.g. "Approve withdrawal of Rahim") */
  label?: string;
  /**
   * Or: named by reference, its visible text then the text of the elements `after` names (ids), e.g. "Approve" and a
   * row's worker and task, so that a row's buttons are told apart without a sentence of their own in every row.
   */
  namedBy?: { id: string; after: string };
  /** see ViewLink */
  stayLink?: boolean;
} & VariantProps<typeof buttonVariants>) {
  const busy = flow.pendingId === spec.id && flow.spec?.intent === spec.intent;
  const naming = namedBy
    ? { id: namedBy.id, "aria-labelledby": `${namedBy.id} ${namedBy.after}` }
    : { "aria-label": label };
  const content = (
    <>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : icon}
      {children}
    </>
  );
  if (disabled) {
    return (
      <Button type="button" variant={variant} size={size} className={className} disabled {...naming}>
        {content}
      </Button>
    );
  }
  return (
    <ViewLink
      view={{ [CONFIRM_PARAM]: spec.intent, [ROW_PARAM]: spec.id }}
      onOpen={() => flow.ask(spec)}
      stayLink={stayLink}
      {...naming}
      aria-busy={busy || undefined}
      className={cn(buttonVariants({ variant, size }), className)}
    >
      {content}
    </ViewLink>
  );
}

export interface RowAction {
  spec: ActionSpec;
  /** the visible text */
  text: string;
  /** the accessible name (see ActionTrigger) */
  label: string;
  icon: React.ReactNode;
  variant?: VariantProps<typeof buttonVariants>["variant"];
  className?: string;
}

/** A listed row's decisions side by side (e.g. Approve and Reject), small in a table, full width on a card. */
export function RowActions({
  flow,
  actions,
  className,
  size = "sm",
}: {
  flow: ActionFlow;
  actions: RowAction[];
  className?: string;
  size?: "sm" | "default";
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      {actions.map((a) => (
        <ActionTrigger
          key={a.spec.intent}
          flow={flow}
          spec={a.spec}
          variant={a.variant ?? "outline"}
          size={size}
          className={a.className}
          icon={a.icon}
          label={a.label}
        >
          {a.text}
        </ActionTrigger>
      ))}
    </div>
  );
}
