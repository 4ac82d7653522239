// The appeal forms and the admin's Appeals list, read by the pages (conform in the browser, the actions on the
// server); the rules they name (the window, the text's length) are in lib/appeals.ts.
import * as v from "valibot";
import { said } from "../i18n/validation";
import { APPEAL_LISTS, APPEAL_TEXT_MAX, APPEAL_TEXT_MIN, APPEAL_TEXT_REQUIRED } from "../appeals";
import { MISSING_ID } from "./fields";
import { pageParam } from "./paging";

/** The appeal's text: required, 10 to 500 characters once trimmed. */
const appealTextRequired = said("appeal.required", APPEAL_TEXT_REQUIRED);
export const appealText = v.pipe(
  v.string(appealTextRequired),
  v.trim(),
  v.nonEmpty(appealTextRequired),
  v.minLength(
    APPEAL_TEXT_MIN,
    said("text.atLeast", `At least ${APPEAL_TEXT_MIN} characters`, { min: APPEAL_TEXT_MIN }),
  ),
  v.maxLength(APPEAL_TEXT_MAX, said("text.atMost", `At most ${APPEAL_TEXT_MAX} characters`, { max: APPEAL_TEXT_MAX })),
);

const id = v.pipe(v.string(MISSING_ID), v.trim(), v.nonEmpty(MISSING_ID), v.maxLength(64, MISSING_ID));

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
