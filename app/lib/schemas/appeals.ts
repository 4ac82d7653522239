// The appeal forms and the admin's Appeals list, read by the pages (conform in the browser, the actions on the
// server); the rules they name (the window, the text's length) are in lib/appeals.ts.
import * as v from "valibot";
import { APPEAL_LISTS, APPEAL_TEXT_MAX, APPEAL_TEXT_MIN, APPEAL_TEXT_REQUIRED } from "../appeals";
import { pageParam } from "./paging";

/** The appeal's text: required, 10 to 500 characters once trimmed. */
export const appealText = v.pipe(
  v.string(APPEAL_TEXT_REQUIRED),
  v.trim(),
  v.nonEmpty(APPEAL_TEXT_REQUIRED),
  v.minLength(APPEAL_TEXT_MIN, `At least ${APPEAL_TEXT_MIN} characters`),
  v.maxLength(APPEAL_TEXT_MAX, `At most ${APPEAL_TEXT_MAX} characters`),
);

const id = v.pipe(v.string("Missing id"), v.trim(), v.nonEmpty("Missing id"), v.maxLength(64, "Missing id"));

/** My Submissions: appeal a rejected submission (`id` is the submission, `reason` the appeal's text). */
export const appealActionSchema = v.variant("intent", [
  v.object({ intent: v.literal("appeal"), id, reason: appealText }),
]);

/** Appeals (admin): uphold or overturn a pending appeal (`id` is the appeal). */
export const appealDecisionSchema = v.variant("intent", [
  v.object({ intent: v.literal("uphold"), id }),
  v.object({ intent: v.literal("overturn"), id }),
]);

/** The admin page's query: which list (pending by default) and its page; `appeal` narrows it to that one appeal. */
export const appealListQuery = v.object({
  page: pageParam,
  show: v.fallback(v.picklist(APPEAL_LISTS), "pending"),
  appeal: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))), undefined),
});
