// The worker's side of a HIT's Question, as MTurk shows it, with requester code kept off Coinwork's site
// (docs/decisions/077-questions-from-an-origin-of-their-own.md): the frame on the task page (MTurk's parameters in
// its address: assignmentId, ASSIGNMENT_ID_NOT_AVAILABLE until the worker starts the HIT, hitId, turkSubmitTo, and
// workerId once started), the HTMLQuestion's page served from the question origin (another site: no Coinwork cookie,
// storage or page to reach) only as that frame, from a signed short-lived address, while the HIT is live; and
// /mturk/externalSubmit on Coinwork's origin, where a question's form posts its answer.
import type { Hold } from "../services/slot-returns.server";
import { assignmentOfHold, liveHitQuestionXml, submitQuestionAnswer } from "../services/hit-questions.server";
import { refusal } from "../errors";
import { readForm } from "../http/form.server";
import { SECURITY_HEADERS, PRIVATE_NO_STORE } from "../http/response-headers.server";
import { signStatement, verifiedStatement } from "../auth/session.server";
import { appOrigin, questionOrigin } from "../environment.server";
import { parseQuestion, questionFormAnswers } from "./question.server";
import { SUBMISSION_TEXT_MAX } from "~/lib/schemas/money";
import { QUESTION_POSTED } from "~/lib/hit-question";

export const NOT_AVAILABLE = "ASSIGNMENT_ID_NOT_AVAILABLE";
const SUBMIT_PATH = "/mturk/externalSubmit";
const QUESTION_PATH = /^\/mturk\/question\/([\w-]+)$/;
/** How long a question's address opens it: the task page writes a new one each time it is shown. */
export const ADDRESS_SECONDS = 10 * 60;
const ADDRESS_ISSUER = "coinwork-question";
/** The address's query parameter that carries its signature (the other parameters are MTurk's). */
export const SIGNATURE_PARAM = "signature";

export const NOTHING_HERE = "Nothing is served here but HITs' questions, in their task pages on Coinwork.";
export const FRAME_ONLY = "A HIT's question opens only in its task page on Coinwork.";
export const ADDRESS_EXPIRED = "This question's address has expired. Reload the task page.";
export const HIT_GONE = "This HIT is no longer available.";

export interface QuestionFrame {
  kind: "html" | "external";
  src: string;
  /** the origin the task page's policy lets its frame load (frame-src) */
  origin: string;
  height: number;
}

/** What the task page frames: the question's address (with MTurk's parameters) and height; null for other tasks. */
export async function questionFrame(
  env: Env,
  request: Request,
  taskId: string,
  /** the task's question (hitQuestionXml), read with the rest of the page */
  xml: string | null,
  hold: Pick<Hold, "taskId" | "workerId" | "startedAt"> | null,
): Promise<QuestionFrame | null> {
  if (!xml) return null;
  const question = parseQuestion(xml);
  const submitTo = appOrigin(env, request);
  const assignmentId = hold ? await assignmentOfHold(env, hold) : NOT_AVAILABLE;
  const src =
    question.kind === "html"
      ? new URL(`/mturk/question/${taskId}`, questionOrigin(env, request))
      : new URL(question.url);
  src.searchParams.set("assignmentId", assignmentId);
  src.searchParams.set("hitId", taskId);
  // who the worker is, only once they started: a preview tells the requester nothing of who looks at it
  if (hold) src.searchParams.set("workerId", hold.workerId);
  src.searchParams.set("turkSubmitTo", submitTo);
  if (question.kind === "html") {
    const claims = { assignmentId, submitTo };
    src.searchParams.set(SIGNATURE_PARAM, await signStatement(env, ADDRESS_ISSUER, taskId, claims, ADDRESS_SECONDS));
  }
  return { kind: question.kind, src: src.href, origin: src.origin, height: question.frameHeight };
}

/**
 * The policy of an HTMLQuestion's page: a sandbox without allow-same-origin (its scripts run in an opaque origin, so
 * no question reaches another's storage on the shared question origin), framed only by Coinwork's task page and
 * posting only to Coinwork (externalSubmit), both the `turkSubmitTo` its signed address names. Links may open a new
 * tab; nothing may move the worker's Coinwork tab. Scripts, styles and images may come from any https origin, as
 * MTurk templates load theirs from CDNs.
 */
function questionPolicy(submitTo: string): string {
  return [
    "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox",
    "default-src 'none'",
    "script-src https: 'unsafe-inline'",
    "style-src https: 'unsafe-inline'",
    "img-src https: data:",
    "font-src https: data:",
    "media-src https:",
    "connect-src https:",
    `form-action ${submitTo}`,
    `frame-ancestors ${submitTo}`,
    "base-uri 'none'",
  ].join("; ");
}

/** Every answer's security headers but X-Frame-Options, which cannot name another origin (frame-ancestors does). */
const { "X-Frame-Options": _framedByCoinwork, ...QUESTION_ORIGIN_HEADERS } = SECURITY_HEADERS;

function questionOriginAnswer(body: string, status: number, type: string, policy: string): Response {
  return new Response(body, {
    status,
    headers: {
      ...QUESTION_ORIGIN_HEADERS,
      "Content-Type": type,
      "Content-Security-Policy": policy,
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}

/** A refusal: a line of plain text, nothing that runs. */
const refused = (status: number, words: string) =>
  questionOriginAnswer(words, status, "text/plain; charset=utf-8", "sandbox; default-src 'none'");

/** A form of an MTurk template that posts to MTurk's externalSubmit (live or sandbox). */
function isMturkSubmit(action: string | null): boolean {
  if (!action) return false;
  try {
    const url = new URL(action);
    return url.hostname.endsWith("mturk.com") && url.pathname === SUBMIT_PATH;
  } catch {
    return false;
  }
}

/**
 * Every request to the question origin (workers/app.ts sends them here, never to the app): GET
 * /mturk/question/<HITId> as a frame (`Sec-Fetch-Dest: iframe`) with an address the task page signed in the last
 * ADDRESS_SECONDS, while the HIT is live, answers the HTMLQuestion's page, its MTurk form actions pointed at Coinwork;
 * anything else a line of text.
 */
export async function answerQuestionOrigin(env: Env, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const taskId = request.method === "GET" ? QUESTION_PATH.exec(url.pathname)?.[1] : undefined;
  if (!taskId) return refused(404, NOTHING_HERE);
  if (request.headers.get("Sec-Fetch-Dest") !== "iframe") return refused(403, FRAME_ONLY);
  const signature = url.searchParams.get(SIGNATURE_PARAM);
  const address = signature ? await verifiedStatement(env, signature, ADDRESS_ISSUER, taskId) : null;
  const assignmentId = address?.assignmentId;
  const submitTo = address?.submitTo;
  if (typeof assignmentId !== "string" || typeof submitTo !== "string") return refused(403, ADDRESS_EXPIRED);
  const xml = await liveHitQuestionXml(env, taskId, assignmentId === NOT_AVAILABLE ? null : assignmentId);
  const question = xml ? parseQuestion(xml) : null;
  if (!question || question.kind !== "html") return refused(404, HIT_GONE);
  const submitUrl = `${submitTo}${SUBMIT_PATH}`;
  return new HTMLRewriter()
    .on("form", {
      element(form) {
        if (isMturkSubmit(form.getAttribute("action"))) form.setAttribute("action", submitUrl);
      },
    })
    .on('input[name="assignmentId"]', {
      element(input) {
        if (!input.getAttribute("value")) input.setAttribute("value", assignmentId);
      },
    })
    .transform(questionOriginAnswer(question.html, 200, "text/html; charset=utf-8", questionPolicy(submitTo)));
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The sent page's policy: one script, its own (by the response's nonce), framed only by Coinwork's own task page.
 */
const sentPolicy = (nonce: string) =>
  `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;

/**
 * Where the worker lands after a question's form posts: a page of Coinwork's that says what happened and links to
 * the Task List. In the task page's frame the link opens a new tab, since no click in the frame moves the worker's
 * tab, and the page tells the task page it framed (QUESTION_POSTED, to Coinwork's origin only) that an answer was
 * posted, so the task page reads the worker's state again (docs/decisions/093-a-hit-page-learns-its-work-was-sent.md);
 * a page opened on its own (an ExternalQuestion in a tab of its own) follows its link in place.
 */
function sentPage(env: Env, request: Request, title: string, message: string, status: number): Response {
  const framed = request.headers.get("Sec-Fetch-Dest") === "iframe";
  const target = framed ? ' target="_blank" rel="noopener"' : "";
  const nonce = crypto.randomUUID().replace(/-/g, "");
  const tell = framed
    ? `<script nonce="${nonce}">if (parent !== window) parent.postMessage(${JSON.stringify(QUESTION_POSTED)}, ${JSON.stringify(appOrigin(env, request))});</script>`
    : "";
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)} · Coinwork</title></head>` +
      `<body style="font-family:system-ui,sans-serif;padding:1.5rem;color:#0f172a"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1>` +
      `<p>${escapeHtml(message)}</p><p><a href="/dashboard/tasklist"${target} style="color:#0f766e">Back to the Task List</a></p>${tell}</body></html>`,
    {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": sentPolicy(nonce),
        "X-Frame-Options": "SAMEORIGIN",
        "Cache-Control": PRIVATE_NO_STORE,
      },
    },
  );
}

/**
 * POST /mturk/externalSubmit: the question's answer, authorised by its assignmentId alone (the post comes from the
 * question origin or the requester's own site, with no Coinwork cookie). Every field but assignmentId is an answer;
 * the buyer reads them as "name: value" lines, the requester API as QuestionFormAnswers XML.
 */
export async function externalSubmit(env: Env, request: Request): Promise<Response> {
  try {
    const form = await readForm(request);
    const assignmentId = String(form.get("assignmentId") ?? "");
    const answers: { id: string; text: string }[] = [];
    for (const [name, value] of form)
      if (name !== "assignmentId" && typeof value === "string") answers.push({ id: name, text: value });
    if (!assignmentId || assignmentId === NOT_AVAILABLE)
      return sentPage(env, request, "Not sent", "Start the HIT on Coinwork first: then its form sends your work.", 400);
    if (!answers.length) return sentPage(env, request, "Not sent", "The form sent no answers.", 400);
    const details = answers.map((a) => `${a.id}: ${a.text}`).join("\n");
    await submitQuestionAnswer(
      env,
      assignmentId,
      details.length > SUBMISSION_TEXT_MAX ? `${details.slice(0, SUBMISSION_TEXT_MAX - 1)}…` : details,
      questionFormAnswers(answers),
    );
    return sentPage(
      env,
      request,
      "Your work was sent",
      "The buyer reviews it; you are notified when it is approved or rejected.",
      200,
    );
  } catch (e) {
    const r = refusal(e);
    return sentPage(env, request, "Not sent", r.message, r.status >= 500 ? 500 : r.status);
  }
}
