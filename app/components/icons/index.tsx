// Icons drawn from one sprite: lucide's shapes (the source, through lucide-react) written once into sprite.svg by
// scripts/icon-sprite.ts, served as a cached static asset, and referenced with <use href> wherever an icon shows.
// A page carries a line per icon instead of each icon's paths, and the icons cost no JavaScript.
// This module holds the icons of the landing page and of the public site's frame (header, footer): the landing page's
// script has a budget (docs/performance.md), and a module is bundled whole. Every other icon is in more.tsx.
import type { SVGProps } from "react";
import { cn } from "~/lib/cn";
import spriteHref from "./sprite.svg?no-inline";

export type Icon = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

/** An icon of the sprite by its lucide file name; decorative (aria-hidden) unless given a label. */
export function spriteIcon(name: string): Icon {
  function SpriteIcon({ className, ...props }: SVGProps<SVGSVGElement>) {
    const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    return (
      <svg
        aria-hidden={labelled ? undefined : true}
        role={labelled ? "img" : undefined}
        {...props}
        className={cn("icon", className)}
      >
        <use href={`${spriteHref}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}

/** Coinwork's coin in its own colours: the sprite's one symbol not drawn by lucide (scripts/icon-sprite.ts). */
export function CoinIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={cn("size-5", className)}>
      <use href={`${spriteHref}#coin`} />
    </svg>
  );
}

export const ArrowRight = spriteIcon("arrow-right");
export const BriefcaseBusiness = spriteIcon("briefcase-business");
export const CalendarDays = spriteIcon("calendar-days");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const ExternalLink = spriteIcon("external-link");
export const Languages = spriteIcon("languages");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const LogOut = spriteIcon("log-out");
export const Mail = spriteIcon("mail");
export const MapPin = spriteIcon("map-pin");
export const Menu = spriteIcon("menu");
export const Pause = spriteIcon("pause");
export const Phone = spriteIcon("phone");
export const Play = spriteIcon("play");
export const Quote = spriteIcon("quote");
