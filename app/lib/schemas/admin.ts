// Admin screens: the forms their actions accept and the query strings their lists read.
import * as v from "valibot";
import { said } from "../i18n/validation";
import { ROLES } from "../roles";
import {
  INVALID_INPUT,
  MISSING_ID,
  optionalText,
  PAYOUT_REFERENCE_REQUIRED,
  payoutReference,
  requiredText,
  wholeNumber,
} from "./fields";
import { pageParam } from "./paging";

const id = requiredText(MISSING_ID, 64);
export const REASON_REQUIRED = "A reason is required";
const reason = optionalText(500);
const requiredReason = requiredText(said("reason.required", REASON_REQUIRED), 500);

export const TAKA_RATE_INVALID = "Enter how many taka a US dollar buys, e.g. 121.50";
const takaRateInvalid = said("takaRate.invalid", TAKA_RATE_INVALID);

/**
 * Admin Home: mark a pending withdrawal paid (with the payout's reference), reject it (with a reason), or set the
 * taka rate (taka per US dollar, at most two decimals, stored in hundredths).
 */
export const adminHomeActionSchema = v.variant("intent", [
  v.object({
    intent: v.literal("approve"),
    id,
    payout_reference: payoutReference(said("payoutReference.required", PAYOUT_REFERENCE_REQUIRED)),
  }),
  v.object({ intent: v.literal("reject"), id, reason: requiredReason }),
  v.object({
    intent: v.literal("taka_rate"),
    taka_per_dollar: v.pipe(
      v.string(takaRateInvalid),
      v.trim(),
      v.regex(/^\d{1,6}(\.\d{1,2})?$/, takaRateInvalid),
      v.transform((typed) => Math.round(Number(typed) * 100)),
      v.minValue(1, takaRateInvalid),
    ),
  }),
]);

/** Manage Tasks: delete any task; the reason is optional and recorded in the audit log. */
export const taskActionSchema = v.variant("intent", [v.object({ intent: v.literal("delete"), id, reason })]);

export const ADJUST_AMOUNT_REQUIRED = "Enter the number of coins to add or deduct";
export const ADJUST_AMOUNT_ZERO = "The amount cannot be 0";

/** Manage Users: role change, removal, and the recorded coin adjustment (the only manual coin movement). */
export const userActionSchema = v.variant("intent", [
  v.object({ intent: v.literal("role"), id, role: v.picklist(ROLES, said("role.select", "Select a role")) }),
  v.object({ intent: v.literal("remove"), id, reason }),
  v.object({
    intent: v.literal("adjust"),
    id,
    addcoin: v.pipe(
      wholeNumber(said("adjust.required", ADJUST_AMOUNT_REQUIRED), -10_000_000, INVALID_INPUT, 10_000_000),
      v.check((n) => n !== 0, said("adjust.zero", ADJUST_AMOUNT_ZERO)),
    ),
    reason: requiredReason,
  }),
]);

/** Messages: opening one marks it read; it can be marked unread again. */
export const messageActionSchema = v.variant("intent", [
  v.object({ intent: v.literal("read"), id }),
  v.object({ intent: v.literal("unread"), id }),
]);

// Query strings never fail a page: anything malformed falls back to the default.
const q = v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(100)), "");

const page = pageParam;

export const userListQuery = v.object({
  q,
  page,
  role: v.fallback(v.optional(v.picklist(ROLES)), undefined),
});
export const taskListQuery = v.object({ q, page });
export const messageListQuery = v.object({ page, show: v.fallback(v.picklist(["all", "unread"]), "all") });

export const AUDIT_ACTIONS = [
  "user.role",
  "user.remove",
  "coins.adjust",
  "task.delete",
  "withdrawal.approve",
  "withdrawal.reject",
  "appeal.uphold",
  "appeal.overturn",
  "taka_rate.set",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditListQuery = v.object({ page, action: v.fallback(v.optional(v.picklist(AUDIT_ACTIONS)), undefined) });
