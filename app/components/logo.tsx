import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { useWords } from "~/lib/i18n/react";

/**
 * The mark and the name. In the public top bar (`bar`) the name gives way where the bar has no room for it: below 380
 * px for a visitor, below 640 px for a signed-in person (balance, avatar, logout); the link keeps its accessible name.
 */
export function Logo({
  className,
  light = false,
  bar,
}: {
  className?: string;
  light?: boolean;
  bar?: "visitor" | "signedIn";
}) {
  const t = useWords("common");
  return (
    <Link
      to="/"
      className={cn("inline-flex items-center gap-2 font-extrabold tracking-tight", className)}
      aria-label={t("logo.home")}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="#0f766e" />
        <circle cx="16" cy="16" r="8.5" fill="none" stroke="#fcd34d" strokeWidth="3" />
        <path d="M19.5 12.6a4.6 4.6 0 1 0 0 6.8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      <span
        className={cn(
          "text-lg sm:text-xl",
          light ? "text-white" : "text-foreground",
          bar === "signedIn" && "max-sm:hidden",
          bar === "visitor" && "max-[379px]:hidden",
        )}
      >
        {/* eslint-disable house/no-bare-words -- the brand, written the same in every language, in two colours */}
        Coin<span className={light ? "text-amber-300" : "text-brand-700"}>work</span>
        {/* eslint-enable house/no-bare-words */}
      </span>
    </Link>
  );
}
