// The one reader of a posted form (every page action, and the REST upload): it must say it is a form
// (multipart/form-data or urlencoded; 415 otherwise), is read through the bounded reader (413 as soon as it passes
// the limit, chunked or not), and must parse (400 otherwise). Only then is it handed to FormData.
import { data } from "react-router";
import { AppError, refusal } from "../errors";
import { readBodyBytes } from "./body.server";

/** Plain forms are small: a few fields of text. */
export const MAX_FORM_BYTES = 64 * 1024;

export interface FormLimit {
  maxBytes: number;
  /** the words of a 413 */
  tooLarge: string;
  /** the words of a 415 or 400 for a body that is not a form */
  unreadable?: string;
}

const PLAIN_FORM: FormLimit = { maxBytes: MAX_FORM_BYTES, tooLarge: "The form is too large" };

export const NOT_A_FORM = "Send the form as multipart/form-data or application/x-www-form-urlencoded";

const FORM_TYPE = /^\s*(?:multipart\/form-data\s*;.*\bboundary=|application\/x-www-form-urlencoded\s*(?:;|$))/i;

export async function readForm(request: Request, limit: FormLimit = PLAIN_FORM): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  const unreadable = limit.unreadable ?? NOT_A_FORM;
  if (!FORM_TYPE.test(type)) {
    // A post without a body (a button that sends nothing) is an empty form; anything else is the wrong kind.
    if (!request.body || request.headers.get("Content-Length") === "0") return new FormData();
    throw new AppError("unsupported_media_type", unreadable);
  }
  const bytes = await readBodyBytes(request, limit.maxBytes, limit.tooLarge);
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new AppError("bad_request", unreadable);
  }
}

/**
 * The `intent` of a page that takes several forms, which picks the action to run. Read from a copy of the request, so
 * that action reads the body itself; null when it is not a readable form (that action then refuses it in its words).
 */
export async function postedIntent(request: Request): Promise<FormDataEntryValue | null> {
  return readForm(request.clone() as Request).then(
    (form) => form.get("intent"),
    () => null,
  );
}

/**
 * For the small actions outside `formAction`/`confirmAction` (the bell, the resend button): the form, or the 4xx
 * answer with the refusal's words to return instead (never a 500, never a redirect that hides them).
 */
export async function readFormOrRefusal(request: Request) {
  try {
    return await readForm(request);
  } catch (e) {
    const r = refusal(e);
    return data({ ok: false as const, message: r.message }, { status: r.status });
  }
}
