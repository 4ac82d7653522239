import type * as React from "react";

/** The title band at the top of the static pages. */
export function PublicPageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-background">
      <div className="mx-auto grid max-w-7xl gap-3 px-4 pb-10 pt-10 sm:px-6 sm:pt-14">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
        <h1 className="text-balance text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {children ? <div className="max-w-3xl text-base text-slate-600 sm:text-lg">{children}</div> : null}
      </div>
    </div>
  );
}
