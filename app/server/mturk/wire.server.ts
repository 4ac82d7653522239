// The MTurk Requester API's wire (AWS JSON 1.1): JSON answers and errors shaped as MTurk's, so the AWS SDKs raise
// their usual error classes (RequestError, ServiceFault, and AWS's signature errors).
import { AppError } from "../errors";

export const CONTENT_TYPE = "application/x-amz-json-1.1";
export const TARGET_PREFIX = "MTurkRequesterServiceV20170117.";

/** A refusal in MTurk's words: `__type` is the SDK's error class, `TurkErrorCode` MTurk's code when it has one. */
export class MturkError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly turkErrorCode?: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** A RequestError: the request cannot be done as asked (bad input, not found, not allowed, a rule of Coinwork). */
export const requestError = (message: string, turkErrorCode = "AWS.MechanicalTurk.InvalidParameterValue") =>
  new MturkError("RequestError", message, turkErrorCode);

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": CONTENT_TYPE } });
}

export const answer = (body: unknown) => json(body);

/** The turk code of a Coinwork refusal: MTurk names few, so most are the generic one of their kind. */
const TURK_CODES: Partial<Record<AppError["code"], string>> = {
  not_found: "AWS.MechanicalTurk.ResourceNotFound",
  forbidden: "AWS.MechanicalTurk.PermissionDenied",
  conflict: "AWS.MechanicalTurk.InvalidState",
  insufficient_coins: "AWS.MechanicalTurk.InsufficientFunds",
  coins_owed: "AWS.MechanicalTurk.InsufficientFunds",
  validation_failed: "AWS.MechanicalTurk.InvalidParameterValue",
  bad_request: "AWS.MechanicalTurk.InvalidParameterValue",
  payload_too_large: "AWS.MechanicalTurk.InvalidParameterValue",
};

/** Any failure as MTurk answers it: ours are RequestErrors; anything unexpected is a ServiceFault without details. */
export function errorAnswer(e: unknown): Response {
  if (e instanceof MturkError) {
    const body: Record<string, string> = { __type: e.type, Message: e.message };
    if (e.turkErrorCode) body.TurkErrorCode = e.turkErrorCode;
    return json(body, e.status);
  }
  if (e instanceof AppError && e.status < 500) {
    const detail = e.fields ? Object.values(e.fields).flat()[0] : undefined;
    return json(
      {
        __type: "RequestError",
        Message: detail && detail !== e.message ? `${e.message}: ${detail}` : e.message,
        TurkErrorCode: TURK_CODES[e.code] ?? "AWS.MechanicalTurk.InvalidParameterValue",
      },
      400,
    );
  }
  // our own fault, said plainly: the server has no MTURK_KEY_SECRET, so no signature can be checked (fails closed)
  if (e instanceof AppError && e.code === "keys_unavailable")
    return json({ __type: "ServiceFault", Message: e.message }, e.status);
  console.error("mturk: service fault", e);
  return json({ __type: "ServiceFault", Message: "The request could not be completed. Try again later." }, 500);
}
