// Where a notification leads, in one place: each kind of notification names the page it is about (the writers store
// it in `action_route`), and a link is only ever shown for a page the reader's role may open.
import { homeFor, mayOpen, type Role } from "./roles";

/** The page each kind of notification is about; the services that write notifications store these. */
export const NOTIFICATION_LINKS = {
  /** buyer: a worker submitted work, reviewed on Buyer Home */
  submissionReceived: "/dashboard/buyerhome",
  /** worker: a submission was approved, rejected, or cancelled with its task */
  submissionDecided: "/dashboard/mysubmissions",
  /** worker: a withdrawal was approved or rejected */
  withdrawalDecided: "/dashboard/withdraw",
  /** buyer: an admin removed one of their tasks */
  taskRemoved: "/dashboard/mytasks",
  /** buyer: a card payment was refunded or disputed */
  paymentReversed: "/dashboard/paymenthistory",
  /** worker: an admin decided their appeal (the submission's status shows there) */
  appealDecided: "/dashboard/mysubmissions",
  /** buyer: an admin overturned their rejection and paid the worker (their balance shows on Buyer Home) */
  appealOverturned: "/dashboard/buyerhome",
  /** worker: the time of a task they started ran out and its slot went back (the task list, to start another) */
  holdEnded: "/dashboard/tasklist",
  /** worker: a buyer they worked for sent them a message (the requester API's NotifyWorkers) */
  buyerMessage: "/dashboard/mysubmissions",
  /** buyer: a task's measured time makes it pay under the minimum hourly pay (raise it on Update Task) */
  belowMinimumPay: "/dashboard/mytasks",
  /** worker: the buyer asked for a revision of a pending submission, or its time ran out: that submission's page
   * (the note, when it is due, and the edit form) */
  revisionRequested: (submissionId: string) => `/dashboard/mysubmissions/${submissionId}`,
  /** anyone: Google signed in to their unverified account and removed its password */
  accountTakenOver: "/dashboard/settings",
  // anyone whose coins an admin adjusted: no page of its own, the balance shows on every page (their home)
} as const;

/**
 * The link of a stored notification for this reader: its page when that is a dashboard page their role may open
 * (a role can change after the notification was written), else their home.
 */
export function notificationHref(actionRoute: string | null, role: Role): string {
  if (actionRoute && /^\/dashboard(?:\/[a-z0-9/_-]*)?$/i.test(actionRoute) && mayOpen(role, actionRoute))
    return actionRoute;
  return homeFor(role);
}

/** A notification as the bell and the page show it. */
export interface NotificationItem {
  id: string;
  message: string;
  href: string;
  readAt: number | null;
  createdAt: number;
}

export function notificationItem(
  n: { id: string; message: string; actionRoute: string | null; readAt: number | null; createdAt: number },
  role: Role,
): NotificationItem {
  return {
    id: n.id,
    message: n.message,
    href: notificationHref(n.actionRoute, role),
    readAt: n.readAt,
    createdAt: n.createdAt,
  };
}

/** Where the bell and the page post their marks (a plain form without JavaScript, a fetcher with it). */
export const NOTIFICATIONS_PAGE = "/dashboard/notifications";
