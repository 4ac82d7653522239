// Icons drawn from one sprite: lucide's shapes (the source, through lucide-react) written once into sprite.svg by
// scripts/icon-sprite.ts, served as a cached static asset, and referenced with <use href> wherever an icon shows.
// A page carries a line per icon instead of each icon's paths, and the icons cost no JavaScript.
import type { SVGProps } from "react";
import { cn } from "~/lib/cn";
import spriteHref from "./sprite.svg?no-inline";

export type Icon = (props: SVGProps<SVGSVGElement>) => React.JSX.Element;

/** An icon of the sprite by its lucide file name; decorative (aria-hidden) unless given a label. */
function spriteIcon(name: string): Icon {
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

export const AlertTriangle = spriteIcon("triangle-exclamation-point");
export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const BadgeCheck = spriteIcon("badge-check");
export const BadgeX = spriteIcon("badge-x");
export const Banknote = spriteIcon("banknote");
export const Bell = spriteIcon("bell");
export const BriefcaseBusiness = spriteIcon("briefcase-business");
export const CalendarDays = spriteIcon("calendar-days");
export const Check = spriteIcon("check");
export const CheckCheck = spriteIcon("check-check");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const CircleAlert = spriteIcon("circle-exclamation-point");
export const CircleCheck = spriteIcon("circle-check");
export const CircleDollarSign = spriteIcon("circle-dollar-sign");
export const CircleSlash = spriteIcon("circle-slash");
export const CircleX = spriteIcon("circle-x");
export const ClipboardList = spriteIcon("clipboard-list");
export const Clock = spriteIcon("clock");
export const Coins = spriteIcon("coins");
export const Copy = spriteIcon("copy");
export const CreditCard = spriteIcon("credit-card");
export const Equal = spriteIcon("equal");
export const ExternalLink = spriteIcon("external-link");
export const Eye = spriteIcon("eye");
export const FilePlus2 = spriteIcon("file-plus-corner");
export const FlaskConical = spriteIcon("flask-conical");
export const Gavel = spriteIcon("gavel");
export const HandCoins = spriteIcon("hand-coins");
export const Award = spriteIcon("award");
export const History = spriteIcon("rotate-ccw-clock");
export const Home = spriteIcon("house");
export const Hourglass = spriteIcon("hourglass");
export const ImageIcon = spriteIcon("image");
export const Inbox = spriteIcon("inbox");
export const Info = spriteIcon("info");
export const KeyRound = spriteIcon("key-round");
export const Languages = spriteIcon("languages");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const ListChecks = spriteIcon("list-checks");
export const LoaderCircle = spriteIcon("loader-circle");
export const Lock = spriteIcon("lock");
export const LogOut = spriteIcon("log-out");
export const Mail = spriteIcon("mail");
export const MailOpen = spriteIcon("mail-open");
export const MailWarning = spriteIcon("mail-exclamation-point");
export const MapPin = spriteIcon("map-pin");
export const Menu = spriteIcon("menu");
export const Pause = spriteIcon("pause");
export const Phone = spriteIcon("phone");
export const Play = spriteIcon("play");
export const Plus = spriteIcon("plus");
export const Quote = spriteIcon("quote");
export const Reply = spriteIcon("reply");
export const Scale = spriteIcon("scale");
export const ScrollText = spriteIcon("scroll-text");
export const Search = spriteIcon("search");
export const SearchX = spriteIcon("search-x");
export const Send = spriteIcon("send");
export const Settings = spriteIcon("settings");
export const ShieldAlert = spriteIcon("shield-exclamation-point");
export const ShieldCheck = spriteIcon("shield-check");
export const Sparkles = spriteIcon("sparkles");
export const Tag = spriteIcon("tag");
export const Trash2 = spriteIcon("trash");
export const Undo2 = spriteIcon("undo-2");
export const UserCog = spriteIcon("user-cog");
export const UserRound = spriteIcon("user-round");
export const UserX = spriteIcon("user-x");
export const Users = spriteIcon("users");
export const Wallet = spriteIcon("wallet");
export const Wrench = spriteIcon("wrench");
export const X = spriteIcon("x");
