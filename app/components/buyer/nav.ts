import { Award, ClipboardList, Coins, FilePlus2, HandCoins, History, Home, Inbox } from "~/components/icons/more";
import type { NavItem } from "~/components/dashboard-shell";

/** A buyer's links in the dashboard's sidebar. */
export const BUYER_NAV: readonly NavItem[] = [
  { to: "/dashboard/buyerhome", label: "nav.home", icon: Home },
  { to: "/dashboard/addtask", label: "nav.addTask", icon: FilePlus2 },
  { to: "/dashboard/mytasks", label: "nav.myTasks", icon: ClipboardList },
  { to: "/dashboard/inbox", label: "nav.messages", icon: Inbox },
  { to: "/dashboard/purchasecoin", label: "nav.purchaseCoin", icon: Coins },
  { to: "/dashboard/paymenthistory", label: "nav.paymentHistory", icon: History },
  { to: "/dashboard/bonuses", label: "nav.bonuses", icon: HandCoins },
  { to: "/dashboard/qualifications", label: "nav.qualifications", icon: Award },
];
