// Checks on proof (docs/product/quality.md): the flags a buyer sees on the review page, none moving coins.
// - Known-answer check: a task may ask a check question whose expected answer only the server reads (task_checks,
//   migrations/0047); the worker's answer is judged when the submission is made and again when it is edited, and a
//   wrong one flags it.
// - Copied proof: the proof image and text compared with the other workers' proof on the same buyer's tasks
//   (copied-proof.server.ts); a near duplicate of an earlier one flags it, naming that submission.
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { jsonColumn, outerColumn } from "../db/sql";
import type { Batch } from "../db/batch.server";
import { proofImages, proofTexts, submissionCheckAnswers, submissions, taskChecks, tasks, users } from "../db/schema";
import { AppError } from "../errors";
import { choicesOf, type CheckInput, type CheckMatch } from "~/lib/schemas/check";
import type { ProofFlags } from "~/lib/proof-flags";

export const CHECK_ANSWER_REQUIRED = "Answer the check question";
export const CHECK_ANSWER_MISSING = "Give the expected answer of the check question";
export const CHECK_CHOICES_NEEDED = "Give at least two choices, one a line";
export const CHECK_ANSWER_NOT_A_CHOICE = "The expected answer must be one of the choices";

function invalid(field: string, message: string): AppError {
  return new AppError("validation_failed", message, { [field]: [message] });
}

/** The task's check as the buyer set it, or null for none; refuses a question without a usable answer. */
function checkOf(input: CheckInput) {
  const question = input.check_question ?? "";
  if (!question) return null;
  const match: CheckMatch = input.check_match ?? "exact";
  const answer = input.check_answer ?? "";
  if (!answer) throw invalid("check_answer", CHECK_ANSWER_MISSING);
  const choices = match === "choice" ? choicesOf(input.check_choices) : [];
  if (match === "choice" && choices.length < 2) throw invalid("check_choices", CHECK_CHOICES_NEEDED);
  if (match === "choice" && !choices.includes(answer)) throw invalid("check_answer", CHECK_ANSWER_NOT_A_CHOICE);
  return { question, match, answer, choices: match === "choice" ? choices.join("\n") : null };
}

/**
 * The statements that set a task's check in the posting's or the update's batch: nothing when the input leaves the
 * check alone (the REST and MTurk updates that do not name it), else the old one removed and the new one written.
 * Call before the batch: a question without an answer is refused here, before any coin moves.
 */
export function checkStatements(taskId: string, input: CheckInput): SQL[] {
  if (input.check_question === undefined) return [];
  const check = checkOf(input);
  const remove = sql`DELETE FROM task_checks WHERE task_id = ${taskId}`;
  if (!check) return [remove];
  return [
    remove,
    sql`INSERT INTO task_checks (task_id, question, match, answer, choices)
      VALUES (${taskId}, ${check.question}, ${check.match}, ${check.answer}, ${check.choices})`,
  ];
}

/** The check's statements (checkStatements) added to a batch as one step, after the task's own. */
export function addCheckSteps(batch: Batch, statements: SQL[], prefix = ""): Batch {
  const [first, ...rest] = statements;
  return first ? batch.step(`${prefix}check`, first, ...rest) : batch;
}

/** The check as the buyer edits it (Update Task), expected answer included: only for the task's buyer. */
export async function taskCheckForBuyer(env: Env, taskId: string) {
  const [row] = await getDb(env).select().from(taskChecks).where(eq(taskChecks.taskId, taskId)).limit(1);
  return row ?? null;
}

/** The check as a worker sees it: the question and the choices, never the expected answer. */
export async function taskCheckForWorker(env: Env, taskId: string) {
  const row = await taskCheckForBuyer(env, taskId);
  return row ? { question: row.question, match: row.match, choices: choicesOf(row.choices) } : null;
}
export type WorkerCheck = NonNullable<Awaited<ReturnType<typeof taskCheckForWorker>>>;

/** Whether `given` answers the check: the same text, the same text in any case, or the right choice. */
function answers(check: { match: CheckMatch; answer: string }, given: string): boolean {
  return check.match === "ignore_case"
    ? given.toLocaleLowerCase("en") === check.answer.toLocaleLowerCase("en")
    : given === check.answer;
}

/**
 * The worker's answer judged against the task's check, before the submission's batch: null when the task has none;
 * refused when it has one and the answer is blank, or not one of the choices.
 */
export async function judgeCheckAnswer(env: Env, taskId: string, answer: string | undefined) {
  const check = await taskCheckForBuyer(env, taskId);
  if (!check) return null;
  const given = (answer ?? "").trim();
  if (!given) throw invalid("check_answer", CHECK_ANSWER_REQUIRED);
  if (check.match === "choice" && !choicesOf(check.choices).includes(given))
    throw invalid("check_answer", CHECK_ANSWER_REQUIRED);
  return { answer: given, correct: answers(check, given) };
}
export type JudgedAnswer = NonNullable<Awaited<ReturnType<typeof judgeCheckAnswer>>>;

/** The judged answer's row, in the submission's batch and only if the submission was made (`when`). */
export function checkAnswerStatement(
  submissionId: string,
  buyerId: string,
  judged: JudgedAnswer,
  now: number,
  when: SQL,
) {
  return sql`INSERT INTO submission_check_answers (submission_id, buyer_id, answer, correct, created_at)
    SELECT ${submissionId}, ${buyerId}, ${judged.answer}, ${judged.correct ? 1 : 0}, ${now} WHERE ${when}`;
}

/**
 * A pending submission's answer judged again after the worker's edit (its batch's step, `when` the edit's guard): the
 * new answer and verdict replace the old, or the old row goes when the task has no check any more.
 */
export function checkAnswerEditStatement(
  submissionId: string,
  buyerId: string,
  judged: JudgedAnswer | null,
  now: number,
  when: SQL,
) {
  if (!judged) return sql`DELETE FROM submission_check_answers WHERE submission_id = ${submissionId} AND ${when}`;
  return sql`INSERT INTO submission_check_answers (submission_id, buyer_id, answer, correct, created_at)
    SELECT ${submissionId}, ${buyerId}, ${judged.answer}, ${judged.correct ? 1 : 0}, ${now} WHERE ${when}
    ON CONFLICT (submission_id) DO UPDATE SET answer = excluded.answer, correct = excluded.correct,
      created_at = excluded.created_at`;
}

/**
 * The task's check as the worker answers it, with the worker's answer to it on this submission (null before they
 * gave one), for their submission's page; null when the task has none. One statement.
 */
export async function checkWithAnswer(env: Env, submissionId: string) {
  const [row] = await getDb(env).all<{
    question: string;
    match: CheckMatch;
    choices: string | null;
    answer: string | null;
  }>(
    sql`SELECT c.question, c.match, c.choices, a.answer FROM ${submissions} s
      JOIN ${taskChecks} c ON c.task_id = s.task_id
      LEFT JOIN ${submissionCheckAnswers} a ON a.submission_id = s.id
      WHERE s.id = ${submissionId}`,
  );
  return row ? { question: row.question, match: row.match, choices: choicesOf(row.choices), answer: row.answer } : null;
}

/**
 * The flags of the outer `submissions` row (a review page's rows are the buyer's own), as two columns of the row's
 * statement: primary-key seeks of its check answer and of its proof's hash. Read them with `proofFlagsOf`.
 */
export function proofFlagColumns() {
  const id = outerColumn(submissions.id);
  return {
    wrongAnswer: jsonColumn<NonNullable<ProofFlags["wrongAnswer"]>>(sql`(
      SELECT json_object('question', c.question, 'given', a.answer, 'expected', c.answer)
      FROM ${submissionCheckAnswers} a JOIN ${taskChecks} c ON c.task_id = ${outerColumn(submissions.taskId)}
      WHERE a.submission_id = ${id} AND a.correct = 0)`),
    copyOf: copyColumn(proofImages, id),
    textCopyOf: copyColumn(proofTexts, id),
  };
}

/**
 * The submission the outer row's image or text copies, as the flag names it (with when that proof first carried it):
 * primary-key seeks.
 */
function copyColumn(table: typeof proofImages | typeof proofTexts, id: SQL) {
  return jsonColumn<NonNullable<ProofFlags["copyOf"]>>(sql`(
    SELECT json_object('submissionId', p.copy_of, 'workerName', u.name, 'taskTitle', t.task_title,
      'createdAt', COALESCE(q.first_at, o.created_at))
    FROM ${table} p
    JOIN ${submissions} o ON o.id = p.copy_of
    LEFT JOIN ${table} q ON q.submission_id = p.copy_of
    JOIN ${users} u ON u.id = o.worker_id
    JOIN ${tasks} t ON t.id = o.task_id
    WHERE p.submission_id = ${id} AND p.copy_of IS NOT NULL)`);
}

/** A row's flags from `proofFlagColumns`, or null when it has none. */
export function proofFlagsOf(row: {
  wrongAnswer: ProofFlags["wrongAnswer"] | null;
  copyOf: ProofFlags["copyOf"] | null;
  textCopyOf: ProofFlags["textCopyOf"] | null;
}): ProofFlags | null {
  if (!row.wrongAnswer && !row.copyOf && !row.textCopyOf) return null;
  return {
    ...(row.wrongAnswer && { wrongAnswer: row.wrongAnswer }),
    ...(row.copyOf && { copyOf: row.copyOf }),
    ...(row.textCopyOf && { textCopyOf: row.textCopyOf }),
  };
}

/**
 * The buyer's pending submissions whose check answer is wrong (those "Reject flagged" rejects), oldest first, at
 * most `limit`, each with its proof's version (`editedAt`, as proofVersion reads it): the buyer's pending submissions
 * (submissions_buyer_status_idx; as many as their open work) each joined to its answer by primary key, so answers of
 * work reviewed long ago are never read.
 */
export async function wrongAnswerPending(env: Env, buyerId: string, limit: number) {
  return getDb(env).all<{ id: string; editedAt: number | null }>(sql`
    SELECT s.id, s.edited_at AS editedAt FROM ${submissions} s
    CROSS JOIN ${submissionCheckAnswers} a ON a.submission_id = s.id
    WHERE s.buyer_id = ${buyerId} AND s.status = 'pending' AND a.correct = 0
    ORDER BY s.created_at LIMIT ${limit}`);
}
