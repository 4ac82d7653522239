import { Form, Link, NavLink } from "react-router";
import { LanguageSwitch } from "./language-switch";
import { ChevronDown, ExternalLink, LayoutDashboard, LogOut, Menu } from "~/components/icons";
import type { SessionUser } from "~/server/auth/session.server";
import { homeFor } from "~/lib/roles";
import { Button, buttonVariants } from "./ui/button";
import { DisclosureMenu, menuItemClass } from "./ui/disclosure-menu";
import { Logo } from "./logo";
import { CoinBalance } from "./coin-balance";
import { Avatar } from "./avatar";
import { cn } from "~/lib/cn";
import type { Key } from "~/lib/i18n/messages";
import { useWords } from "~/lib/i18n/react";

const PUBLIC_LINKS: { to: string; label: Key<"public"> }[] = [
  { to: "/", label: "nav.home" },
  { to: "/about", label: "nav.about" },
  { to: "/faq", label: "nav.faq" },
  { to: "/contact", label: "nav.contact" },
];

/** The page links and 'Join as Developer', for widths where the bar has no room for them. */
function CompactLinks({ developerRepoUrl }: { developerRepoUrl: string }) {
  const t = useWords("public");
  return (
    <ul>
      {PUBLIC_LINKS.map((l) => (
        <li key={l.to} className="lg:hidden">
          <Link to={l.to} className={menuItemClass}>
            {t(l.label)}
          </Link>
        </li>
      ))}
      <li className="md:hidden">
        <a href={developerRepoUrl} target="_blank" rel="noopener noreferrer" className={menuItemClass}>
          {t("nav.joinDeveloper")} <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">{t("nav.newTab")}</span>
        </a>
      </li>
    </ul>
  );
}

export function Navbar({ user, developerRepoUrl }: { user: SessionUser | null; developerRepoUrl: string }) {
  const t = useWords("public");
  const dashboard = user ? homeFor(user.role) : null;
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <nav
        className="mx-auto flex h-16 max-w-7xl items-center gap-1.5 px-2 sm:gap-3 sm:px-6"
        aria-label={t("nav.label")}
      >
        <Logo bar={user ? "signedIn" : "visitor"} />
        <ul className="ml-6 hidden items-center gap-1 lg:flex">
          {PUBLIC_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                end
                className={({ isActive }) =>
                  cn(
                    "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground",
                    isActive && "text-brand-700",
                  )
                }
              >
                {t(l.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <LanguageSwitch />
          <a
            href={developerRepoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "hidden md:inline-flex")}
          >
            {t("nav.joinDeveloper")} <ExternalLink aria-hidden />
            <span className="sr-only">{t("nav.newTab")}</span>
          </a>
          {user && dashboard ? (
            <>
              <Link to={dashboard} className={cn(buttonVariants({ size: "sm" }), "hidden md:inline-flex")}>
                <LayoutDashboard aria-hidden /> {t("nav.dashboard")}
              </Link>
              <CoinBalance coin={user.coin} />
              <DisclosureMenu
                label={t("nav.accountMenu")}
                trigger={
                  <span className="inline-flex items-center gap-1 rounded-full p-0.5 hover:bg-muted">
                    <Avatar src={user.photo} name={user.name} />
                    {/* on a phone the avatar alone opens the menu: the bar keeps its room for the coins */}
                    <ChevronDown className="size-4 text-muted-foreground max-sm:hidden" aria-hidden />
                  </span>
                }
              >
                <div className="px-2.5 py-2">
                  <p className="text-sm font-semibold">{user.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </div>
                <div className="my-1 h-px bg-border md:hidden" />
                <Link to={dashboard} className={cn(menuItemClass, "md:hidden")}>
                  <LayoutDashboard className="size-4" aria-hidden /> {t("nav.dashboard")}
                </Link>
                <CompactLinks developerRepoUrl={developerRepoUrl} />
              </DisclosureMenu>
              <Form method="post" action="/logout">
                <Button type="submit" variant="outline" size="sm" aria-label={t("nav.logout")}>
                  <LogOut aria-hidden /> <span className="hidden sm:inline">{t("nav.logout")}</span>
                </Button>
              </Form>
            </>
          ) : (
            <>
              <Link to="/login" className={cn(buttonVariants({ variant: "outline", size: "sm" }), "max-sm:px-2.5")}>
                {t("nav.login")}
              </Link>
              <Link to="/register" className={cn(buttonVariants({ size: "sm" }), "max-sm:px-2.5")}>
                {t("nav.register")}
              </Link>
              <DisclosureMenu
                label={t("nav.openMenu")}
                className="lg:hidden"
                trigger={
                  <span className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "rounded-lg")}>
                    <Menu aria-hidden />
                  </span>
                }
              >
                <CompactLinks developerRepoUrl={developerRepoUrl} />
              </DisclosureMenu>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
