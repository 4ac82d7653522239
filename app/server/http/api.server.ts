// JSON answers and errors of the REST resource routes ({ error: { code, message, fields? } }), and the input
// validation REST and page actions share (a failed schema is a 422 AppError naming the fields).
import * as v from "valibot";
import type { Language } from "~/lib/i18n/languages";
import { AppError, refusal } from "../errors";

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** A refusal as `{ error: { code, message, fields?, ...extra } }` (a thrown Response passes as it is). */
export function errorResponse(e: unknown): Response {
  if (e instanceof Response) return e;
  const r = refusal(e);
  return json(
    { error: { code: r.code, message: r.message, ...(r.fields ? { fields: r.fields } : {}), ...r.extra } },
    r.status,
  );
}

/** Runs a REST handler and turns any refusal into the JSON error shape. */
export async function api(handler: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await handler();
  } catch (e) {
    return errorResponse(e);
  }
}

/** Field messages of a failed valibot parse, keyed by dotted path. */
export function fieldErrors(issues: v.BaseIssue<unknown>[]): Record<string, string[]> {
  const flat = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]);
  const fields: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(flat.nested ?? {})) if (msgs) fields[k] = msgs;
  if (flat.root) fields._ = flat.root;
  return fields;
}

/**
 * `input` as `schema` reads it, or a 422 naming the fields: in English for REST, in `language` for a page action
 * (the schemas' messages follow valibot's `lang`, app/lib/i18n/validation.ts).
 */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, language?: Language): v.InferOutput<S> {
  const result = v.safeParse(schema, input, language ? { lang: language } : undefined);
  if (!result.success) {
    const fields = fieldErrors(result.issues);
    const first = Object.values(fields)[0]?.[0] ?? "Invalid input";
    throw new AppError("validation_failed", first, fields);
  }
  return result.output;
}

/** The keys an object schema (or a pipe starting with one, however nested) declares; none for other schemas. */
export function declaredKeys(schema: v.GenericSchema): string[] {
  let root: unknown = schema;
  while ((root as { pipe?: unknown[] }).pipe) root = (root as { pipe: unknown[] }).pipe[0];
  return Object.keys((root as { entries?: Record<string, unknown> }).entries ?? {});
}

export function methodNotAllowed(allowed: string[]): Response {
  return json({ error: { code: "method_not_allowed", message: `Use ${allowed.join(", ")}` } }, 405, {
    Allow: allowed.join(", "),
  });
}
