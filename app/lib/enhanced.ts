// Pages work without JavaScript and are enhanced with it. The names both halves agree on live here, so the browser,
// the page actions (app/server/http/page-action.server.ts) and the tests share one vocabulary.
import type { SubmissionResult } from "@conform-to/react";

/**
 * A form carries this field (value "1") only when JavaScript posted it; the action then answers with an Outcome as
 * data (a dialog, a toast, inline errors) instead of Post/Redirect/Get with a flash.
 */
export const ENHANCED_FIELD = "_js";

export function isEnhanced(form: FormData): boolean {
  return form.get(ENHANCED_FIELD) === "1";
}

// The no-JavaScript views of a page, in its query string: `?confirm=<intent>&row=<id>` asks to confirm an action on a
// listed row; `?open=<id>` shows a listed row's details. Leaving a view (Cancel, or the action's redirect) drops them.
export const CONFIRM_PARAM = "confirm";
export const ROW_PARAM = "row";
export const OPEN_PARAM = "open";
export const VIEW_PARAMS = [CONFIRM_PARAM, ROW_PARAM, OPEN_PARAM] as const;

/**
 * A form that is checked before it is sent (a worker's proof, a withdrawal) posts twice: first with this field set
 * to REVIEW_STEP (the action validates, stores an image, and answers the values to show), then from the page's
 * confirmation with SEND_STEP (the action runs). Both halves work without JavaScript: each is a plain post.
 */
export const STEP_FIELD = "step";
export const REVIEW_STEP = "review";
export const SEND_STEP = "send";

/** What a page action answers to a script-driven post, and what a plain post's flash is made of. */
export interface Outcome {
  ok: boolean;
  title: string;
  message?: string;
  /** a refusal's own words (the service's), shown after `message` */
  detail?: string;
  /** a refusal's code (e.g. "insufficient_coins"), for pages that show some refusals in place */
  code?: string;
  /** messages under fields (e.g. `image` for a refused upload, `addcoin` for an adjustment) */
  fields?: Record<string, string[]>;
  /** a refusal's figures (e.g. `missing` coins) */
  extra?: Record<string, unknown>;
}

/** A conform form's answer: the Outcome, and the submission's result for the form's fields. */
export interface FormOutcome extends Outcome {
  result: SubmissionResult<string[]> | null;
  /** the form did not pass its schema (its fields say why); false for a refusal of valid input */
  invalid: boolean;
  /** the review step's answer: what will be sent, for the page's confirmation (see STEP_FIELD) */
  review?: Record<string, unknown>;
}

/** The words under an outcome's title: its message and the refusal's own words, in that order. */
export function outcomeText(outcome: Pick<Outcome, "message" | "detail">): string | undefined {
  return [outcome.message, outcome.detail].filter(Boolean).join(" ") || undefined;
}
