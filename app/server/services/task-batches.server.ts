// Batch posting (docs/product/batch-posting.md): a buyer posts up to 1,000 tasks from one CSV file. The file is read
// with Papa Parse, each row is checked by Add Task's own schema, and "Post all" makes every task with Add Task's own
// steps (`addTaskCreation`) in ONE batch: all the tasks and their escrow, or nothing. The page keeps the upload as a
// draft between its preview and "Post all" and parses it again when it posts; REST posts a file at once. Each
// posting is made once per request key of its buyer (task_batches, migrations/0045), and its tasks' ids follow from
// that key, so the same request again answers the same ids without a table of them.
import Papa from "papaparse";
import * as v from "valibot";
import { and, eq, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch, type Batch } from "../db/batch.server";
import { taskBatchDrafts, taskBatches } from "../db/schema";
import { AppError, forbidden, notFound, saidIn } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { coinsOf } from "./ledger.server";
import { spendRefusal } from "./debts.server";
import { addTaskCreation, postingShort, refuseTaskSpend } from "./tasks.server";
import { addTaskSchema, type AddTaskInput } from "~/lib/schemas/task";
import { taskCost } from "~/lib/coins";
import { CATEGORIES } from "~/lib/categories";
import { deadlineDay } from "~/lib/deadline";
import { formatCount } from "~/lib/format";
import { BATCH_COLUMNS, MAX_BATCH_BYTES, MAX_BATCH_ROWS, OPTIONAL_COLUMNS, type BatchColumn } from "~/lib/task-batch";
import { FIELD_RULE_VALUES, FIELD_RULES, TASK_FIELD_NAMES } from "~/lib/task-fields";
import { centsPerHour } from "~/lib/pay-rate";
import type { Language } from "~/lib/i18n/languages";
import type { Said } from "~/lib/i18n/messages";
import { serverWords } from "~/lib/i18n/words.server";
import { belowMinimumPay, minimumPayOf } from "./pay-rate.server";

export const FILE_TOO_LARGE = "The file is larger than 1 MB. Split it into smaller files.";
export const NOT_UTF8 = "The file is not UTF-8 text. Save it as “CSV UTF-8” and upload it again.";
export const TOO_MANY_ROWS = `The file has more than ${formatCount(MAX_BATCH_ROWS)} tasks. Split it into smaller files.`;
export const NO_ROWS = "The file has no tasks. Fill in the template, one task a row.";
export const DRAFT_GONE = "This upload is no longer here. Upload the file again.";

/** A problem with one cell of a row (`column` null: with the row as a whole), in words (REST says their English). */
export interface RowError {
  column: BatchColumn | null;
  message: Said;
}

export interface BatchRow {
  /** 1 for the first task under the header */
  row: number;
  cells: Partial<Record<BatchColumn, string>>;
  /** the task as Add Task would post it; null when the row has errors */
  input: AddTaskInput | null;
  errors: RowError[];
}

export interface TaskFile {
  rows: BatchRow[];
  /** rows with errors */
  invalid: number;
  /** the escrow of the valid rows */
  coins: number;
}

const refuse = (message: string) => new AppError("validation_failed", message);

/** The bytes of an uploaded file as UTF-8 text (a byte order mark is dropped); refused when larger than 1 MB or not UTF-8. */
function textOf(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_BATCH_BYTES) throw new AppError("payload_too_large", FILE_TOO_LARGE);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("unsupported_media_type", NOT_UTF8).saying("batch.notUtf8", { format: "CSV UTF-8" });
  }
}

/** A cell's error: its column's name, then what it must hold ("Workers needed: enter …"), `rule` in a language. */
function cellError(column: BatchColumn, english: string, rule: (language: Language) => string): RowError {
  return {
    column,
    message: {
      english: `${TASK_FIELD_NAMES[column]}: ${english}`,
      key: "batch.cell",
      values: (language) => ({ field: serverWords(language, "buyer")(`field.${column}`), rule: rule(language) }),
    },
  };
}

/**
 * One row checked by Add Task's schema and the minimum hourly pay at its estimate (`minCents`), as Add Task checks
 * them. A column's error names its field in words and says what to enter ("Workers needed: enter a whole number from
 * 1 to 10,000"), whichever of its rules the cell broke.
 */
function checkRow(row: number, cells: BatchRow["cells"], shape: Said | null, minCents: number): BatchRow {
  const errors: RowError[] = shape ? [{ column: null, message: shape }] : [];
  const parsed = v.safeParse(addTaskSchema, cells);
  if (!parsed.success) {
    const { root, nested } = v.flatten<typeof addTaskSchema>(parsed.issues);
    // the schema's own messages, found in the catalogues by their English
    for (const english of root ?? []) errors.push({ column: null, message: { english } });
    for (const column of Object.keys(nested ?? {}) as BatchColumn[])
      errors.push(
        cellError(column, FIELD_RULES[column], (language) =>
          serverWords(language, "errors")(`batch.rule.${column}`, FIELD_RULE_VALUES[column]),
        ),
      );
  } else if (centsPerHour(parsed.output.payable_amount, parsed.output.estimate_minutes) < minCents) {
    const pay = belowMinimumPay(minCents, parsed.output.estimate_minutes);
    // after the field's name: "Payable amount: the minimum pay is …"
    const after = (words: string) => `${words[0]!.toLowerCase()}${words.slice(1)}`;
    errors.push(cellError("payable_amount", after(pay.english), (language) => after(saidIn(language, pay))));
  }
  return { row, cells, input: parsed.success && !errors.length ? parsed.output : null, errors };
}

/** Papa Parse's problem with a row's shape, in words: its English, named for the problems it has a name for. */
function shapeOf(e: Papa.ParseError): Said {
  if (e.type === "FieldMismatch")
    return e.code === "TooFewFields"
      ? { english: "The row has too few cells.", key: "batch.tooFewCells" }
      : { english: "The row has too many cells.", key: "batch.tooManyCells" };
  if (e.code === "MissingQuotes") return { english: e.message, key: "batch.quoteNotClosed" };
  if (e.code === "InvalidQuotes") return { english: e.message, key: "batch.quoteMalformed" };
  return { english: e.message };
}

/**
 * Reads a CSV of tasks (the template's columns, a header row first). A file that cannot be a batch (too large, not
 * UTF-8, no tasks, too many, unknown or missing columns) is refused; a row's problems are that row's errors.
 */
export function readTaskFile(text: string, minCents: number): TaskFile {
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const header = parsed.meta.fields ?? [];
  const unknown = header.filter((h) => !(BATCH_COLUMNS as readonly string[]).includes(h));
  if (unknown.length)
    throw refuse(`Unknown column “${unknown[0]}”: use the columns of the template.`).saying("batch.unknownColumn", {
      column: unknown[0]!,
    });
  const missing = BATCH_COLUMNS.filter((c) => !header.includes(c) && !OPTIONAL_COLUMNS.includes(c));
  if (missing.length)
    throw refuse(`The column “${missing[0]}” is missing: use the columns of the template.`).saying(
      "batch.missingColumn",
      { column: missing[0]! },
    );
  if (parsed.data.length > MAX_BATCH_ROWS)
    throw refuse(TOO_MANY_ROWS).saying("batch.tooManyRows", { count: MAX_BATCH_ROWS });
  if (!parsed.data.length) throw refuse(NO_ROWS);
  // Papa Parse's problems with a row's shape (too few or many cells, a quote left open), by row index: a quote
  // error's row counts the header row, a cell count's does not
  const shapes = new Map<number, Said>();
  for (const e of parsed.errors) {
    const index = e.row === undefined ? undefined : e.type === "Quotes" ? e.row - 1 : e.row;
    if (index !== undefined && !shapes.has(index)) shapes.set(index, shapeOf(e));
  }
  const rows = parsed.data.map((record, i) => {
    const cells: BatchRow["cells"] = {};
    for (const column of BATCH_COLUMNS) if (typeof record[column] === "string") cells[column] = record[column];
    return checkRow(i + 1, cells, shapes.get(i) ?? null, minCents);
  });
  const valid = rows.flatMap((r) => (r.input ? [r.input] : []));
  return {
    rows,
    invalid: rows.length - valid.length,
    coins: valid.reduce((sum, t) => sum + taskCost(t.required_workers, t.payable_amount), 0),
  };
}

/** The downloadable template: the header and two example tasks due in two weeks. */
export function taskBatchTemplate(now = Date.now()): string {
  const due = deadlineDay(now + 14 * 86_400_000);
  const example = (title: string, workers: number, pay: number, minutes: number, category: string) => ({
    task_title: title,
    task_detail: `${title}: follow the instructions in the description, then send the proof asked for.`,
    required_workers: workers,
    payable_amount: pay,
    estimate_minutes: minutes,
    completion_date: due,
    submission_info: "A screenshot link or the text asked for",
    category,
    task_image_url: "",
    min_approval_rate: "",
    min_approved: "",
  });
  return Papa.unparse(
    {
      fields: [...BATCH_COLUMNS],
      data: [
        // $7.50 and $8.00 an hour at their estimates
        example("Watch a video and leave a comment", 10, 5, 2, CATEGORIES[0]),
        example("Translate a short paragraph, English to French", 2, 40, 15, "Translation"),
      ],
    },
    { newline: "\r\n" },
  );
}

/** The template as a file to download (the page's link and REST), with a byte order mark so that spreadsheet
 * programs open it as UTF-8. */
export function taskBatchTemplateFile() {
  return { name: "coinwork-tasks-template.csv", text: `\uFEFF${taskBatchTemplate()}\r\n` };
}

/**
 * What a posting made: its tasks (their ids in the file's order) and the coins they hold in escrow; `created` false
 * when the key had posted it.
 */
export interface PostedBatch {
  tasks: number;
  taskIds: string[];
  coins: number;
  created: boolean;
}

/**
 * The ids of a posting's tasks, in the file's order: a digest of the buyer, the request key and the row, written as
 * a UUID (version 8, RFC 9562). A posting is made once per key, so no two tasks get the same id.
 */
async function taskIdsOf(buyerId: string, requestKey: string, tasks: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: tasks }, async (_, i) => {
      const digest = new Uint8Array(
        await crypto.subtle.digest(
          "SHA-256",
          new TextEncoder().encode(`task-batch\0${buyerId}\0${requestKey}\0${i + 1}`),
        ),
      ).subarray(0, 16);
      digest[6] = (digest[6]! & 0x0f) | 0x80;
      digest[8] = (digest[8]! & 0x3f) | 0x80;
      const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }),
  );
}

async function postedUnder(env: Env, buyerId: string, requestKey: string): Promise<PostedBatch | null> {
  const [row] = await getDb(env)
    .select({ tasks: taskBatches.tasks, coins: taskBatches.coins })
    .from(taskBatches)
    .where(and(eq(taskBatches.buyerId, buyerId), eq(taskBatches.requestKey, requestKey)))
    .limit(1);
  return row ? { ...row, taskIds: await taskIdsOf(buyerId, requestKey, row.tasks), created: false } : null;
}

/** Not an error the caller sees: the batch lost to the same request key, whose posting is the answer. */
class RacedBatch extends AppError {
  constructor(readonly posted: PostedBatch) {
    super("conflict", "This batch was already posted.");
  }
}

/**
 * Posts every row of a file, or nothing: refused while any row has errors or the balance is short. One D1 batch
 * holds the posting's key, then each task's own steps (as Add Task makes them), then `alsoInBatch`'s.
 */
async function postRows(
  env: Env,
  buyer: SessionUser,
  file: TaskFile,
  requestKey: string,
  alsoInBatch?: (batch: Batch) => void,
): Promise<PostedBatch> {
  const earlier = await postedUnder(env, buyer.id, requestKey);
  if (earlier) return earlier;
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can post tasks");
  const wrong = file.rows.filter((r) => !r.input);
  if (wrong.length)
    throw new AppError(
      "validation_failed",
      `${formatCount(wrong.length)} of ${formatCount(file.rows.length)} rows have errors (the first: row ${wrong[0]!.row}). Fix the file and upload it again: nothing was posted.`,
      rowErrorFields(wrong),
    ).saying("batch.rowsHaveErrors", { wrong: wrong.length, rows: file.rows.length, first: wrong[0]!.row });
  const { coins } = file;
  const tasks = file.rows.length;
  await refuseTaskSpend(env, buyer, coins, tasks);
  const db = getDb(env);
  const now = Date.now();
  const taskIds = await taskIdsOf(buyer.id, requestKey, file.rows.length);
  const batch = newBatch(env).step(
    "batch",
    sql`INSERT INTO task_batches (buyer_id, request_key, tasks, coins, created_at)
      VALUES (${buyer.id}, ${requestKey}, ${file.rows.length}, ${coins}, ${now})`,
  );
  file.rows.forEach((r, i) =>
    addTaskCreation(db, batch, { id: taskIds[i]!, buyerId: buyer.id, input: r.input!, now }, `row ${r.row} `),
  );
  alsoInBatch?.(batch);
  const done = await batch
    // a broken constraint: the same key raced this request (answer its posting), or the balance was spent or a
    // debt appeared meanwhile (CHECK (coin >= 0), the debt trigger)
    .run({
      refusal: async () => {
        const raced = await postedUnder(env, buyer.id, requestKey);
        if (raced) return new RacedBatch(raced);
        return spendRefusal(env, buyer.id, async () =>
          postingShort(tasks, coins, coins - (await coinsOf(env, buyer.id))),
        );
      },
    })
    .catch((e: unknown) => {
      if (e instanceof RacedBatch) return e;
      throw e;
    });
  if (done instanceof RacedBatch) return done.posted;
  return { tasks: file.rows.length, taskIds, coins, created: true };
}

/** Every error of the rows that have any, by "row <n>" or "row <n>.<column>" (REST's `fields`). */
function rowErrorFields(rows: BatchRow[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const r of rows)
    for (const e of r.errors)
      (fields[e.column ? `row ${r.row}.${e.column}` : `row ${r.row}`] ??= []).push(e.message.english);
  return fields;
}

/** REST: posts a CSV file's tasks at once, once per request key (the key again answers its posting, whatever the file). */
export async function postTaskFile(
  env: Env,
  buyer: SessionUser,
  bytes: Uint8Array,
  requestKey: string,
): Promise<PostedBatch> {
  const earlier = await postedUnder(env, buyer.id, requestKey);
  if (earlier) return earlier;
  return postRows(env, buyer, readTaskFile(textOf(bytes), minimumPayOf(env)), requestKey);
}

/**
 * The page: keeps an upload (refused as a whole if it cannot be a batch) for its preview, in place of the buyer's
 * earlier one; returns its id.
 */
export async function saveTaskBatchDraft(env: Env, buyer: SessionUser, fileName: string, bytes: Uint8Array) {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can post tasks");
  const text = textOf(bytes);
  readTaskFile(text, minimumPayOf(env));
  const id = newId();
  await newBatch(env)
    .step("replace", sql`DELETE FROM task_batch_drafts WHERE buyer_id = ${buyer.id}`)
    .step(
      "draft",
      getDb(env)
        .insert(taskBatchDrafts)
        .values({ id, buyerId: buyer.id, fileName: fileName.slice(0, 200), csv: text, createdAt: Date.now() }),
    )
    .run();
  return id;
}

async function draftOf(env: Env, buyerId: string, id: string) {
  const [draft] = await getDb(env)
    .select()
    .from(taskBatchDrafts)
    .where(and(eq(taskBatchDrafts.id, id), eq(taskBatchDrafts.buyerId, buyerId)))
    .limit(1);
  return draft ?? null;
}

/** The preview of the buyer's upload: every row with its errors, the escrow and how many coins are missing; null when gone. */
export async function taskBatchPreview(env: Env, buyer: SessionUser, id: string) {
  const [draft, balance] = await Promise.all([draftOf(env, buyer.id, id), coinsOf(env, buyer.id)]);
  if (!draft) return null;
  const file = readTaskFile(draft.csv, minimumPayOf(env));
  return { id, fileName: draft.fileName, ...file, balance, missing: Math.max(file.coins - balance, 0) };
}

/** "Post all" on the page: the upload's tasks, parsed again from the stored file; the upload goes in the same batch. */
export async function postTaskBatchDraft(env: Env, buyer: SessionUser, id: string): Promise<PostedBatch> {
  const earlier = await postedUnder(env, buyer.id, id);
  if (earlier) return earlier;
  const draft = await draftOf(env, buyer.id, id);
  if (!draft) throw notFound(DRAFT_GONE);
  return postRows(env, buyer, readTaskFile(draft.csv, minimumPayOf(env)), id, (batch) =>
    batch.step("forget draft", sql`DELETE FROM task_batch_drafts WHERE id = ${id}`),
  );
}
