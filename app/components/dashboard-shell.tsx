import { NavLink, Link, Form } from "react-router";
import { LogOut, Menu, type Icon } from "~/components/icons";
import { ArrowLeft, Bell, Settings, X } from "~/components/icons/more";
import type * as React from "react";
import type { SessionUser } from "~/server/auth/session.server";
import type { Role } from "~/lib/roles";
import type { Key } from "~/lib/i18n/messages";
import { useWords } from "~/lib/i18n/react";
import { Logo } from "./logo";
import { CoinBalance } from "./coin-balance";
import { LanguageSwitch } from "./language-switch";
import { Avatar } from "./avatar";
import { NotificationBell } from "./notification-bell";
import type { NotificationItem } from "~/lib/notifications";
import { VerifyEmailBanner } from "./verify-email-banner";
import { WeakPasswordBanner } from "./weak-password-banner";
import { WORKER_NAV } from "./worker/nav";
import { BUYER_NAV } from "./buyer/nav";
import { ADMIN_NAV } from "./admin/nav";

export interface NavItem {
  to: string;
  /** its words in the `dashboard` namespace */
  label: Key<"dashboard">;
  icon: Icon;
}

// each role's links live with its pages' pieces, so a page sends the words of its reader's links only
// (scripts/page-words.ts: a role's modules are rendered for that role)
export const SIDEBAR: Record<Role, readonly NavItem[]> = { Worker: WORKER_NAV, Buyer: BUYER_NAV, Admin: ADMIN_NAV };

/** Every role's own pages: all their notifications; their account (name, photo, e-mail, password, sessions). */
const EVERY_ROLE: NavItem[] = [
  { to: "/dashboard/notifications", label: "nav.notifications", icon: Bell },
  { to: "/dashboard/settings", label: "nav.settings", icon: Settings },
];

/**
 * Below lg the phone's menu is the sidebar itself, opened as a popover by the menu button: no JavaScript needed, and
 * Escape, its close button or a click outside closes it.
 */
const MENU_ID = "dashboard-menu";

/** Closes the phone's menu after a client-side navigation from it (a page load would close it anyway). */
function closeMenu() {
  const menu = document.getElementById(MENU_ID);
  if (menu?.matches(":popover-open")) menu.hidePopover();
}

function SidebarNav({ role }: { role: Role }) {
  const t = useWords("dashboard");
  return (
    <nav aria-label={t("nav.label")} className="grid gap-1">
      {[...SIDEBAR[role], ...EVERY_ROLE].map((item) => (
        <NavLink key={item.to} to={item.to} onClick={closeMenu} prefetch="intent" className="sidebar-link">
          <item.icon />
          {t(item.label)}
        </NavLink>
      ))}
    </nav>
  );
}

function SidebarFooter() {
  const t = useWords("dashboard");
  return (
    <Form method="post" action="/logout" className="mt-auto">
      <button type="submit" className="sidebar-link w-full">
        <LogOut /> {t("nav.logOut")}
      </button>
    </Form>
  );
}

export function DashboardShell({
  user,
  notifications,
  children,
}: {
  user: SessionUser;
  notifications: { items: NotificationItem[]; unread: number };
  children: React.ReactNode;
}) {
  const t = useWords("dashboard");
  return (
    <div className="min-h-dvh bg-background lg:pl-64">
      <aside id={MENU_ID} popover="auto" className="sidebar" aria-label={t("nav.menu")}>
        <div className="flex items-center justify-between">
          <Logo light />
          <button
            type="button"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            className="menu-close"
            aria-label={t("nav.closeMenu")}
          >
            <X aria-hidden />
          </button>
        </div>
        <SidebarNav role={user.role} />
        <SidebarFooter />
      </aside>
      <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-white/90 px-4 backdrop-blur sm:px-6">
        <button type="button" popoverTarget={MENU_ID} className="menu-button" aria-label={t("nav.openMenu")}>
          <Menu />
        </button>
        <Link to="/" className="text-sm font-medium text-muted-foreground hover:text-foreground max-sm:hidden">
          {t("nav.backToSite")}
        </Link>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguageSwitch />
          <CoinBalance coin={user.coin} />
          <NotificationBell items={notifications.items} unread={notifications.unread} />
          <div className="flex items-center gap-2">
            <Avatar src={user.photo} name={user.name} />
            <div className="hidden leading-tight sm:block">
              <p className="text-sm font-semibold" data-testid="user-name">
                {user.name}
              </p>
              <p className="text-xs text-muted-foreground" data-testid="user-role">
                {t(`role.${user.role}`)}
              </p>
            </div>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
        {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
        {user.weakPassword ? <WeakPasswordBanner /> : null}
        {children}
      </main>
    </div>
  );
}

/** The link above a page's title back to the list it belongs to (a 44 px target). */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden /> {children}
    </Link>
  );
}

/** Page title block used by every dashboard page. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}
