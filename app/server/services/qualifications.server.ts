// Qualifications (docs/product/quality.md): a buyer defines one and grants it by hand, or attaches a test of up to 20
// multiple-choice questions that workers take and the server grades (score 0-100, a retake after the buyer's wait);
// a task may require one with a least score (checked by eligibility.server.ts). The answer key is read only here, to
// grade and for the owner buyer: nothing a worker is sent carries it. Shaped for the pages, the REST API and a later
// MTurk layer alike (CreateQualificationType, AssociateQualificationWithWorker, QualificationRequirements).
import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getDb, newId, type Db } from "../db/client.server";
import { preparedRead } from "../db/prepared.server";
import { jsonColumn, outerColumn } from "../db/sql";
import { newBatch, type Batch, type ConstraintRefusal } from "../db/batch.server";
import { notice, notification } from "./ledger.server";
import { addHoldsEnded, selectHolds } from "./slot-returns.server";
import { fetchPage, pageWindow, type PageRequest } from "../db/paging";
import {
  qualificationAttempts,
  qualificationGrants,
  qualificationQuestions,
  qualifications,
  taskHolds,
  taskQualifications,
  tasks,
  users,
} from "../db/schema";
import { AppError, conflict, forbidden, notFound, saidIn } from "../errors";
import type { SessionUser } from "../auth/session.server";
import type { QualificationInput, QuestionInput } from "~/lib/schemas/qualifications";
import { TOO_MANY_QUESTIONS } from "~/lib/schemas/qualifications";
import { formatCount } from "~/lib/format";
import { HAND_GRANT_SCORE, MAX_QUESTIONS, nextAttemptAt, testScore, unmetQualification } from "~/lib/qualifications";
import type { Language } from "~/lib/i18n/languages";
import type { Said } from "~/lib/i18n/messages";

export const ONLY_BUYERS = "Only buyers can manage qualifications";
export const NOT_YOURS = "This is not your qualification";
export const NAME_TAKEN = "You already have a qualification with this name.";
export const NOT_A_WORKER = "Only workers can hold qualifications.";
export const NO_TEST = "This qualification has no test.";
const tooManyQuestions = () =>
  conflict(TOO_MANY_QUESTIONS).saying("qualification.tooManyQuestions", { count: MAX_QUESTIONS });
export const ONLY_WORKERS_TAKE_TESTS = "Only workers can take tests";

function requireBuyer(actor: SessionUser) {
  if (actor.role !== "Buyer") throw forbidden(ONLY_BUYERS);
}

/** A constraint the service checks first can still break when two requests race: say so in the product's words. */
const nameTaken: ConstraintRefusal = { refusal: () => conflict(NAME_TAKEN), constraint: "qualifications.name" };

// ---------------------------------------------------------------- definitions (the owner buyer)

/** The definition if it is this buyer's: 404 when there is none, 403 when it is another buyer's. */
export async function ownQualification(env: Env, buyer: SessionUser, id: string) {
  requireBuyer(buyer);
  const [row] = await getDb(env).select().from(qualifications).where(eq(qualifications.id, id)).limit(1);
  return owned(row, buyer);
}

/** A definition as read for `buyer`: 404 when there is none, 403 when it is another buyer's. */
function owned<T extends { buyerId: string }>(row: T | undefined, buyer: SessionUser): T {
  if (!row) throw notFound("Qualification not found");
  if (row.buyerId !== buyer.id) throw forbidden(NOT_YOURS);
  return row;
}

function questionRows(qualificationId: string, questions: QuestionInput[], now: number) {
  // one millisecond apart: the test keeps the order they were given in
  return questions.map((q, i) => ({
    id: newId(),
    qualificationId,
    prompt: q.prompt,
    choices: JSON.stringify(q.choices),
    answer: q.answer,
    createdAt: now + i,
  }));
}

async function refuseTakenName(db: Db, buyerId: string, name: string, except?: string) {
  const [same] = await db
    .select({ id: qualifications.id })
    .from(qualifications)
    .where(and(eq(qualifications.buyerId, buyerId), eq(qualifications.name, name)))
    .limit(1);
  if (same && same.id !== except) throw conflict(NAME_TAKEN);
}

/**
 * Defines a qualification, with a test when questions are given. `requestable`: workers may ask for it and the buyer
 * accepts or rejects (the requester API's types without a test; qualification-requests.server.ts).
 */
export async function createQualification(
  env: Env,
  buyer: SessionUser,
  input: QualificationInput & { questions?: QuestionInput[]; requestable?: boolean },
) {
  requireBuyer(buyer);
  const questions = input.questions ?? [];
  if (questions.length > MAX_QUESTIONS) throw tooManyQuestions();
  const db = getDb(env);
  await refuseTakenName(db, buyer.id, input.name);
  const id = newId();
  const now = Date.now();
  const define = db.insert(qualifications).values({
    id,
    buyerId: buyer.id,
    name: input.name,
    description: input.description,
    retakeHours: input.retake_hours,
    createdAt: now,
    requestable: input.requestable ? 1 : 0,
  });
  const rows = questionRows(id, questions, now);
  const batch = newBatch(env).step("define", define);
  if (rows.length) batch.step("questions", db.insert(qualificationQuestions).values(rows));
  await batch.run(nameTaken);
  return (await ownQualification(env, buyer, id))!;
}

/** Changes a definition; `questions`, when given, replaces the whole test in the same batch ([] removes it). */
export async function updateQualification(
  env: Env,
  buyer: SessionUser,
  id: string,
  input: QualificationInput & { questions?: QuestionInput[] },
) {
  await ownQualification(env, buyer, id);
  if (input.questions && input.questions.length > MAX_QUESTIONS) throw tooManyQuestions();
  const db = getDb(env);
  await refuseTakenName(db, buyer.id, input.name, id);
  const update = db
    .update(qualifications)
    .set({ name: input.name, description: input.description, retakeHours: input.retake_hours })
    .where(eq(qualifications.id, id));
  const batch = newBatch(env).step("update", update);
  if (input.questions) {
    const rows = questionRows(id, input.questions, Date.now());
    batch.step(
      "drop questions",
      db.delete(qualificationQuestions).where(eq(qualificationQuestions.qualificationId, id)),
    );
    if (rows.length) batch.step("questions", db.insert(qualificationQuestions).values(rows));
  }
  await batch.run(nameTaken);
  return ownQualification(env, buyer, id);
}

/** "“English” is required by 2 of your tasks…": why a qualification cannot be deleted yet. */
function stillRequired(name: string, tasks: number) {
  return conflict(
    `“${name}” is required by ${formatCount(tasks)} of your tasks. Delete ${tasks === 1 ? "that task" : "those tasks"} first, then the qualification.`,
  );
}

/** The live (not deleted) tasks that require the qualification, or exclude its holders, as a subquery. */
const liveRequirement = (id: string) =>
  sql`SELECT 1 FROM task_qualifications tq JOIN tasks t ON t.id = tq.task_id
      WHERE tq.qualification_id = ${id} AND t.deleted_at IS NULL
    UNION ALL SELECT 1 FROM task_qualification_exclusions tx JOIN tasks t ON t.id = tx.task_id
      WHERE tx.qualification_id = ${id} AND t.deleted_at IS NULL`;

/**
 * Deletes a qualification with its test, its holders' grants, the workers' attempts and the requirement rows of
 * deleted tasks, in one batch. Refused (409) while a live task requires it: deleting it would open that task to
 * everyone, and a task's requirement cannot be changed. The batch checks that again, so a task posted meanwhile
 * keeps the qualification.
 */
export async function deleteQualification(env: Env, buyer: SessionUser, id: string) {
  const q = await ownQualification(env, buyer, id);
  const db = getDb(env);
  const requiring = async () =>
    (await db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM (${liveRequirement(id)})`))?.n ?? 0;
  const live = await requiring();
  if (live) throw stillRequired(q.name, live);
  const free = sql`NOT EXISTS (${liveRequirement(id)})`;
  const done = await newBatch(env)
    .step("requirements", sql`DELETE FROM task_qualifications WHERE qualification_id = ${id} AND ${free}`)
    .step("exclusions", sql`DELETE FROM task_qualification_exclusions WHERE qualification_id = ${id} AND ${free}`)
    .step("grants", sql`DELETE FROM qualification_grants WHERE qualification_id = ${id} AND ${free}`)
    .step("attempts", sql`DELETE FROM qualification_attempts WHERE qualification_id = ${id} AND ${free}`)
    .step("questions", sql`DELETE FROM qualification_questions WHERE qualification_id = ${id} AND ${free}`)
    // the pivot, last: its children are gone by then (foreign keys), and it tests the same state as they do
    .step("delete", sql`DELETE FROM qualifications WHERE id = ${id} AND buyer_id = ${buyer.id} AND ${free}`)
    .run();
  if (done.changes("delete")) return { name: q.name };
  const now = await requiring();
  if (now) throw stillRequired(q.name, now);
  throw notFound("Qualification not found");
}

/** Adds one question to the test (the page's form). The question count's CHECK refuses a 21st, even in a race. */
export async function addQuestion(env: Env, buyer: SessionUser, qualificationId: string, question: QuestionInput) {
  const q = await ownQualification(env, buyer, qualificationId);
  if (q.questions >= MAX_QUESTIONS) throw tooManyQuestions();
  await getDb(env)
    .insert(qualificationQuestions)
    .values(questionRows(qualificationId, [question], Date.now()))
    .catch((e: unknown) => {
      if (/CHECK constraint failed/.test(String((e as Error).cause ?? e))) throw tooManyQuestions();
      throw e;
    });
}

/** Removes one question from the test. 404 when it is not on this buyer's qualification. */
export async function removeQuestion(env: Env, buyer: SessionUser, qualificationId: string, questionId: string) {
  await ownQualification(env, buyer, qualificationId);
  const gone = await getDb(env)
    .delete(qualificationQuestions)
    .where(and(eq(qualificationQuestions.id, questionId), eq(qualificationQuestions.qualificationId, qualificationId)))
    .returning({ id: qualificationQuestions.id });
  if (!gone.length) throw notFound("Question not found");
}

/** The questions of these qualifications, in order, with their key (for the owner, and to grade). */
async function questionsOf(db: Db, qualificationIds: string[]) {
  if (!qualificationIds.length) return [];
  return db
    .select()
    .from(qualificationQuestions)
    .where(inArray(qualificationQuestions.qualificationId, qualificationIds))
    .orderBy(asc(qualificationQuestions.qualificationId), asc(qualificationQuestions.createdAt));
}

/** A question as a worker is sent it: no key. */
interface WorkerQuestion {
  id: string;
  prompt: string;
  choices: string[];
}
/** A question as its owner sees it: with the number of the right choice. */
interface OwnerQuestion extends WorkerQuestion {
  answer: number;
}

/**
 * A test's questions in order, a column of its definition's row (one walk of its questions' index, decision 069): as
 * a worker is sent them (no key), or with the key for their owner.
 */
function questionsColumn<Question>(withKey: boolean) {
  const key = withKey ? sql`, 'answer', q.answer` : sql``;
  return jsonColumn<Question[]>(sql`(
    SELECT json_group_array(json_object('id', q.id, 'prompt', q.prompt, 'choices', json(q.choices)${key}) ORDER BY q.created_at)
    FROM ${qualificationQuestions} q WHERE q.qualification_id = ${outerColumn(qualifications.id)})`);
}
const workerQuestions = questionsColumn<WorkerQuestion>(false);
const ownerQuestions = questionsColumn<OwnerQuestion>(true);

/** A buyer's definitions, newest first, each with its test and key (the owner's view). */
export async function listQualifications(env: Env, buyerId: string, opts: PageRequest = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const mine = eq(qualifications.buyerId, buyerId);
  const page = await fetchPage(
    w,
    db
      .select({ ...getTableColumns(qualifications), test: ownerQuestions })
      .from(qualifications)
      .where(mine)
      .orderBy(desc(qualifications.createdAt))
      .limit(w.limit)
      .offset(w.offset),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(qualifications)
      .where(mine),
  );
  return { ...page, items: page.items.map((q) => ({ ...q, test: q.test ?? [] })) };
}
export type QualificationView = Awaited<ReturnType<typeof listQualifications>>["items"][number];

/**
 * A page of the buyer's definitions, newest first after the previous page's last (keyset: no OFFSET): those whose
 * name or description holds `query` (any case), only those workers can ask for or take a test of when `requestable`.
 */
export async function qualificationsAfter(
  env: Env,
  buyer: SessionUser,
  opts: { query?: string; requestable?: boolean; limit: number; after?: { createdAt: number; id: string } },
) {
  requireBuyer(buyer);
  const k = opts.after;
  const words = opts.query?.toLowerCase();
  return getDb(env)
    .select()
    .from(qualifications)
    .where(
      and(
        eq(qualifications.buyerId, buyer.id),
        words
          ? sql`(instr(lower(${qualifications.name}), ${words}) > 0 OR instr(lower(${qualifications.description}), ${words}) > 0)`
          : undefined,
        opts.requestable ? sql`(${qualifications.questions} > 0 OR ${qualifications.requestable} = 1)` : undefined,
        k
          ? or(
              lt(qualifications.createdAt, k.createdAt),
              and(eq(qualifications.createdAt, k.createdAt), lt(qualifications.id, k.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(qualifications.createdAt), desc(qualifications.id))
    .limit(opts.limit);
}

/** One of the buyer's definitions with its test and key. */
export async function qualificationForOwner(env: Env, buyer: SessionUser, id: string): Promise<QualificationView> {
  requireBuyer(buyer);
  const [row] = await getDb(env)
    .select({ ...getTableColumns(qualifications), test: ownerQuestions })
    .from(qualifications)
    .where(eq(qualifications.id, id))
    .limit(1);
  const q = owned(row, buyer);
  return { ...q, test: q.test ?? [] };
}

// read on every Buyer Home: its SQL is built once (db/prepared.server.ts)
const qualificationNames = preparedRead((db) =>
  db
    .select({ id: qualifications.id, name: qualifications.name })
    .from(qualifications)
    .where(eq(qualifications.buyerId, sql.placeholder("buyerId")))
    .orderBy(asc(qualifications.name))
    .limit(100)
    .prepare(),
);

/** The buyer's qualifications by name, for the selects of Add Task and the review page (at most 100). */
export function qualificationChoices(env: Env, buyerId: string) {
  return qualificationNames(env, { buyerId });
}

// ---------------------------------------------------------------- grants

async function requireWorker(db: Db, workerId: string) {
  const [worker] = await db.select({ role: users.role }).from(users).where(eq(users.id, workerId)).limit(1);
  if (!worker) throw notFound("Worker not found");
  if (worker.role !== "Worker") throw forbidden(NOT_A_WORKER);
}

function selectGrants(db: Db) {
  return db
    .select({
      qualificationId: qualificationGrants.qualificationId,
      qualificationName: qualifications.name,
      workerId: qualificationGrants.workerId,
      workerName: users.name,
      score: qualificationGrants.score,
      source: qualificationGrants.source,
      grantedAt: qualificationGrants.grantedAt,
    })
    .from(qualificationGrants)
    .innerJoin(qualifications, eq(qualifications.id, qualificationGrants.qualificationId))
    .innerJoin(users, eq(users.id, qualificationGrants.workerId));
}
export type GrantView = Awaited<ReturnType<typeof selectGrants>>[number];

/** The worker's grant of a qualification (an id, or the column of a joined row that names it). */
export const grantOf = (workerId: string, qualificationId: string | AnyColumn) =>
  and(eq(qualificationGrants.workerId, workerId), eq(qualificationGrants.qualificationId, qualificationId));

/**
 * The worker's starts on tasks requiring this qualification that a new score (null: none, the grant revoked) no
 * longer meets, each with the requirement's minimum.
 */
function holdsUnmetBy(env: Env, workerId: string, qualificationId: string, score: number | null) {
  const tq = taskQualifications;
  return getDb(env)
    .select({ ...selectHolds(), minScore: tq.minScore })
    .from(taskHolds)
    .innerJoin(tasks, eq(tasks.id, taskHolds.taskId))
    .innerJoin(tq, and(eq(tq.taskId, taskHolds.taskId), eq(tq.qualificationId, qualificationId)))
    .where(and(eq(taskHolds.workerId, workerId), score === null ? undefined : gt(tq.minScore, score)))
    .limit(100);
}

/**
 * Ends, in the batch that changes the worker's score of `q` (to `score`; null: revoked), their starts on tasks the
 * new score no longer opens: the slots go back and the worker is told why (decision 074). `when`: the change
 * happened in the batch.
 */
async function addHoldsUnmetBy(
  env: Env,
  batch: Batch,
  change: { workerId: string; q: { id: string; name: string }; score: number | null; now: number; when?: SQL },
) {
  const held = await holdsUnmetBy(env, change.workerId, change.q.id, change.score);
  // unmetQualification's words, in the worker's language
  const why = (h: { minScore: number }, language: Language) =>
    saidIn(
      language,
      unmetQualification(
        { name: change.q.name, minScore: h.minScore },
        change.score === null ? null : { score: change.score },
      )!,
    );
  addHoldsEnded(
    batch,
    held,
    change.now,
    (h, language) =>
      why(
        held.find((x) => x.taskId === h.taskId)!,
        language,
      ),
    {
      note: "a start whose worker no longer meets the task's qualification",
      when: change.when,
    },
  );
}

/**
 * Grants a qualification by hand (score 100 unless given); granting again replaces the score. `notify`: the worker
 * is told in the grant's batch (the requester API's SendNotification).
 */
export async function grantQualification(
  env: Env,
  buyer: SessionUser,
  input: { qualificationId: string; workerId: string; score?: number; notify?: boolean },
): Promise<GrantView> {
  const q = await ownQualification(env, buyer, input.qualificationId);
  const db = getDb(env);
  await requireWorker(db, input.workerId);
  const score = input.score ?? HAND_GRANT_SCORE;
  const now = Date.now();
  const grant = db
    .insert(qualificationGrants)
    .values({ workerId: input.workerId, qualificationId: input.qualificationId, score, source: "hand", grantedAt: now })
    .onConflictDoUpdate({
      target: [qualificationGrants.workerId, qualificationGrants.qualificationId],
      set: { score, source: "hand", grantedAt: now },
    });
  const batch = newBatch(env).step("grant", grant);
  if (input.notify)
    batch.step(
      "tell",
      notification({
        id: newId(),
        userId: input.workerId,
        message: notice("qualification.granted", { name: q.name, score }),
        actionRoute: "/dashboard/tests",
        now,
      }),
    );
  // a lower score ends the worker's starts on tasks that require more
  await addHoldsUnmetBy(env, batch, { workerId: input.workerId, q, score, now });
  await batch.run();
  const [held] = await selectGrants(db).where(grantOf(input.workerId, input.qualificationId));
  return held!;
}

/**
 * Revokes a grant: tasks requiring it close to the worker at once. 404 when the worker does not hold it. `reason`:
 * the worker is told why, in the revocation's batch (the requester API's Reason).
 */
export async function revokeQualification(
  env: Env,
  buyer: SessionUser,
  input: { qualificationId: string; workerId: string; reason?: string },
) {
  const q = await ownQualification(env, buyer, input.qualificationId);
  const batch = newBatch(env);
  const now = Date.now();
  const held = sql`EXISTS (SELECT 1 FROM qualification_grants
    WHERE worker_id = ${input.workerId} AND qualification_id = ${input.qualificationId})`;
  // the worker's starts on tasks requiring it end, while the grant is there to say it was held
  await addHoldsUnmetBy(env, batch, { workerId: input.workerId, q, score: null, now, when: held });
  // the notice first, while the grant is there to say it was held
  if (input.reason)
    batch.step(
      "tell",
      notification({
        id: newId(),
        userId: input.workerId,
        message: notice("qualification.revoked", { name: q.name, reason: input.reason }),
        actionRoute: "/dashboard/tests",
        now,
        when: held,
      }),
    );
  const done = await batch
    .step("revoke", getDb(env).delete(qualificationGrants).where(grantOf(input.workerId, input.qualificationId)))
    .run();
  if (!done.changes("revoke")) throw notFound("This worker does not hold this qualification");
}

/** One worker's grant of the buyer's qualification, or null when they do not hold it. */
export async function holderGrant(env: Env, buyer: SessionUser, qualificationId: string, workerId: string) {
  await ownQualification(env, buyer, qualificationId);
  const [held] = await selectGrants(getDb(env)).where(grantOf(workerId, qualificationId)).limit(1);
  return held ?? null;
}

/** A page of a qualification's holders, newest grant first, after the previous page's last (keyset: no OFFSET). */
export async function holdersAfter(
  env: Env,
  buyer: SessionUser,
  qualificationId: string,
  opts: { limit: number; after?: { grantedAt: number; workerId: string } },
) {
  await ownQualification(env, buyer, qualificationId);
  const k = opts.after;
  return selectGrants(getDb(env))
    .where(
      and(
        eq(qualificationGrants.qualificationId, qualificationId),
        k
          ? or(
              lt(qualificationGrants.grantedAt, k.grantedAt),
              and(eq(qualificationGrants.grantedAt, k.grantedAt), lt(qualificationGrants.workerId, k.workerId)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(qualificationGrants.grantedAt), desc(qualificationGrants.workerId))
    .limit(opts.limit);
}

/** A qualification's holders, newest first (its owner only). */
export async function listHolders(env: Env, buyer: SessionUser, qualificationId: string, opts: PageRequest = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 20);
  const of = eq(qualificationGrants.qualificationId, qualificationId);
  // the owner's check and the page in one batch: another buyer's holders may be read, never answered
  const [, page] = await Promise.all([
    ownQualification(env, buyer, qualificationId),
    fetchPage(
      w,
      selectGrants(db).where(of).orderBy(desc(qualificationGrants.grantedAt)).limit(w.limit).offset(w.offset),
      db
        .select({ n: sql<number>`COUNT(*)` })
        .from(qualificationGrants)
        .where(of),
    ),
  ]);
  return page;
}

/** The qualifications a worker holds, newest first. */
export function heldQualifications(env: Env, workerId: string, opts: PageRequest = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, 20);
  const mine = eq(qualificationGrants.workerId, workerId);
  return fetchPage(
    w,
    selectGrants(db).where(mine).orderBy(desc(qualificationGrants.grantedAt)).limit(w.limit).offset(w.offset),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(qualificationGrants)
      .where(mine),
  );
}

// ---------------------------------------------------------------- tests (the worker)

/** The tests a worker can take, newest first, without their key, with the worker's score and next attempt. */
export async function availableTests(
  env: Env,
  workerId: string,
  opts: PageRequest & { qualificationId?: string } = {},
) {
  const db = getDb(env);
  const w = pageWindow(opts, 10);
  const where = and(
    sql`${qualifications.questions} > 0`,
    opts.qualificationId ? eq(qualifications.id, opts.qualificationId) : undefined,
  );
  const page = await fetchPage(
    w,
    db
      .select({
        id: qualifications.id,
        name: qualifications.name,
        description: qualifications.description,
        retakeHours: qualifications.retakeHours,
        buyerName: users.name,
        score: qualificationGrants.score,
        attemptedAt: qualificationAttempts.attemptedAt,
        questions: workerQuestions,
      })
      .from(qualifications)
      .innerJoin(users, eq(users.id, qualifications.buyerId))
      .leftJoin(qualificationGrants, grantOf(workerId, qualifications.id))
      .leftJoin(
        qualificationAttempts,
        and(eq(qualificationAttempts.qualificationId, qualifications.id), eq(qualificationAttempts.workerId, workerId)),
      )
      .where(where)
      .orderBy(desc(qualifications.createdAt))
      .limit(w.limit)
      .offset(w.offset),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(qualifications)
      .where(where),
  );
  return {
    ...page,
    items: page.items.map(({ attemptedAt, questions, ...t }) => ({
      ...t,
      nextAttemptAt: attemptedAt === null ? null : nextAttemptAt(attemptedAt, t.retakeHours),
      questions: questions ?? [],
    })),
  };
}
export type TestView = Awaited<ReturnType<typeof availableTests>>["items"][number];

/** One test as a worker takes it (no key); 404 when there is no such test. */
export async function testForWorker(env: Env, workerId: string, qualificationId: string): Promise<TestView> {
  const [test] = (await availableTests(env, workerId, { qualificationId, limit: 1 })).items;
  if (!test) throw notFound("Test not found");
  return test;
}

/** "You can take this test again on …" with the moment, for a refusal that the page and REST both word. */
export function retakeRefusal(at: number) {
  return new AppError(
    "conflict",
    `You can take this test again after ${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    undefined,
    {
      next_attempt_at: new Date(at).toISOString(),
    },
  );
}

/**
 * Grades a worker's answers against the key and records the attempt and the score held (replacing an earlier one),
 * in one batch whose attempt only happens if the retake wait is over as the statement runs: two answers sent
 * together grade once. An unanswered question counts as wrong.
 */
export async function takeTest(
  env: Env,
  worker: SessionUser,
  qualificationId: string,
  answers: Record<string, number>,
) {
  if (worker.role !== "Worker") throw forbidden(ONLY_WORKERS_TAKE_TESTS);
  const db = getDb(env);
  const [[q], [last]] = await Promise.all([
    db.select().from(qualifications).where(eq(qualifications.id, qualificationId)).limit(1),
    db
      .select({ attemptedAt: qualificationAttempts.attemptedAt })
      .from(qualificationAttempts)
      .where(
        and(eq(qualificationAttempts.workerId, worker.id), eq(qualificationAttempts.qualificationId, qualificationId)),
      )
      .limit(1),
  ]);
  if (!q) throw notFound("Test not found");
  if (q.questions === 0) throw notFound(NO_TEST);
  const now = Date.now();
  if (last && nextAttemptAt(last.attemptedAt, q.retakeHours) > now)
    throw retakeRefusal(nextAttemptAt(last.attemptedAt, q.retakeHours));
  const key = await questionsOf(db, [qualificationId]);
  const score = testScore(key, answers);
  const waitMs = q.retakeHours * 3_600_000;
  const batch = newBatch(env)
    .step(
      "attempt",
      sql`INSERT INTO qualification_attempts (worker_id, qualification_id, score, attempted_at)
        VALUES (${worker.id}, ${qualificationId}, ${score}, ${now})
        ON CONFLICT (worker_id, qualification_id) DO UPDATE SET score = excluded.score, attempted_at = excluded.attempted_at
        WHERE qualification_attempts.attempted_at + ${waitMs} <= ${now}`,
    )
    .step(
      "grant",
      sql`INSERT INTO qualification_grants (worker_id, qualification_id, score, source, granted_at)
        SELECT ${worker.id}, ${qualificationId}, ${score}, 'test', ${now}
        WHERE EXISTS (SELECT 1 FROM qualification_attempts WHERE worker_id = ${worker.id}
          AND qualification_id = ${qualificationId} AND attempted_at = ${now} AND score = ${score})
        ON CONFLICT (worker_id, qualification_id) DO UPDATE SET score = excluded.score, source = 'test', granted_at = excluded.granted_at`,
    );
  // a retake scoring lower ends the worker's starts on tasks that require more, once it is graded
  await addHoldsUnmetBy(env, batch, {
    workerId: worker.id,
    q,
    score,
    now,
    when: sql`EXISTS (SELECT 1 FROM qualification_attempts WHERE worker_id = ${worker.id}
      AND qualification_id = ${qualificationId} AND attempted_at = ${now})`,
  });
  const graded = await batch.run();
  if (!graded.changes("attempt")) {
    const [again] = await db
      .select({ attemptedAt: qualificationAttempts.attemptedAt })
      .from(qualificationAttempts)
      .where(
        and(eq(qualificationAttempts.workerId, worker.id), eq(qualificationAttempts.qualificationId, qualificationId)),
      )
      .limit(1);
    throw retakeRefusal(nextAttemptAt(again?.attemptedAt ?? now, q.retakeHours));
  }
  return { qualificationId, name: q.name, score, nextAttemptAt: nextAttemptAt(now, q.retakeHours) };
}

// ---------------------------------------------------------------- a task's requirement

/** The requirement row of a new task, written in its posting's batch (nothing when it requires no qualification). */
export function taskQualificationRows(
  taskId: string,
  input: { qualification_id?: string | null; qualification_min_score?: number },
): SQL {
  const id = input.qualification_id ?? null;
  return sql`INSERT INTO task_qualifications (task_id, qualification_id, min_score)
    SELECT ${taskId}, ${id}, ${input.qualification_min_score ?? 0} WHERE ${id} IS NOT NULL`;
}

/** A task may require only its buyer's own qualifications: refused before the task is posted (and paid for). */
export async function requireOwnRequirement(env: Env, buyer: SessionUser, qualificationId: string | null | undefined) {
  if (!qualificationId) return;
  const [row] = await getDb(env)
    .select({ buyerId: qualifications.buyerId })
    .from(qualifications)
    .where(eq(qualifications.id, qualificationId))
    .limit(1);
  if (!row || row.buyerId !== buyer.id)
    throw new AppError("validation_failed", "Unknown qualification", { qualification_id: ["Unknown qualification"] });
}

/** A task's required qualifications with what this worker holds of each (one indexed read per requirement). */
export function requiredQualifications(db: Db, workerId: string, taskId: string) {
  return db
    .select({
      id: qualifications.id,
      name: qualifications.name,
      questions: qualifications.questions,
      requestable: qualifications.requestable,
      // the worker's pending request for it (a requestable qualification: qualification-requests.server.ts)
      requested: sql<number>`EXISTS (SELECT 1 FROM qualification_requests qr WHERE qr.worker_id = ${workerId}
        AND qr.qualification_id = ${qualifications.id} AND qr.status = 'pending')`,
      minScore: taskQualifications.minScore,
      score: qualificationGrants.score,
    })
    .from(taskQualifications)
    .innerJoin(qualifications, eq(qualifications.id, taskQualifications.qualificationId))
    .leftJoin(qualificationGrants, grantOf(workerId, taskQualifications.qualificationId))
    .where(eq(taskQualifications.taskId, taskId))
    .orderBy(asc(qualifications.name));
}
type Required = Awaited<ReturnType<typeof requiredQualifications>>[number];

/** What a worker who lacks a qualification can do about it: take its test, or ask its owner for it. */
export interface UnmetQualification {
  reason: Said;
  test: { id: string; name: string } | null;
  /** a requestable qualification without a test, and whether the worker's request awaits its owner */
  request: { id: string; name: string; pending: boolean } | null;
}

/** The first required qualification the worker does not meet: the reason, and its test or request when it has one. */
export function unmetQualificationOf(rows: Required[]): UnmetQualification | null {
  for (const r of rows) {
    const reason = unmetQualification(
      { name: r.name, minScore: r.minScore },
      r.score === null ? null : { score: r.score },
    );
    if (!reason) continue;
    const test = r.questions > 0 ? { id: r.id, name: r.name } : null;
    // asking makes sense only to one who holds nothing yet (a score too low is the owner's decision already)
    const askable = !test && r.requestable === 1 && r.score === null;
    return { reason, test, request: askable ? { id: r.id, name: r.name, pending: Boolean(r.requested) } : null };
  }
  return null;
}

/** The qualifications a worker holds and a buyer defines, for the data download. */
export async function qualificationsForExport(env: Env, userId: string) {
  const db = getDb(env);
  const [held, defined] = await Promise.all([
    selectGrants(db).where(eq(qualificationGrants.workerId, userId)).orderBy(desc(qualificationGrants.grantedAt)),
    db
      .select({
        id: qualifications.id,
        name: qualifications.name,
        description: qualifications.description,
        retakeHours: qualifications.retakeHours,
        questions: qualifications.questions,
        holders: qualifications.holders,
        createdAt: qualifications.createdAt,
      })
      .from(qualifications)
      .where(eq(qualifications.buyerId, userId))
      .orderBy(desc(qualifications.createdAt)),
  ]);
  return { held, defined };
}
