import type * as React from "react";
import type { Icon } from "~/components/icons";

/** One fact of a task's page (payment, deadline, buyer…) in a <dl>: its icon in a tile, its label, its value. */
export function IconFact({
  icon: FactIcon,
  label,
  children,
}: {
  icon: Icon;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="text-xs font-medium text-muted-foreground">
        <span className="absolute left-0 top-0.5 flex size-9 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <FactIcon className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="break-words font-semibold">{children}</dd>
    </div>
  );
}
