// A task's known-answer check (docs/product/quality.md): the fields of Add Task, Update Task and the REST task
// bodies, and the worker's answer. Missing fields leave a task's check as it is; an empty question removes it. Rules
// across fields (an answer for a question, the answer among the choices) are the service's (proof-flags.server.ts).
import * as v from "valibot";
import { said } from "../i18n/validation";

export const CHECK_MATCHES = ["exact", "ignore_case", "choice"] as const;
export type CheckMatch = (typeof CHECK_MATCHES)[number];

/** How each kind of match is named on the form. */
export const CHECK_MATCH_LABELS: Record<CheckMatch, string> = {
  exact: "Exactly this answer",
  ignore_case: "This answer, in any case",
  choice: "One of these choices",
};

export const CHECK_QUESTION_MAX = 300;
export const CHECK_ANSWER_MAX = 200;

const optionalTrimmed = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, said("text.atMost", `At most ${max} characters`, { max }))));

export const checkFields = {
  check_question: optionalTrimmed(CHECK_QUESTION_MAX),
  check_match: v.optional(v.picklist(CHECK_MATCHES, said("check.match", "Choose how the answer is matched"))),
  check_answer: optionalTrimmed(CHECK_ANSWER_MAX),
  /** choice: one choice a line */
  check_choices: optionalTrimmed(1000),
};

export type CheckInput = { [K in keyof typeof checkFields]?: v.InferOutput<(typeof checkFields)[K]> };

/** The worker's answer to a task's check, sent with the proof. */
export const checkAnswerField = { check_answer: optionalTrimmed(CHECK_ANSWER_MAX) };

/** The choices of a `choice` check, as the buyer typed them one a line. */
export const choicesOf = (text: string | null | undefined): string[] =>
  (text ?? "")
    .split("\n")
    .map((c) => c.trim())
    .filter(Boolean);

/** A task's check as a worker's page shows it: the question and the choices, never the expected answer. */
export interface WorkerCheckView {
  question: string;
  match: CheckMatch;
  choices: string[];
}
