// Checks on proof (docs/product/quality.md): two flags a buyer sees on the review page, neither moving coins.
// - Known-answer check: a task may ask a check question whose expected answer only the server reads (task_checks,
//   migrations/0047); the worker's answer is judged when the submission is made, and a wrong one flags it.
// - Copied proof: a stored proof image's perceptual hash (proof-hash.server.ts) is compared with the other workers'
//   proof on the same buyer's tasks of the last COPY_WINDOW_DAYS; a near duplicate flags it, naming the other
//   submission (proof_hashes, migrations/0048; docs/decisions/047-copied-proof-by-perceptual-hash.md).
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { jsonColumn, outerColumn } from "../db/sql";
import type { Batch } from "../db/batch.server";
import { proofHashes, submissionCheckAnswers, submissions, taskChecks, tasks, users } from "../db/schema";
import { AppError } from "../errors";
import { choicesOf, type CheckInput, type CheckMatch } from "~/lib/schemas/check";
import { IMAGE_PATH } from "~/lib/schemas/fields";
import type { ProofFlags } from "~/lib/proof-flags";
import { hammingDistance, hashBands, perceptualHash } from "./proof-hash.server";

export const CHECK_ANSWER_REQUIRED = "Answer the check question";
export const CHECK_ANSWER_MISSING = "Give the expected answer of the check question";
export const CHECK_CHOICES_NEEDED = "Give at least two choices, one a line";
export const CHECK_ANSWER_NOT_A_CHOICE = "The expected answer must be one of the choices";

/** Two proof images at most this many bits apart (of 64) are near duplicates. */
export const NEAR_DUPLICATE_BITS = 3;
/** How far back a proof image is compared. */
export const COPY_WINDOW_DAYS = 90;

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
 * Hashes a submission's proof image (after the submission or its edit is stored) and records it with the other
 * worker's submission it nearly duplicates, if any. An image the hash cannot read (a GIF, an outside URL) is not
 * recorded, and a failure here never undoes the submission: it is logged.
 */
export async function recordProofHash(
  env: Env,
  s: { id: string; buyerId: string; workerId: string; submissionImageUrl: string | null },
  now = Date.now(),
): Promise<void> {
  try {
    const key = IMAGE_PATH.exec(s.submissionImageUrl ?? "")?.[1]?.slice("/images/".length);
    if (!key) return void (await deleteProofHash(env, s.id));
    const object = await env.IMAGES.get(key);
    const hash = object ? await perceptualHash(new Uint8Array(await object.arrayBuffer())) : null;
    if (!hash) return void (await deleteProofHash(env, s.id));
    const copy = await nearDuplicate(env, s, hash, now);
    const [band0, band1, band2, band3] = hashBands(hash);
    const row = { buyerId: s.buyerId, workerId: s.workerId, hash, band0, band1, band2, band3, createdAt: now };
    await getDb(env)
      .insert(proofHashes)
      .values({ submissionId: s.id, ...row, copyOf: copy })
      .onConflictDoUpdate({ target: proofHashes.submissionId, set: { ...row, copyOf: copy } });
  } catch (e) {
    console.error("The proof image's hash was not recorded", e);
  }
}

function deleteProofHash(env: Env, submissionId: string) {
  return getDb(env).delete(proofHashes).where(eq(proofHashes.submissionId, submissionId));
}

/**
 * The closest other worker's proof on this buyer's tasks of the last COPY_WINDOW_DAYS within NEAR_DUPLICATE_BITS,
 * or null. Two hashes that far apart share at least one of their four 16-bit bands (three differing bits touch at
 * most three bands), so the candidates are the rows sharing a band: four lookups of the band indexes
 * (buyer, band, created_at), whose cost follows the matches, not the images stored. Each candidate's whole hash is
 * then compared.
 */
async function nearDuplicate(
  env: Env,
  s: { id: string; buyerId: string; workerId: string },
  hash: string,
  now: number,
): Promise<string | null> {
  const since = now - COPY_WINDOW_DAYS * 86_400_000;
  const bands = hashBands(hash);
  const lookups = (["band0", "band1", "band2", "band3"] as const).map(
    (column, i) =>
      sql`SELECT submission_id, worker_id, hash, created_at FROM proof_hashes
        WHERE buyer_id = ${s.buyerId} AND ${sql.raw(column)} = ${bands[i]} AND created_at >= ${since}`,
  );
  const rows = await getDb(env).all<{ submission_id: string; worker_id: string; hash: string; created_at: number }>(
    sql.join(lookups, sql` UNION `),
  );
  let best: { id: string; distance: number; at: number } | null = null;
  for (const r of rows) {
    if (r.submission_id === s.id || r.worker_id === s.workerId) continue;
    const distance = hammingDistance(hash, r.hash);
    if (distance > NEAR_DUPLICATE_BITS) continue;
    if (!best || distance < best.distance || (distance === best.distance && r.created_at < best.at))
      best = { id: r.submission_id, distance, at: r.created_at };
  }
  return best?.id ?? null;
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
    copyOf: jsonColumn<NonNullable<ProofFlags["copyOf"]>>(sql`(
      SELECT json_object('submissionId', p.copy_of, 'workerName', u.name, 'taskTitle', t.task_title,
        'createdAt', o.created_at)
      FROM ${proofHashes} p
      JOIN ${submissions} o ON o.id = p.copy_of
      JOIN ${users} u ON u.id = o.worker_id
      JOIN ${tasks} t ON t.id = o.task_id
      WHERE p.submission_id = ${id} AND p.copy_of IS NOT NULL)`),
  };
}

/** A row's flags from `proofFlagColumns`, or null when it has none. */
export function proofFlagsOf(row: {
  wrongAnswer: ProofFlags["wrongAnswer"] | null;
  copyOf: ProofFlags["copyOf"] | null;
}): ProofFlags | null {
  if (!row.wrongAnswer && !row.copyOf) return null;
  return { ...(row.wrongAnswer && { wrongAnswer: row.wrongAnswer }), ...(row.copyOf && { copyOf: row.copyOf }) };
}

/**
 * The buyer's pending submissions whose check answer was wrong (those "Reject flagged" rejects), oldest first, at
 * most `limit`: the buyer's pending submissions (submissions_buyer_status_idx; as many as their open work) each
 * joined to its answer by primary key, so answers of work reviewed long ago are never read.
 */
export async function wrongAnswerPending(env: Env, buyerId: string, limit: number): Promise<string[]> {
  const rows = await getDb(env).all<{ id: string }>(sql`
    SELECT s.id FROM ${submissions} s CROSS JOIN ${submissionCheckAnswers} a ON a.submission_id = s.id
    WHERE s.buyer_id = ${buyerId} AND s.status = 'pending' AND a.correct = 0
    ORDER BY s.created_at LIMIT ${limit}`);
  return rows.map((r) => r.id);
}
