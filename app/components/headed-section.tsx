import type * as React from "react";
import { cn } from "~/lib/cn";

/** A part of a page named by its heading: the section and its h2 wired by one id (screen readers list it by name). */
export function HeadedSection({
  id,
  title,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: React.ReactNode;
  className?: string;
  headingClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={cn("text-lg font-semibold", headingClassName)}>
        {title}
      </h2>
      {children}
    </section>
  );
}
