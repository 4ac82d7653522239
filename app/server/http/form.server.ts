// Page actions: parse a form with the same valibot schema the browser uses (through conform).
import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";
import { AppError } from "../errors";

export function parseForm<S extends v.GenericSchema>(formData: FormData, schema: S) {
  return parseWithValibot(formData, { schema });
}

/** The message a page shows for a refusal; unexpected errors become `fallback` and are logged. */
export function messageOf(e: unknown, fallback: string): string {
  if (e instanceof AppError) return e.message;
  console.error(e);
  return fallback;
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
