import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * Phones get a list of cards instead of a sideways-scrolling table; from `sm` up the table shows instead.
 * Only one of the two is displayed (the other is display:none, so screen readers meet it once).
 */
export function MobileList({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <ul aria-label={label} className={cn("grid gap-3 sm:hidden", className)}>
      {children}
    </ul>
  );
}

export function MobileItem({ children, className, ...props }: React.ComponentProps<"li">) {
  return (
    <li className={cn("grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm", className)} {...props}>
      {children}
    </li>
  );
}
