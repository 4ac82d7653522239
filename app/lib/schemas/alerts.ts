// Task alerts (docs/product/task-alerts.md): a saved search's criteria as the task list's filters take them, the
// alerts page's actions, and the REST shapes. The page form and POST /saved-searches share the criteria and words.
import * as v from "valibot";
import { said } from "../i18n/validation";
import { CATEGORIES } from "../categories";
import { id, paging } from "./api";
import { rowAction, UNKNOWN_ACTION } from "./fields";
import { optionalBound } from "./task";

export const WORDS_NEED_A_WORD = "Type a word to look for, or leave the words empty.";
export const UNKNOWN_CATEGORY = "Pick one of the categories, or none for every category.";

/** The words a search looks for, as typed on the task list (at most 100 characters, with a letter or digit). */
const words = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.maxLength(100, said("alerts.wordsTooLong", "Words are at most 100 characters.")),
  v.check((s) => s === "" || /[\p{L}\p{N}]/u.test(s), said("alerts.wordsNeedAWord", WORDS_NEED_A_WORD)),
);

/** A category, or none (every category): a form's empty choice reads as none. */
const category = v.pipe(
  v.optional(v.string(), ""),
  v.transform((s) => (s === "" ? undefined : s)),
  v.optional(v.picklist(CATEGORIES, said("alerts.unknownCategory", UNKNOWN_CATEGORY))),
);

export const MIN_HOURLY_RANGE = "Least pay per hour: whole dollars from 1 to 1,000, or none.";
export const MIN_APPROVAL_RANGE = "Least approval rate: a percentage from 1 to 100, or none.";

/** What a saved search looks for: the task list's words, category, least pay per hour and least approval rate. */
export const savedSearchCriteria = v.object({
  q: words,
  category,
  /** whole dollars per hour, as the task list's min_hourly; empty or absent for none */
  min_hourly: optionalBound(1, 1000, said("alerts.minHourlyRange", MIN_HOURLY_RANGE)),
  /** percent, as the task list's min_approval; empty or absent for none */
  min_approval: optionalBound(1, 100, said("alerts.minApprovalRange", MIN_APPROVAL_RANGE)),
});
export type SavedSearchCriteria = v.InferOutput<typeof savedSearchCriteria>;

export const PUSH_SUBSCRIPTION_INVALID = "This browser's push subscription could not be read. Try again.";

/** A push service's endpoint, as the browser's PushSubscription gives it (the server decides which it posts to). */
const pushEndpoint = v.pipe(
  v.string(PUSH_SUBSCRIPTION_INVALID),
  v.maxLength(1000, PUSH_SUBSCRIPTION_INVALID),
  v.url(PUSH_SUBSCRIPTION_INVALID),
);
/** base64url of exactly `bytes` bytes, as PushSubscription.toJSON() gives its keys (stored without padding). */
const base64UrlBytes = (bytes: number) =>
  v.pipe(
    v.string(PUSH_SUBSCRIPTION_INVALID),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_SUBSCRIPTION_INVALID),
    v.transform((s) => s.replace(/=+$/, "")),
    v.length(Math.ceil((bytes * 4) / 3), PUSH_SUBSCRIPTION_INVALID),
  );

/** A browser's push subscription (RFC 8291 keys: a P-256 public key of 65 bytes, an auth secret of 16). */
export const pushSubscriptionInput = v.object({
  endpoint: pushEndpoint,
  p256dh: base64UrlBytes(65),
  auth: base64UrlBytes(16),
});
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionInput>;

const unknownSearch = said("alerts.unknownSearch", "Unknown saved search");

/**
 * The alerts page's actions: save (from the task list), delete, a new feed address, alert e-mails on or off, and
 * push notifications on or off in this browser (app/components/push/).
 */
export const alertsPageAction = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("save"), ...savedSearchCriteria.entries }),
    rowAction("delete", unknownSearch),
    rowAction("regenerate", unknownSearch),
    v.object({
      intent: v.literal("emails"),
      emails: v.picklist(["on", "off"], said("alerts.onOrOff", "Choose on or off")),
    }),
    v.object({ intent: v.literal("push-on"), ...pushSubscriptionInput.entries }),
    v.object({ intent: v.literal("push-off"), endpoint: pushEndpoint }),
  ],
  UNKNOWN_ACTION,
);

/** The token of a feed or an unsubscribe link, as the URL carries it (anything else is 404 at once). */
export const alertToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/));

/** GET /saved-searches: the worker's saved searches, newest first. */
export const savedSearchesQuery = v.object({ ...paging });
/** POST /saved-searches: save a search. */
export const savedSearchBody = savedSearchCriteria;
/** DELETE /saved-searches?id= and POST /saved-searches/feed-token { id }. */
export const savedSearchQuery = v.object({ id: id("id") });
export const savedSearchIdBody = v.object({ id: id("id") });

export const savedSearchWireSchema = v.strictObject({
  id: v.string(),
  q: v.string(),
  category: v.nullable(v.string()),
  min_hourly: v.nullable(v.number()),
  min_approval: v.nullable(v.number()),
  feed_url: v.string(),
  created_at: v.string(),
});
