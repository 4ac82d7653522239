// The one reader of a posted form (page actions, and the REST upload): the declared size is checked before the
// body is buffered (request.formData() holds all of it in memory), and a body that is not a form is a 400.
import { AppError } from "../errors";

/** Plain forms are small: a few fields of text. */
export const MAX_FORM_BYTES = 64 * 1024;

export interface FormLimit {
  maxBytes: number;
  /** the words of a 413 */
  tooLarge: string;
  /** the words of a 400 for a body that is not a form */
  unreadable?: string;
}

const PLAIN_FORM: FormLimit = { maxBytes: MAX_FORM_BYTES, tooLarge: "The form is too large" };

export async function readForm(request: Request, limit: FormLimit = PLAIN_FORM): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit.maxBytes) throw new AppError("payload_too_large", limit.tooLarge);
  try {
    return await request.formData();
  } catch {
    throw new AppError("bad_request", limit.unreadable ?? "Send the form as multipart/form-data or urlencoded");
  }
}
