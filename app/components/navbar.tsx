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

const PUBLIC_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
];

/** The page links and 'Join as Developer', for widths where the bar has no room for them. */
function CompactLinks({ developerRepoUrl }: { developerRepoUrl: string }) {
  return (
    <ul>
      {PUBLIC_LINKS.map((l) => (
        <li key={l.to} className="lg:hidden">
          <Link to={l.to} className={menuItemClass}>
            {l.label}
          </Link>
        </li>
      ))}
      <li className="md:hidden">
        <a href={developerRepoUrl} target="_blank" rel="noopener noreferrer" className={menuItemClass}>
          Join as Developer <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </li>
    </ul>
  );
}

export function Navbar({ user, developerRepoUrl }: { user: SessionUser | null; developerRepoUrl: string }) {
  const dashboard = user ? homeFor(user.role) : null;
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <nav className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6" aria-label="Main">
        <Logo />
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
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          <a
            href={developerRepoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "hidden md:inline-flex")}
          >
            Join as Developer <ExternalLink aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          {user && dashboard ? (
            <>
              <Link to={dashboard} className={cn(buttonVariants({ size: "sm" }), "hidden md:inline-flex")}>
                <LayoutDashboard aria-hidden /> Dashboard
              </Link>
              <CoinBalance coin={user.coin} />
              <DisclosureMenu
                label="Account menu"
                trigger={
                  <span className="inline-flex items-center gap-1 rounded-full p-0.5 hover:bg-muted">
                    <Avatar src={user.photo} name={user.name} />
                    <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
                  </span>
                }
              >
                <div className="px-2.5 py-2">
                  <p className="text-sm font-semibold">{user.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                </div>
                <div className="my-1 h-px bg-border md:hidden" />
                <Link to={dashboard} className={cn(menuItemClass, "md:hidden")}>
                  <LayoutDashboard className="size-4" aria-hidden /> Dashboard
                </Link>
                <CompactLinks developerRepoUrl={developerRepoUrl} />
              </DisclosureMenu>
              <Form method="post" action="/logout">
                <Button type="submit" variant="outline" size="sm" aria-label="Log out">
                  <LogOut aria-hidden /> <span className="hidden sm:inline">Log out</span>
                </Button>
              </Form>
            </>
          ) : (
            <>
              <Link to="/login" className={buttonVariants({ variant: "outline", size: "sm" })}>
                Login
              </Link>
              <Link to="/register" className={buttonVariants({ size: "sm" })}>
                Register
              </Link>
              <DisclosureMenu
                label="Open menu"
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
