import type * as React from "react";

/** One labelled value of a card's `<dl>` (the phone layout of a list row): a small label above its value. */
export function Fact(props: { label: string; className?: string; valueClassName?: string; children: React.ReactNode }) {
  return (
    <div className={props.className}>
      <dt className="text-xs text-muted-foreground">{props.label}</dt>
      <dd className={props.valueClassName}>{props.children}</dd>
    </div>
  );
}
