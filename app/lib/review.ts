// Reviewing submissions, the parts the server and the browser share.
// The review window (docs/decisions/007-auto-approval-after-the-review-window.md): a submission still pending this
// long after it was sent is approved by the Cron Trigger. The job, the buyer's countdown and Buyer Home's
// explanation all read the window through `reviewWindowDays`, so they cannot disagree.

export const DEFAULT_REVIEW_WINDOW_DAYS = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The window in days from the Worker variable REVIEW_WINDOW_DAYS: a missing, zero or unreadable value means 3. */
export function reviewWindowDays(setting: string | undefined): number {
  const days = Number(setting ?? DEFAULT_REVIEW_WINDOW_DAYS);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_REVIEW_WINDOW_DAYS;
}

export const reviewWindowMs = (windowDays: number) => windowDays * DAY;

/** When a submission sent at `createdAt` becomes due for auto-approval. */
export function autoApprovesAt(createdAt: number, windowDays: number): number {
  return createdAt + reviewWindowMs(windowDays);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "auto-approves in 2 days", "in 5 hours", "within the hour", or "shortly" once due (the job runs every 15 minutes). */
export function autoApproveCountdown(dueAt: number, now: number): string {
  const left = dueAt - now;
  if (left <= 0) return "auto-approves shortly";
  const hours = Math.round(left / HOUR);
  if (hours < 1) return "auto-approves within the hour";
  if (hours < 24) return `auto-approves in ${plural(hours, "hour")}`;
  return `auto-approves in ${plural(Math.round(left / DAY), "day")}`;
}

/** At most this many submissions are approved by one request (the page's "Approve selected" and the REST route). */
export const BULK_APPROVE_LIMIT = 50;
export const TOO_MANY_TO_APPROVE = `Approve at most ${BULK_APPROVE_LIMIT} submissions at a time.`;
export const NONE_SELECTED = "Select at least one submission to approve.";

export interface TrackRecord {
  approved: number;
  rejected: number;
}

/** "12 approved · 1 rejected · 92%": a worker's reviewed submissions and the share approved. */
export function trackRecordText({ approved, rejected }: TrackRecord): string {
  const reviewed = approved + rejected;
  if (reviewed === 0) return "No reviewed work yet";
  return `${approved} approved · ${rejected} rejected · ${Math.round((approved / reviewed) * 100)}%`;
}

/** The intent of Buyer Home's "Approve selected" (its form, its no-JavaScript confirmation view). */
export const APPROVE_SELECTED = "approve-selected";

/** One submission's outcome in a bulk approval, as the page shows it. */
export interface BulkRowOutcome {
  id: string;
  approved: boolean;
  /** "approved", "already reviewed", "not yours", "not found", "not approved" */
  outcome: string;
  message?: string;
  workerName?: string;
  taskTitle?: string;
}

const NAMED_PER_OUTCOME = 5;

/** "Nadia Worker (Rate our app)", or "a submission" for one that is not the buyer's. */
export const bulkRowLabel = (r: BulkRowOutcome) =>
  r.workerName ? `${r.workerName} (${r.taskTitle})` : "a submission not on your tasks";

/**
 * The words of a bulk approval: the summary as the title ("Successfully approved" when all went through, SPEC's
 * "Approve unsuccessful" when none did), then each outcome with the rows it befell (a few named, the rest counted),
 * short enough for a flash cookie.
 */
export function bulkApprovalWords(done: { approved: number; summary: string; results: BulkRowOutcome[] }) {
  const all = done.approved === done.results.length;
  const title = all ? "Successfully approved" : done.approved === 0 ? "Approve unsuccessful" : done.summary;
  const groups = new Map<string, BulkRowOutcome[]>();
  for (const r of done.results) groups.set(r.outcome, [...(groups.get(r.outcome) ?? []), r]);
  const parts = [...groups].map(([outcome, rows]) => {
    const named = rows.slice(0, NAMED_PER_OUTCOME).map(bulkRowLabel);
    const more = rows.length - named.length;
    return `${outcome[0]!.toUpperCase()}${outcome.slice(1)}: ${named.join("; ")}${more > 0 ? ` and ${more} more` : ""}.`;
  });
  const paid = done.approved ? " Approved workers have been paid from the tasks' escrow." : "";
  return { title, message: `${done.summary}.${paid} ${parts.join(" ")}` };
}

/** The reasons a buyer picks from when rejecting (with words of their own, or instead of them). */
export const REJECT_REASONS = [
  "The proof does not show the task done",
  "The image is missing or cannot be read",
  "The work does not follow the instructions",
  "The proof is copied or reused",
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const REJECT_REASON_REQUIRED = "Choose a reason or write one for the worker";

/** What a worker (and an admin deciding an appeal) reads of a rejection that gave no reason. */
export const NO_REASON_GIVEN = "The requester gave no reason.";

/** The reason the worker reads: the picked one, then the buyer's own words ("Pick: words", either alone). */
export function rejectReasonOf(pick: string | undefined, words: string | undefined): string {
  return [pick, words].filter(Boolean).join(": ");
}

/** The first words of a proof for a list row (the full text is in the submission's view). */
export function proofExcerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The field of "Approve selected" that says the buyer has looked at the proof of every selected submission. */
export const LOOKED_FIELD = "looked";
export const LOOK_FIRST = "Confirm that you have looked at the proof of every selected submission";
