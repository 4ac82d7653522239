// The one way a page answers a post, for every page (buyer, worker, admin and the public forms):
//   who    the caller, read from the router context a layout's middleware filled (`buyerUser`, `adminUser`, …):
//          the role was checked there and is not checked again here
//   limit  the checks that need no form (`before`: rate limits; uploads are rate limited per caller) run first,
//          so a refused caller costs no body read and no stored image
//   read   the form through `readForm` (bounded, 413 at the limit; multipart with an image for uploads); a body that
//          is not a form is a 4xx with words, whether or not the page has JavaScript
//   parse  with the page's valibot schema: plainly for a confirmed action (`confirmAction`: intent and row), through
//          conform for a form (`formAction`), so field errors come back as `submission.reply()`
//   run    the service; an uploaded image is stored first and deleted again if the service refuses or throws
//   answer with JavaScript (the ENHANCED_FIELD marker present) the Outcome as data for the page (a dialog, a toast,
//          inline errors); without it Post/Redirect/Get with a flash, or for a form the page again with its errors.
// Failures become words through `refusalIn()` (app/server/errors.ts), as REST's JSON errors do through `refusal()`,
// and the form is parsed in the request's language: what a page answers is in the person's language, REST's English
// (docs/decisions/106-validation-and-refusals-in-two-languages.md).
import { parseWithValibot } from "@conform-to/valibot";
import { data, type RouterContextProvider } from "react-router";
import type * as v from "valibot";
import { getEnv } from "../context";
import { refusalIn, type Refusal } from "../errors";
import { ImageRefused, rateLimitUploads, UPLOAD_LIMIT, withUploadedImage } from "../services/images.server";
import { declaredKeys, validate } from "./api.server";
import { redirectWithFlash } from "./flash.server";
import { readForm } from "./form.server";
import { pageBehind } from "./redirect.server";
import { requestLanguage } from "./language.server";
import type { Language } from "~/lib/i18n/languages";
import { serverWords } from "~/lib/i18n/words.server";
import {
  isEnhanced,
  outcomeText,
  REVIEW_STEP,
  STEP_FIELD,
  VIEW_PARAMS,
  type FormOutcome,
  type Outcome,
} from "~/lib/enhanced";

export interface PageArgs {
  context: Readonly<RouterContextProvider>;
  request: Request;
}

/** The title and words of an answer (a dialog, a toast, a flash banner, a form's failure box). */
export interface Words {
  title: string;
  message?: string;
  /** a refusal's own words, shown after `message` */
  detail?: string;
}

/** The words of a failure, and (optionally) where they show on the form instead of the refusal's own fields. */
export interface Failure extends Words {
  fields?: Record<string, string[]>;
}

/** A success, and where a plain post goes afterwards (default: back to this page without its no-JS view). */
export interface Done extends Words {
  to?: string;
  /** Set-Cookie values the answer carries either way (a password change's new session) */
  cookies?: string[];
}

type Who<U> = (context: Readonly<RouterContextProvider>) => U;

export interface ActionContext<U> {
  user: U;
  env: Env;
  request: Request;
}

/** The language a page's answer is written in: the caller's account's, or a visitor's (the public forms). */
function answerLanguage(request: Request, user: unknown): Language {
  const person = user && typeof user === "object" && "language" in user ? (user as { language: Language }) : null;
  return requestLanguage(request, person);
}

/** This page without its no-JavaScript view (nor React Router's ?index, ?_routes): where Post/Redirect/Get returns to. */
export function backTo(request: Request): string {
  return pageBehind(request, VIEW_PARAMS);
}

/**
 * The answer to a confirmed action: the outcome as data for a script, or a redirect with a flash (to `to`, where
 * the action leaves this page behind, e.g. the row it showed is gone).
 */
function answer(request: Request, form: FormData, outcome: Outcome, status: number, to?: string) {
  if (isEnhanced(form)) return data(outcome, { status });
  return redirectWithFlash(to ?? backTo(request), {
    type: outcome.ok ? "success" : "error",
    title: outcome.title,
    message: outcomeText(outcome),
  });
}

/** A refusal's field messages; a schema's root message ("_") has no field and is in the refusal's words instead. */
function fieldsOf(r: Refusal): Record<string, string[]> | undefined {
  if (!r.fields) return undefined;
  const { _: _root, ...fields } = r.fields;
  return Object.keys(fields).length ? fields : undefined;
}

/**
 * What a confirmed action did. An action on several rows (approve the selected) answers even when some or all
 * were refused: `ok` false when none went through, `extra` each row's outcome (for the page's script; a plain
 * post's flash carries the words only).
 */
export interface Confirmed extends Words {
  ok?: boolean;
  extra?: Record<string, unknown>;
  /** where a plain post goes afterwards, when not back to this page (a script gets it in `extra.to`) */
  to?: string;
}

export interface ConfirmPlan<S extends v.GenericSchema<unknown, { intent: string }>, U> {
  /** the caller, e.g. `adminUser` (a confirmed action is always a signed-in role's) */
  user: Who<U>;
  /** the form: a variant on `intent`, naming the row as `id` where there is one (several rows: a `lists` field) */
  schema: S;
  /** fields posted once per value (the ids of selected rows): always read as arrays */
  lists?: string[];
  /** the words of a failure, from the intent as posted (before it is validated) and the refusal */
  failure: (intent: string, refused: Refusal) => Failure;
  /** the words of an unexpected failure (a bug), instead of "Something went wrong" */
  unexpected?: string;
  /** calls the service; a thrown AppError is a refusal with the service's own words (the outcome's `detail`) */
  run: (input: v.InferOutput<S>, ctx: ActionContext<U>) => Promise<Confirmed>;
}

/**
 * A confirmed action (approve, reject, delete, remove, change a role, adjust coins, mark read): invalid input is a
 * 422 with the schema's words, a refusal has the service's status and words, and the answer is data for a script
 * or Post/Redirect/Get with a flash (success and failure alike).
 */
export async function confirmAction<S extends v.GenericSchema<unknown, { intent: string }>, U>(
  args: PageArgs,
  plan: ConfirmPlan<S, U>,
) {
  const { context, request } = args;
  const ctx: ActionContext<U> = { user: plan.user(context), env: getEnv(context), request };
  const language = answerLanguage(request, ctx.user);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (e) {
    // Not a form a page of ours sent (the wrong kind, too large): words and a 4xx, never a redirect that hides them.
    const r = refusalIn(language, e, plan.unexpected);
    return data<Outcome>({ ok: false, ...plan.failure("", r), detail: r.message, code: r.code }, { status: r.status });
  }
  try {
    const fields: Record<string, unknown> = Object.fromEntries(form);
    for (const name of plan.lists ?? []) fields[name] = form.getAll(name);
    const input = validate(plan.schema, fields, language);
    const { to, ...done } = await plan.run(input, ctx);
    const outcome: Outcome = { ok: true, ...done, extra: to ? { ...done.extra, to } : done.extra };
    return answer(request, form, outcome, 200, to);
  } catch (e) {
    if (e instanceof Response) throw e;
    const r = refusalIn(language, e, plan.unexpected);
    const failure = plan.failure(String(form.get("intent") ?? ""), r);
    const outcome: Outcome = { ok: false, detail: r.message, ...failure, code: r.code };
    outcome.fields = failure.fields ?? fieldsOf(r);
    return answer(request, form, outcome, r.status);
  }
}

export interface FormPlan<S extends v.GenericSchema, U> {
  /** the caller, e.g. `workerUser`; the public forms (login, register, contact) have none */
  user?: Who<U>;
  /** checks that need no form (a rate limit), run before the body is read; a refusal answers with `failure` */
  before?: (ctx: ActionContext<U>) => Promise<void>;
  /** the conform schema the browser validates with too (or made from the caller, e.g. their balance) */
  schema: S | ((user: U) => S);
  /** the words of a refused or invalid submission (the form's failure box and toast) */
  failure: (refused: Refusal) => Words;
  /** the words of an unexpected failure (a bug), instead of "Something went wrong" */
  unexpected?: string;
  /**
   * A multipart form with an optional image in the field `image`: checked and stored before `run` (which gets its
   * URL), deleted if `run` fails. A refused image answers with these words, and its reason under the picker.
   */
  upload?: { failure: (refused: Refusal) => Words; unexpected?: string };
  /** fields never sent back to the browser (a password) */
  hideFields?: string[];
  /**
   * A form checked before it is sent: a post whose STEP_FIELD is REVIEW_STEP is validated (its image stored) and
   * answered with what `review` returns, for the page to show with a button that sends it; `run` is not called.
   * A refusal here (e.g. the task no longer takes work) answers as `run`'s would.
   */
  review?: (
    input: v.InferOutput<S>,
    ctx: ActionContext<U> & { image: string | null },
  ) => Promise<Record<string, unknown>>;
  /** calls the service: a success (flashed, or data with JavaScript), or an answer of its own (a sign-in redirect) */
  run: (input: v.InferOutput<S>, ctx: ActionContext<U> & { image: string | null }) => Promise<Done | Response>;
}

/**
 * A conform form (add and update a task, withdraw, submit work, register, login, contact, …). Invalid input (422)
 * and refusals answer the page again with the fields' errors and the failure's words; a success redirects with a
 * flash, or with JavaScript (the form carries the marker) answers the outcome as data for the page's dialog.
 */
export async function formAction<S extends v.GenericSchema, U = null>(args: PageArgs, plan: FormPlan<S, U>) {
  const { context, request } = args;
  const user = (plan.user ? plan.user(context) : null) as U;
  const env = getEnv(context);
  const language = answerLanguage(request, user);
  const refused = (words: Words, r: Refusal, extra: Partial<FormOutcome>) =>
    data<FormOutcome>(
      { ok: false, ...words, code: r.code, invalid: false, result: null, ...extra },
      { status: r.status },
    );

  try {
    await plan.before?.({ user, env, request });
    if (plan.upload) await rateLimitUploads(env, request, (user as { id?: string } | null)?.id ?? null);
  } catch (e) {
    const r = refusalIn(language, e, plan.unexpected);
    return refused(plan.failure(r), r, {});
  }
  let form: FormData;
  try {
    form = await readForm(request, plan.upload ? UPLOAD_LIMIT : undefined);
  } catch (e) {
    const r = refusalIn(language, e, plan.upload?.unexpected ?? plan.unexpected);
    return refused((plan.upload ?? plan).failure(r), r, plan.upload ? { fields: { image: [r.message] } } : {});
  }
  const schema = typeof plan.schema === "function" ? plan.schema(user) : plan.schema;
  // A field left out of the post reads as left empty, so it gets its own message rather than valibot's "Invalid key".
  for (const key of declaredKeys(schema)) if (!form.has(key)) form.set(key, "");
  const submission = parseWithValibot(form, { schema, info: { lang: language } });
  const { hideFields } = plan;
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? serverWords(language, "common")("checkTheForm");
    const r: Refusal = { status: 422, code: "validation_failed", message: first };
    return refused(plan.failure(r), r, { invalid: true, result: submission.reply({ hideFields }) });
  }

  const review = form.get(STEP_FIELD) === REVIEW_STEP ? plan.review : undefined;
  try {
    const done = await withUploadedImage(env, plan.upload ? form.get("image") : null, async (image) =>
      review
        ? { review: await review(submission.value, { user, env, request, image }) }
        : plan.run(submission.value, { user, env, request, image }),
    );
    if (done instanceof Response) return done;
    if ("review" in done) {
      // the same page again, with and without JavaScript: it shows what will be sent and the button that sends it
      return data<FormOutcome>({
        ok: true,
        title: "",
        invalid: false,
        review: done.review,
        result: submission.reply(),
      });
    }
    const { to, cookies = [], ...words } = done;
    const headers = cookies.map((c): [string, string] => ["Set-Cookie", c]);
    if (isEnhanced(form)) {
      return data<FormOutcome>(
        { ok: true, ...words, invalid: false, result: submission.reply({ resetForm: true }) },
        { headers },
      );
    }
    return redirectWithFlash(
      to ?? backTo(request),
      { type: "success", title: words.title, message: outcomeText(words) },
      headers,
    );
  } catch (e) {
    if (e instanceof Response) throw e;
    if (e instanceof ImageRefused && plan.upload) {
      const r = refusalIn(language, e.reason, plan.upload.unexpected);
      const fields = { image: [r.message] };
      return refused(plan.upload.failure(r), r, {
        fields,
        result: submission.reply({ fieldErrors: fields, hideFields }),
      });
    }
    const r = refusalIn(language, e, plan.unexpected);
    const words = plan.failure(r);
    const fields = fieldsOf(r);
    const formErrors = fields ? undefined : [outcomeText(words) ?? words.title];
    return refused(words, r, {
      fields,
      extra: r.extra,
      result: submission.reply({ fieldErrors: fields, formErrors, hideFields }),
    });
  }
}
