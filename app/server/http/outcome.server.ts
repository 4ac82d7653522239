// The answer of an admin page action. With JavaScript (a fetcher marks its form with `_js=1`) the page gets
// the outcome as data and shows a dialog or a toast; without it the browser is sent back to the list
// (Post/Redirect/Get) and the outcome rides along as a flash banner.
import { data } from "react-router";
import * as v from "valibot";
import { AppError } from "../errors";
import { redirectWithFlash } from "./flash.server";

export interface Outcome {
  ok: boolean;
  intent: string;
  id: string | null;
  title: string;
  message?: string;
  /** the service's own words on a refusal (e.g. "The last admin cannot be demoted or removed.") */
  detail?: string;
  fields?: Record<string, string[]>;
}

/** Query parameters of the no-JavaScript confirmation and detail views, dropped when going back. */
export const VIEW_PARAMS = ["confirm", "row", "open"] as const;

export function respond(request: Request, form: FormData, outcome: Outcome, status = outcome.ok ? 200 : 400) {
  if (form.get("_js") === "1") return data(outcome, { status });
  const url = new URL(request.url);
  for (const p of VIEW_PARAMS) url.searchParams.delete(p);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  const text = [outcome.message, outcome.detail].filter(Boolean).join(" ");
  return redirectWithFlash(`${url.pathname}${search ? `?${search}` : ""}`, {
    type: outcome.ok ? "success" : "error",
    title: outcome.title,
    message: text || undefined,
  });
}

/** The HTTP status and words of a refusal; anything unexpected is logged and becomes a 500. */
export function refusal(e: unknown): { status: number; detail: string | undefined; fields?: Record<string, string[]> } {
  if (e instanceof AppError) return { status: e.status, detail: e.message, fields: e.fields };
  console.error(e);
  return { status: 500, detail: undefined };
}

/** Flattens valibot issues into field messages and the first message. */
export function invalid(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) {
  const flat = v.flatten(issues);
  const fields: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(flat.nested ?? {})) if (msgs?.length) fields[k] = msgs;
  const first = flat.root?.[0] ?? Object.values(fields)[0]?.[0] ?? "Invalid Input";
  return { fields, first };
}
