// The server half of the admin pages: the guard, and the one pipeline every admin page
// action runs (guard, read the form, validate with the page's schema, call the service, answer an Outcome).
import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { getEnv } from "../context";
import { requirePageRole } from "../auth/guards.server";
import type { SessionUser } from "../auth/session.server";
import { invalid, refusal, respond } from "./outcome.server";

interface PageArgs {
  context: Readonly<RouterContextProvider>;
  request: Request;
}

/** The signed-in admin and the Worker's bindings (anyone else is redirected). */
export function adminPage({ context, request }: PageArgs): { admin: SessionUser; env: Env } {
  return { admin: requirePageRole(context, request, "Admin"), env: getEnv(context) };
}

/** The title and words of an action's answer (a dialog, a toast or a flash banner). */
export interface Words {
  title: string;
  message?: string;
}

type Refusal = ReturnType<typeof refusal>;

export interface AdminActionPlan<S extends v.GenericSchema<unknown, { intent: string; id: string }>> {
  /** the page's form schema (a variant on `intent`; every form names the row as `id`) */
  schema: S;
  /** what a failure is called; picked from the posted intent, before the form is validated */
  failure: (intent: string) => Words;
  /** calls the service; a thrown AppError becomes a refusal with the service's own words */
  run: (input: v.InferOutput<S>, page: { admin: SessionUser; env: Env }) => Promise<Words>;
  /** where a refusal's words go on the form (by default the fields the service named) */
  refusalFields?: (refused: Refusal, intent: string) => Record<string, string[]> | undefined;
}

/**
 * An admin page action. Invalid forms answer 422 with the schema's messages, refusals the service's status
 * and words (unexpected errors a logged 500 "Something went wrong"); see `respond` for JS vs no-JS.
 */
export async function adminAction<S extends v.GenericSchema<unknown, { intent: string; id: string }>>(
  args: PageArgs,
  plan: AdminActionPlan<S>,
) {
  const page = adminPage(args);
  const { request } = args;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "") || null;
  const failure = plan.failure(intent);
  const parsed = v.safeParse(plan.schema, Object.fromEntries(form));
  if (!parsed.success) {
    const { fields, first } = invalid(parsed.issues);
    return respond(
      request,
      form,
      { ok: false, intent, id, title: failure.title, message: failure.message, detail: first, fields },
      422,
    );
  }
  const input = parsed.output;
  try {
    const success = await plan.run(input, page);
    return respond(request, form, { ok: true, intent, id: input.id, title: success.title, message: success.message });
  } catch (e) {
    const r = refusal(e);
    const fields = plan.refusalFields ? plan.refusalFields(r, intent) : r.fields;
    return respond(
      request,
      form,
      {
        ok: false,
        intent,
        id: input.id,
        title: failure.title,
        message: failure.message,
        detail: r.detail ?? "Something went wrong",
        fields,
      },
      r.status,
    );
  }
}
