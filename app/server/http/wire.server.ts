// Rows -> the JSON shapes of docs/product/rest-api.md, in one place: `_id` as a string, the spec's field names
// (task_title, Buyer_email, ...), submission status `approve` for approved, ISO times, dollars as decimals.
// Image addresses stored as app paths ("/images/<key>") are made absolute, so a client on another origin can show them.
import type { Order, Task, Withdrawal } from "../db/schema";
import type { Role } from "~/lib/roles";
import type { SubmissionStatus, SubmissionView } from "../services/submissions.server";
import type { CategoryCount, FeaturedTask, PublicWorker, Applicant } from "../services/landing.server";
import type { NotificationRow } from "../services/notifications.server";
import type { AppealView } from "../services/appeals.server";
import type { Hold } from "../services/slot-returns.server";
import { feedPath, type SavedSearchView } from "../services/alerts.server";
import type { SubmissionWireStatus } from "~/lib/schemas/api";
import { notificationHref } from "~/lib/notifications";
import { payRateOf } from "~/lib/pay-rate";

/** `origin` of the request, e.g. "https://coinwork.example": app paths become absolute URLs under it. */
export type Origin = string;

export function absoluteUrl(origin: Origin, url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return `${origin}${url}`;
  return url;
}

const iso = (ms: number) => new Date(ms).toISOString();
const dollars = (cents: number) => Math.round(cents) / 100;

// ---------------------------------------------------------------- users

export interface UserWire {
  _id: string;
  name: string;
  email: string;
  role: Role;
  coin: number;
  photo: string | null;
}

export function userWire(
  origin: Origin,
  u: { id: string; name: string; email: string; role: Role; coin: number; photo: string | null },
): UserWire {
  return { _id: u.id, name: u.name, email: u.email, role: u.role, coin: u.coin, photo: absoluteUrl(origin, u.photo) };
}

/** GET /users?role=Worker: what the landing page shows of an applicant, nothing more. */
export function applicantWire(origin: Origin, a: Applicant) {
  return { photo: absoluteUrl(origin, a.photo), name: a.name };
}

/** GET /workers: photo, name and coin balance (public by the spec). */
export function publicWorkerWire(origin: Origin, w: PublicWorker) {
  return { photo: absoluteUrl(origin, w.photo), name: w.name, coin: w.coin };
}

// ---------------------------------------------------------------- categories and tasks

export function categoryWire(c: CategoryCount) {
  return { _id: c.category, total_workers: c.openPositions };
}

export interface TaskWire {
  _id: string;
  task_title: string;
  task_detail: string;
  task_image_url: string | null;
  category: string;
  required_workers: number;
  payable_amount: number;
  completion_date: string;
  submission_info: string;
  name: string;
  user_email: string;
  estimate_minutes: number | null;
  measured_minutes: number | null;
  pay_per_hour_cents: number | null;
  below_minimum: boolean;
  paused: boolean;
}

/** A task with its buyer's name (`name`) and e-mail (`user_email`). */
export function taskWire(
  origin: Origin,
  t: Task,
  buyer: { name: string; email: string },
  minHourlyCents: number,
): TaskWire {
  const rate = payRateOf(t, minHourlyCents);
  return {
    _id: t.id,
    task_title: t.taskTitle,
    task_detail: t.taskDetail,
    task_image_url: absoluteUrl(origin, t.taskImageUrl),
    category: t.category,
    required_workers: t.requiredWorkers,
    payable_amount: t.payableAmount,
    completion_date: t.completionDate,
    submission_info: t.submissionInfo,
    name: buyer.name,
    user_email: buyer.email,
    estimate_minutes: t.estimateMinutes,
    measured_minutes: t.measuredMinutes,
    pay_per_hour_cents: rate.centsPerHour,
    below_minimum: rate.belowMinimum,
    paused: t.pausedAt !== null,
  };
}

/** Rows that carry their buyer (findTask, listOpenTasks, listAllTasks). */
export function joinedTaskWire(
  origin: Origin,
  t: Task & { buyerName: string; buyerEmail: string },
  minHourlyCents: number,
): TaskWire {
  return taskWire(origin, t, { name: t.buyerName, email: t.buyerEmail }, minHourlyCents);
}

/** GET /tasks3: the landing page's featured cards. */
export function featuredTaskWire(origin: Origin, t: FeaturedTask) {
  return {
    _id: t.id,
    task_title: t.taskTitle,
    task_image_url: absoluteUrl(origin, t.taskImageUrl),
    completion_date: t.completionDate,
    payable_amount: t.payableAmount,
    category: t.category,
    required_workers: t.requiredWorkers,
    name: t.buyerName,
  };
}

// ---------------------------------------------------------------- submissions

/** Stored `approved` is `approve` on the wire; the other statuses are spelled the same. */
export function submissionStatusWire(status: SubmissionStatus): SubmissionWireStatus {
  return status === "approved" ? "approve" : status;
}

/** A wire status (either spelling of approved) as stored. */
export function submissionStatusStored(status: SubmissionWireStatus): SubmissionStatus {
  return status === "approve" ? "approved" : status;
}

export function submissionWire(origin: Origin, s: SubmissionView) {
  return {
    _id: s.id,
    task_id: s.taskId,
    task_title: s.taskTitle,
    payable_amount: s.payableAmount,
    worker_email: s.workerEmail,
    worker_name: s.workerName,
    Buyer_name: s.buyerName,
    Buyer_email: s.buyerEmail,
    Buyer_mail: s.buyerEmail,
    submission_details: s.submissionDetails,
    submission_image_url: absoluteUrl(origin, s.submissionImageUrl),
    current_date: iso(s.createdAt),
    status: submissionStatusWire(s.status),
    reject_reason: s.rejectReason,
  };
}

// ---------------------------------------------------------------- starts

export function taskStartWire(h: Hold) {
  return {
    task_id: h.taskId,
    task_title: h.taskTitle,
    payable_amount: h.heldPay,
    started_at: iso(h.startedAt),
    expires_at: iso(h.expiresAt),
  };
}

// ---------------------------------------------------------------- appeals

export function appealWire(a: AppealView) {
  return {
    _id: a.id,
    submission_id: a.submissionId,
    task_title: a.taskTitle,
    payable_amount: a.payableAmount,
    worker_name: a.workerName,
    worker_email: a.workerEmail,
    Buyer_name: a.buyerName,
    Buyer_email: a.buyerEmail,
    reject_reason: a.rejectReason,
    appeal_text: a.appealText,
    status: a.status,
    appeal_date: iso(a.createdAt),
    decided_at: a.decidedAt === null ? null : iso(a.decidedAt),
  };
}

// ---------------------------------------------------------------- withdrawals

export function withdrawalWire(w: Withdrawal, worker: { name: string; email: string }) {
  return {
    _id: w.id,
    worker_email: worker.email,
    worker_name: worker.name,
    withdrawal_coin: w.withdrawalCoin,
    /** dollars with two decimals (coins / 20) */
    withdrawal_amount: dollars(w.withdrawalCents),
    payment_system: w.paymentSystem,
    account_number: w.accountNumber,
    /** Bank only: the bank, and its branch or routing number */
    bank_name: w.bankName,
    bank_branch: w.bankBranch,
    withdraw_date: iso(w.createdAt),
    status: w.status,
    reject_reason: w.decisionReason,
    payout_reference: w.payoutReference,
  };
}

export function joinedWithdrawalWire(w: Withdrawal & { workerName: string; workerEmail: string }) {
  return withdrawalWire(w, { name: w.workerName, email: w.workerEmail });
}

// ---------------------------------------------------------------- orders and figures

export function orderWire(o: Order, buyer: { email: string }) {
  return {
    _id: o.id,
    coinamount: o.coins,
    user_email: buyer.email,
    /** dollars */
    price: dollars(o.priceCents),
    payment_id: o.paymentId,
    time: iso(o.createdAt),
  };
}

/** A notification as its reader sees it: its link follows the reader's role (~/lib/notifications). */
export function notificationWire(n: NotificationRow, role: Role) {
  return {
    _id: n.id,
    message: n.message,
    href: notificationHref(n.actionRoute, role),
    read: n.readAt !== null,
    time: iso(n.createdAt),
  };
}

export { dollars as centsToDollars };

/** A saved search (task alert), its private feed address absolute. */
export const savedSearchWire = (s: SavedSearchView, origin: Origin) => ({
  id: s.id,
  q: s.words,
  category: s.category,
  /** least pay per hour, whole dollars (as GET /tasks2's min_hourly), or null */
  min_hourly: s.minCentsPerHour === null ? null : s.minCentsPerHour / 100,
  min_approval: s.minApproval,
  feed_url: new URL(feedPath(s.feedToken), origin).toString(),
  created_at: new Date(s.createdAt).toISOString(),
});
