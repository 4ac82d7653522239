import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * A small drop-down of links built on <details>/<summary>: it opens without JavaScript and with the keyboard
 * natively, so the public pages need no menu library. With JavaScript it also closes on Escape (focus goes
 * back to the toggle), on a click outside and after a navigation.
 */
export function DisclosureMenu({
  label,
  trigger,
  className,
  children,
}: {
  /** The toggle's accessible name. */
  label: string;
  trigger: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [key]);

  useEffect(() => {
    const close = () => {
      if (ref.current) ref.current.open = false;
    };
    const onPointerDown = (e: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) close();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !ref.current?.open) return;
      close();
      ref.current.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <details ref={ref} className={cn("relative", className)}>
      <summary
        aria-label={label}
        className="flex cursor-pointer list-none items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
      >
        {trigger}
      </summary>
      <div className="absolute right-0 top-full z-50 mt-2 min-w-56 rounded-xl border border-border bg-white p-1.5 shadow-lg">
        {children}
      </div>
    </details>
  );
}

/** A link row inside a DisclosureMenu. */
export const menuItemClass =
  "flex items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:outline-brand-600";
