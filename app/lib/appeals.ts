// Appeals of rejected submissions (docs/decisions/014-appeals.md): the rules the worker's form, the admin's
// confirmation and the service share.
import { formatCoins } from "./format";
import type { Key, Values } from "./i18n/messages";

/** A rejection can be appealed for this long after it happened (the submission's review time), once. */
export const APPEAL_WINDOW_DAYS = 7;
export const APPEAL_WINDOW_MS = APPEAL_WINDOW_DAYS * 86_400_000;
/** The appeal's text, trimmed (migrations/0007 checks the same bounds). */
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 500;

export const APPEAL_TEXT_REQUIRED = "Say why the rejection was wrong";

/** Whether a rejection that happened at `rejectedAt` can still be appealed at `now` (the window's last moment included). */
export function withinAppealWindow(rejectedAt: number | null, now = Date.now()): boolean {
  return rejectedAt !== null && now - rejectedAt <= APPEAL_WINDOW_MS;
}

/**
 * Until when a worker's submission can still be appealed: the end of the window of a rejection not appealed yet;
 * null when it cannot be (not rejected, appealed already, the window passed).
 */
export function appealUntil(
  s: { status: string; reviewedAt: number | null },
  appealed: boolean,
  now = Date.now(),
): number | null {
  return s.status === "rejected" && !appealed && withinAppealWindow(s.reviewedAt, now)
    ? s.reviewedAt! + APPEAL_WINDOW_MS
    : null;
}

export const APPEAL_DECISIONS = ["uphold", "overturn"] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

export const APPEAL_LISTS = ["pending", "decided"] as const;
export type AppealList = (typeof APPEAL_LISTS)[number];

/** The admin's Appeals page showing this appeal alone, in its list (what a conversation links back to). */
export function appealPath(appealId: string, pending: boolean): string {
  const query = new URLSearchParams({ ...(pending ? {} : { show: "decided" }), appeal: appealId });
  return `/dashboard/appeals?${query}`;
}

/** What an overturn would find: the submission's pay, and the pay of the task's open slot if one is left. */
export interface OverturnState {
  pay: number;
  /** the escrow of one open slot of the task (its pay now), or null when the task is deleted or has no slot left */
  slotPay: number | null;
}

/**
 * Where an overturn's coins come from. A slot the rejection reopened and nobody has taken is taken back: its escrow
 * pays the worker, so the buyer pays the task's workers once. Otherwise the buyer's balance pays. `charge` is what the
 * buyer's balance gives (negative: the slot held more and the rest goes back to the buyer).
 */
export function overturnPlan(s: OverturnState): { fromSlot: boolean; charge: number } {
  return { fromSlot: s.slotPay !== null, charge: s.pay - (s.slotPay ?? 0) };
}

/**
 * Where an overturn's pay comes from, after "paid N coins": `balanceOf` names whose balance ("the buyer's", "your").
 * The audit row and the buyer's notice say it in these words.
 */
export function overturnSource({ fromSlot, charge }: { fromSlot: boolean; charge: number }, balanceOf: string): string {
  if (!fromSlot) return `from ${balanceOf} balance`;
  if (charge > 0) return `from the task's open slot and ${formatCoins(charge)} from ${balanceOf} balance`;
  if (charge < 0) return `from the task's open slot, and ${formatCoins(-charge)} came back to ${balanceOf} balance`;
  return "from the task's open slot";
}

/** What an overturn's confirmation needs to know: the state, who is paid, who pays and what they have. */
export type OverturnFacts = OverturnState & { workerName: string; buyerName: string; buyerCoins: number };

/**
 * The admin's confirmation of an overturn, in the page's words (`t`, the `admin` namespace; `coins` writes "N coins"):
 * how many coins go from whom to whom.
 */
export function describeOverturn(
  s: OverturnFacts,
  t: (key: Key<"admin">, values?: Values) => string,
  coins: (n: number) => string,
): string {
  const { fromSlot, charge } = overturnPlan(s);
  const short = Math.max(0, charge - s.buyerCoins);
  const names = { worker: s.workerName, buyer: s.buyerName, coins: coins(s.pay) };
  const owed = short > 0 ? ` ${t("appeals.plan.owed", { buyer: s.buyerName, has: s.buyerCoins, short })}` : "";
  if (!fromSlot) return t("appeals.plan.fromBalance", names) + owed;
  if (charge > 0) return t("appeals.plan.split", { ...names, slot: s.slotPay ?? 0, charge }) + owed;
  if (charge < 0) return t("appeals.plan.fromSlotBack", { ...names, back: -charge });
  return t("appeals.plan.fromSlot", names);
}
