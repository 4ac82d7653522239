import { Award, Bell, Home, Inbox, ListChecks, Send, Wallet } from "~/components/icons/more";
import type { NavItem } from "~/components/dashboard-shell";

/** A worker's links in the dashboard's sidebar. */
export const WORKER_NAV: readonly NavItem[] = [
  { to: "/dashboard/workerhome", label: "nav.home", icon: Home },
  { to: "/dashboard/tasklist", label: "nav.taskList", icon: ListChecks },
  { to: "/dashboard/alerts", label: "nav.alerts", icon: Bell },
  { to: "/dashboard/mysubmissions", label: "nav.mySubmissions", icon: Send },
  { to: "/dashboard/inbox", label: "nav.messages", icon: Inbox },
  { to: "/dashboard/withdraw", label: "nav.withdrawals", icon: Wallet },
  { to: "/dashboard/tests", label: "nav.qualifications", icon: Award },
];
