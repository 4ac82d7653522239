// Qualifications' forms and REST shapes (docs/product/quality.md): a definition, a test's questions with their key, a
// worker's answers, a hand grant, a task's requirement. The pages and the REST routes use the same fields and words.
import * as v from "valibot";
import { said } from "../i18n/validation";
import { id, paging } from "./api";
import { requiredText, wholeNumber } from "./fields";
import { MAX_CHOICES, MAX_QUESTIONS, MIN_CHOICES } from "../qualifications";

export const QUALIFICATION_NAME_REQUIRED = "Name the qualification";
export const QUALIFICATION_DESCRIPTION_REQUIRED = "Say what the qualification shows";
export const RETAKE_HOURS = "Retake wait: a whole number of hours from 0 to 8760";
export const PROMPT_REQUIRED = "Write the question";
export const CHOICES_RULE = `Give ${MIN_CHOICES} to ${MAX_CHOICES} choices, one a line`;
export const ANSWER_RULE = "The right choice: the number of one of the choices";
export const TOO_MANY_QUESTIONS = `A test has at most ${MAX_QUESTIONS} questions`;
export const SCORE_RULE = "Score: a whole number from 0 to 100";

const name = requiredText(said("qualification.nameRequired", QUALIFICATION_NAME_REQUIRED), 80);
const description = requiredText(said("qualification.descriptionRequired", QUALIFICATION_DESCRIPTION_REQUIRED), 500);
const retakeHoursRule = said("qualification.retakeHours", RETAKE_HOURS);
const retakeHours = wholeNumber(retakeHoursRule, 0, retakeHoursRule, 8760);
const scoreRule = said("qualification.score", SCORE_RULE);
export const score = wholeNumber(scoreRule, 0, scoreRule, 100);
const choicesRule = said("qualification.choices", CHOICES_RULE, { min: MIN_CHOICES, max: MAX_CHOICES });
const answerRule = said("qualification.answer", ANSWER_RULE);
const promptRequired = said("qualification.promptRequired", PROMPT_REQUIRED);

/** Create or change a definition (the page's form and the REST bodies). */
export const qualificationFormSchema = v.object({ name, description, retake_hours: retakeHours });
export type QualificationInput = v.InferOutput<typeof qualificationFormSchema>;

const choice = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(choicesRule),
  v.maxLength(200, said("qualification.choiceTooLong", "A choice: at most 200 characters", { max: 200 })),
);
const choiceList = v.pipe(
  v.array(choice, choicesRule),
  v.minLength(MIN_CHOICES, choicesRule),
  v.maxLength(MAX_CHOICES, choicesRule),
);
const answer = wholeNumber(answerRule, 1, answerRule, MAX_CHOICES);

/** A question with its key: the choices and the number (1 for the first) of the right one. */
export const questionSchema = v.pipe(
  v.object({ prompt: requiredText(promptRequired, 500), choices: choiceList, answer }),
  v.forward(
    v.check((q) => q.answer <= q.choices.length, answerRule),
    ["answer"],
  ),
);
export type QuestionInput = v.InferOutput<typeof questionSchema>;

/** The page's "Add a question": the choices typed one a line in a text area. */
export const questionFormSchema = v.pipe(
  v.object({
    prompt: requiredText(promptRequired, 500),
    choices: v.pipe(
      requiredText(choicesRule, MAX_CHOICES * 210),
      v.transform((text) =>
        text
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      ),
      choiceList,
    ),
    answer,
  }),
  v.forward(
    v.check((q) => q.answer <= q.choices.length, answerRule),
    ["answer"],
  ),
);

/** A worker's answers: the number of the chosen choice per question id. */
export const answersSchema = v.object({
  answers: v.pipe(
    v.optional(v.record(id("question id"), answer), {}),
    v.transform((a) => a ?? {}),
  ),
});

/** The test page's form: a radio group per question, named `answer-<question id>`. */
export const ANSWER_FIELD = "answer-";
export const answersFormSchema = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform((fields) => ({
    answers: Object.fromEntries(
      Object.entries(fields)
        .filter(([name]) => name.startsWith(ANSWER_FIELD))
        .map(([name, choice]) => [name.slice(ANSWER_FIELD.length), choice]),
    ),
  })),
  answersSchema,
);

// ---------------------------------------------------------------- REST

/** GET /qualifications: the buyer's definitions, newest first. */
export const qualificationsQuery = v.object({ ...paging });
/** POST /qualifications: a definition, with a test when `questions` has any. */
export const qualificationBody = v.object({
  ...qualificationFormSchema.entries,
  questions: v.optional(v.pipe(v.array(questionSchema), v.maxLength(MAX_QUESTIONS, TOO_MANY_QUESTIONS))),
});
/** PATCH /qualifications: change a definition; `questions` (when given) replaces the whole test, [] removes it. */
export const qualificationPatchBody = v.object({
  qualification_id: id("qualification_id"),
  ...qualificationBody.entries,
});
/** DELETE /qualifications?qualification_id=: delete a definition. */
export const qualificationQuery = v.object({ qualification_id: id("qualification_id") });

const questionWire = v.strictObject({ _id: v.string(), prompt: v.string(), choices: v.array(v.string()) });
export const qualificationWireSchema = v.strictObject({
  _id: v.string(),
  name: v.string(),
  description: v.string(),
  retake_hours: v.number(),
  holders: v.number(),
  created_at: v.string(),
  /** the owner's view: each question with its key */
  questions: v.array(v.strictObject({ ...questionWire.entries, answer: v.number() })),
});

/** GET /qualification-grants: a buyer's holders of one qualification, or the worker's own. */
export const grantsQuery = v.object({ qualification_id: v.optional(id("qualification_id")), ...paging });
/** POST /qualification-grants: grant by hand (score 100 unless given). */
export const grantBody = v.object({
  qualification_id: id("qualification_id"),
  worker_id: id("worker_id"),
  score: v.optional(score),
});
/** DELETE /qualification-grants?qualification_id=&worker_id=: revoke. */
export const grantQuery = v.object({ qualification_id: id("qualification_id"), worker_id: id("worker_id") });
export const grantWireSchema = v.strictObject({
  qualification_id: v.string(),
  qualification_name: v.string(),
  worker_id: v.string(),
  worker_name: v.string(),
  score: v.number(),
  source: v.picklist(["hand", "test"]),
  granted_at: v.string(),
});

/** GET /qualification-tests: the tests a worker can take, newest first (one with `qualification_id`). */
export const testsQuery = v.object({ qualification_id: v.optional(id("qualification_id")), ...paging });
/** POST /qualification-tests: the answers, graded on the server. */
export const testAnswersBody = v.object({ qualification_id: id("qualification_id"), ...answersSchema.entries });
export const testWireSchema = v.strictObject({
  qualification_id: v.string(),
  name: v.string(),
  description: v.string(),
  buyer_name: v.string(),
  retake_hours: v.number(),
  /** the questions without their key */
  questions: v.array(questionWire),
  your_score: v.nullable(v.number()),
  next_attempt_at: v.nullable(v.string()),
});
export const testResultWireSchema = v.strictObject({
  qualification_id: v.string(),
  score: v.number(),
  next_attempt_at: v.string(),
});
