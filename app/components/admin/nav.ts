import { ClipboardList, Gavel, Home, Inbox, Scale, ScrollText, Users } from "~/components/icons/more";
import type { NavItem } from "~/components/dashboard-shell";

/** An admin's links in the dashboard's sidebar. */
export const ADMIN_NAV: readonly NavItem[] = [
  { to: "/dashboard/adminhome", label: "nav.home", icon: Home },
  { to: "/dashboard/manageusers", label: "nav.manageUsers", icon: Users },
  { to: "/dashboard/managetasks", label: "nav.manageTasks", icon: ClipboardList },
  { to: "/dashboard/messages", label: "nav.messages", icon: Inbox },
  { to: "/dashboard/appeals", label: "nav.appeals", icon: Gavel },
  { to: "/dashboard/auditlog", label: "nav.auditLog", icon: ScrollText },
  { to: "/dashboard/ledger", label: "nav.ledger", icon: Scale },
];
