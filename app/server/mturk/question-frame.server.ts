// The worker's side of a HIT's Question, as MTurk shows it: the frame on the task page (with assignmentId, hitId,
// workerId and turkSubmitTo in its address; ASSIGNMENT_ID_NOT_AVAILABLE until the worker starts the HIT), the
// HTMLQuestion page served from /mturk/question/<HITId> in a sandbox of its own (an opaque origin: no Coinwork
// cookie, storage or page to reach), and /mturk/externalSubmit, where the question's form posts its answer.
import type { Hold } from "../services/slot-returns.server";
import { assignmentOfHold, hitQuestionXml, submitQuestionAnswer } from "../services/hit-questions.server";
import { refusal } from "../errors";
import { readForm } from "../http/form.server";
import { appOrigin } from "../environment.server";
import { parseQuestion, questionFormAnswers } from "./question.server";
import { SUBMISSION_TEXT_MAX } from "~/lib/schemas/money";

export const NOT_AVAILABLE = "ASSIGNMENT_ID_NOT_AVAILABLE";
const SUBMIT_PATH = "/mturk/externalSubmit";

/** What the task page frames: the question's address (with MTurk's parameters) and height; null for other tasks. */
export async function questionFrame(
  env: Env,
  request: Request,
  taskId: string,
  /** the task's question (hitQuestionXml), read with the rest of the page */
  xml: string | null,
  workerId: string,
  hold: Pick<Hold, "taskId" | "workerId" | "startedAt"> | null,
): Promise<{ kind: "html" | "external"; src: string; height: number } | null> {
  if (!xml) return null;
  const question = parseQuestion(xml);
  const origin = appOrigin(env, request);
  const params = new URLSearchParams({
    assignmentId: hold ? await assignmentOfHold(env, hold) : NOT_AVAILABLE,
    hitId: taskId,
    workerId,
    turkSubmitTo: origin,
  });
  const base = question.kind === "html" ? new URL(`/mturk/question/${taskId}`, origin) : new URL(question.url);
  for (const [k, v] of params) base.searchParams.set(k, v);
  return { kind: question.kind, src: base.href, height: question.frameHeight };
}

/**
 * The policy of every page served in the question's frame: a sandbox without allow-same-origin (so its scripts
 * run in an opaque origin), framed only by Coinwork's own pages, posting only to Coinwork (externalSubmit).
 * Scripts, styles and images may come from any https origin, as MTurk templates load theirs from CDNs.
 */
const FRAME_POLICY = [
  "sandbox allow-scripts allow-forms allow-popups allow-top-navigation-by-user-activation",
  "default-src 'none'",
  "script-src https: 'unsafe-inline'",
  "style-src https: 'unsafe-inline'",
  "img-src https: data:",
  "font-src https: data:",
  "media-src https:",
  "connect-src https:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join("; ");

function framePage(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": FRAME_POLICY,
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "private, no-store",
    },
  });
}

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

/** GET /mturk/question/<HITId>: the HTMLQuestion's page, its MTurk form actions pointed at Coinwork. */
export async function serveQuestion(env: Env, request: Request, taskId: string): Promise<Response> {
  const xml = await hitQuestionXml(env, taskId);
  const question = xml ? parseQuestion(xml) : null;
  if (!question || question.kind !== "html") return framePage("<p>No such question.</p>", 404);
  const url = new URL(request.url);
  const assignmentId = url.searchParams.get("assignmentId") ?? NOT_AVAILABLE;
  const submitTo = `${appOrigin(env, request)}${SUBMIT_PATH}`;
  return new HTMLRewriter()
    .on("form", {
      element(form) {
        if (isMturkSubmit(form.getAttribute("action"))) form.setAttribute("action", submitTo);
      },
    })
    .on('input[name="assignmentId"]', {
      element(input) {
        if (!input.getAttribute("value")) input.setAttribute("value", assignmentId);
      },
    })
    .transform(framePage(question.html));
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function sentPage(title: string, message: string, status: number): Response {
  return framePage(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;padding:1.5rem;color:#0f172a"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1>` +
      `<p>${escapeHtml(message)}</p><p><a href="/dashboard/mysubmissions" target="_top">Go to My Submissions</a></p></body></html>`,
    status,
  );
}

/**
 * POST /mturk/externalSubmit: the question's answer, authorised by its assignmentId (the frame sends no cookie).
 * Every field but assignmentId is an answer; the buyer reads them as "name: value" lines, the requester API as
 * QuestionFormAnswers XML.
 */
export async function externalSubmit(env: Env, request: Request): Promise<Response> {
  try {
    const form = await readForm(request);
    const assignmentId = String(form.get("assignmentId") ?? "");
    const answers: { id: string; text: string }[] = [];
    for (const [name, value] of form)
      if (name !== "assignmentId" && typeof value === "string") answers.push({ id: name, text: value });
    if (!assignmentId || assignmentId === NOT_AVAILABLE)
      return sentPage("Not sent", "Start the HIT on Coinwork first: then its form sends your work.", 400);
    if (!answers.length) return sentPage("Not sent", "The form sent no answers.", 400);
    const details = answers.map((a) => `${a.id}: ${a.text}`).join("\n");
    await submitQuestionAnswer(
      env,
      assignmentId,
      details.length > SUBMISSION_TEXT_MAX ? `${details.slice(0, SUBMISSION_TEXT_MAX - 1)}…` : details,
      questionFormAnswers(answers),
    );
    return sentPage(
      "Your work was sent",
      "The buyer reviews it; you are notified when it is approved or rejected.",
      200,
    );
  } catch (e) {
    const r = refusal(e);
    return sentPage("Not sent", r.message, r.status >= 500 ? 500 : r.status);
  }
}
