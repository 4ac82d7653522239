import type * as React from "react";
import type { Icon } from "~/components/icons";

export function StatCard({
  label,
  value,
  icon: Icon,
  children,
}: {
  label: string;
  value: React.ReactNode;
  icon?: Icon;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-border bg-white p-5 shadow-sm">
      {Icon ? (
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tracking-tight">{value}</p>
      </div>
      {children}
    </div>
  );
}
