// Typed refusals: services throw them, and `refusal()` below turns any failure into the HTTP status and words every
// answer uses (REST's JSON error, a page action's outcome, a form's message; docs/product/rest-api.md, "Errors").
// A refusal's words are English, as REST and MTurk answer them; `refusalIn()` gives a page the person's language
// (docs/decisions/106-validation-and-refusals-in-two-languages.md).
import type { Language } from "~/lib/i18n/languages";
import type { Key, Said, SaidValues } from "~/lib/i18n/messages";
import { serverWords, wordsForEnglish } from "~/lib/i18n/words.server";

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "insufficient_coins"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation_failed"
  | "rate_limited"
  | "payment_failed"
  | "coins_owed"
  | "payments_unavailable"
  | "keys_unavailable"
  | "push_unavailable"
  | "database_unavailable";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  insufficient_coins: 409,
  payment_failed: 402,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  // the user owes coins after a reversed card payment (services/debts.server.ts): no spending until settled
  coins_owed: 409,
  // card payments are not set up, or refused by contradictory settings (payments/provider.server.ts)
  payments_unavailable: 503,
  // requester keys (the MTurk API) are not set up: MTURK_KEY_SECRET is missing, so no key is made or accepted
  keys_unavailable: 503,
  // push notifications are not set up: VAPID_JWK is missing, so none is turned on or sent (push/sender.server.ts)
  push_unavailable: 503,
  // D1 stopped answering in the middle of a change, again and again: whether it was made is unknown (db/batch.server.ts)
  database_unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.status = STATUS[code];
  }

  /** the `errors` message a page shows instead, where the English is composed with values (`saying`) */
  words?: { key: Key<"errors">; values?: SaidValues };

  /**
   * Says this refusal on a page with `errors.<key>` (its English stays `message`, which REST and MTurk answer): for
   * a message composed with values, which the English alone cannot be looked up by. Values written in words (an
   * amount, a time) are made in the page's language by a function of it.
   */
  saying(key: Key<"errors">, values?: SaidValues): this {
    this.words = { key, values };
    return this;
  }
}

/** A refusal with these words: their English for REST and MTurk, said on a page in the person's language. */
export function refusing(code: ErrorCode, said: Said): AppError {
  const e = new AppError(code, said.english);
  return said.key ? e.saying(said.key, said.values) : e;
}

/**
 * Words a service composed, in `language`: their English; else the `errors` catalogue's words of their key, or of the
 * fixed message of the `errors` or `validation` catalogue their English is; else the English as it is.
 */
export function saidIn(language: Language, said: Said): string {
  if (language === "en") return said.english;
  if (!said.key) return wordsForEnglish(language, said.english) ?? said.english;
  const values = typeof said.values === "function" ? said.values(language) : said.values;
  return serverWords(language, "errors")(said.key, values);
}

export const notFound = (what = "Not found") => new AppError("not_found", what);
export const forbidden = (why = "You are not allowed to do this") => new AppError("forbidden", why);
export const conflict = (why: string) => new AppError("conflict", why);

/** 'Not available Coin.  Purchase Coin' (the product's words, two spaces included), with how many are missing. */
export function insufficientCoins(missing: number, message = "Not available Coin.  Purchase Coin") {
  return new AppError("insufficient_coins", message, undefined, { missing });
}

/** The words of a failure that is not a refusal (a bug, an outage): its own text is never shown. */
export const UNEXPECTED_MESSAGE = "Something went wrong";

/** A failure as callers are told about it. */
export interface Refusal {
  status: number;
  code: ErrorCode | "internal";
  message: string;
  fields?: Record<string, string[]>;
  extra?: Record<string, unknown>;
}

/**
 * The one mapping from a failure to an answer: an AppError keeps its status, code, words and fields; anything else
 * is logged here (once: callers do not log again) and becomes a 500 saying `unexpected`, so no internal text leaks.
 */
export function refusal(e: unknown, unexpected = UNEXPECTED_MESSAGE): Refusal {
  if (e instanceof AppError)
    return { status: e.status, code: e.code, message: e.message, fields: e.fields, extra: e.extra };
  console.error("Unexpected error", e);
  return { status: 500, code: "internal", message: unexpected };
}

/**
 * A failure as a page tells it to the person, in their language: `refusal()`'s, its words from the `errors`
 * catalogue (the refusal's own key, or the key whose English is the refusal's fixed message, as are the schemas'
 * `validation` words a service refuses with); English, and any message the catalogues do not hold, as they are.
 */
export function refusalIn(language: Language, e: unknown, unexpected?: string): Refusal {
  if (language === "en") return refusal(e, unexpected);
  const r = refusal(e, unexpected ?? serverWords(language, "common")("unexpected"));
  if (!(e instanceof AppError)) return r;
  const message = saidIn(language, { english: r.message, ...e.words });
  // a field that repeats the refusal's own words (the form shows them under it) says them as the refusal does
  const say = (english: string) => (english === r.message ? message : saidIn(language, { english }));
  const fields = r.fields
    ? Object.fromEntries(Object.entries(r.fields).map(([k, messages]) => [k, messages.map(say)]))
    : undefined;
  return { ...r, message, fields };
}

/**
 * A D1 failure that says nothing about the statements, only that the call did not complete (a lost connection, a
 * reset or overloaded database object, a timeout): the statements may or may not have run, and asking again is
 * how to find out. SQL errors and broken constraints are not transient.
 */
export function isTransientD1Error(e: unknown): boolean {
  const text = String((e as { message?: string })?.message ?? e);
  return /network connection lost|connection (?:was )?(?:lost|reset|closed)|object to be reset|overloaded|timed? ?out|transient/i.test(
    text,
  );
}

/** How many times a D1 call that failed transiently is made in all before the failure is the answer. */
export const D1_ATTEMPTS = 4;

/** D1 reports a broken CHECK or UNIQUE as an error whose text names it. */
export function isConstraintError(e: unknown, name?: string): boolean {
  const text = String((e as { message?: string })?.message ?? e) + String((e as { cause?: unknown })?.cause ?? "");
  if (!/constraint failed/i.test(text)) return false;
  return name ? text.includes(name) : true;
}
