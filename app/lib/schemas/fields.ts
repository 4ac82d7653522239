import * as v from "valibot";
import { said, type Message } from "../i18n/validation";
import { formatCount } from "~/lib/format";

/** "At most 2000 characters": a text field's limit. */
const atMost = (max: number) => said("text.atMost", `At most ${max} characters`, { max });

/** A required text field: missing, blank or whitespace-only gives `requiredMessage`. */
export const requiredText = (requiredMessage: Message, max = 2000) =>
  v.pipe(v.string(requiredMessage), v.trim(), v.nonEmpty(requiredMessage), v.maxLength(max, atMost(max)));

// Note: conform's form coercion mishandles v.optional(x, default), so optional fields default in a transform.
export const optionalText = (max = 2000) =>
  v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, atMost(max)))),
    v.transform((x) => x ?? ""),
  );

export const PAYOUT_REFERENCE_REQUIRED = "Enter the payout's transaction ID or reference";
/**
 * A payout's own reference (a Bkash, Nagad or Rocket transaction ID, a bank reference): what the worker is shown.
 * A form without the field (a page from before it was asked) reads as an empty one, so its words are the same.
 */
export const payoutReference = (requiredMessage: Message) =>
  v.pipe(v.optional(v.string(requiredMessage), ""), v.trim(), v.nonEmpty(requiredMessage), v.maxLength(64, atMost(64)));

/** "Invalid Input": a number field that holds anything but a whole number. */
export const INVALID_INPUT = said("number.invalid", "Invalid Input");

/** A row's id that is missing (a form not sent by our page). */
export const MISSING_ID = said("id.missing", "Missing id");

/** An intent a page does not have (a form not sent by our page). */
export const UNKNOWN_ACTION = said("action.unknown", "Unknown action");

/** Decimal digits with an optional minus sign, nothing around them: `Number()` would also read "0x100", "1e3", " 5". */
const DECIMAL_INTEGER = /^-?\d{1,15}$/;

/**
 * A whole number from a form field (string) or JSON (number).
 * Empty gives `requiredMessage`; anything but decimal digits (hex, exponents, spaces, decimals) 'Invalid Input';
 * below `min` gives `minMessage`.
 */
export const wholeNumber = (requiredMessage: Message, min: number, minMessage: Message, max = 1_000_000) =>
  v.pipe(
    v.unknown(),
    v.transform((x) =>
      typeof x !== "string" ? x : x.trim() === "" ? undefined : DECIMAL_INTEGER.test(x) ? Number(x) : Number.NaN,
    ),
    v.check((x) => x !== undefined && x !== null, requiredMessage),
    v.number(INVALID_INPUT),
    v.integer(INVALID_INPUT),
    v.minValue(min, minMessage),
    v.maxValue(max, said("number.atMost", `At most ${formatCount(max)}`, { max })),
  );

export const email = (requiredMessage: Message = said("email.required", "Email is required")) =>
  v.pipe(
    v.string(requiredMessage),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.maxLength(254, said("email.tooLong", "Email is too long")),
    v.email(said("email.invalid", "Enter a valid email address")),
    v.toLowerCase(),
  );

/** Images are our own uploads: "/images/<key>" or a full URL to one, stored as the path. */
export const IMAGE_PATH = /^(?:https?:\/\/[^/\s]+)?(\/images\/[0-9a-f-]{36}\.(?:png|jpg|gif|webp))$/;
export const imageUrl = v.pipe(
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || IMAGE_PATH.test(s), said("image.notUploaded", "Upload the image to Coinwork first")),
    ),
  ),
  v.transform((s) => (s ? IMAGE_PATH.exec(s)![1] : "")),
);

/** A confirmed action on one row of a list ("delete", "cancel", "withdraw"…): its intent and the row's id. */
export const rowAction = <I extends string>(intent: I, missing: Message = MISSING_ID) =>
  v.object({ intent: v.literal(intent), id: requiredText(missing, 64) });
