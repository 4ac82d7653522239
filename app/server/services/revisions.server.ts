// Revision instead of rejection (docs/decisions/055-a-revision-keeps-the-submission-pending.md): on a pending
// submission its buyer may ask once for a revision, with a note. The submission stays pending (it keeps its slot's
// escrow, no coin moves, nothing counts as a rejection); while the revision is outstanding the buyer cannot decide
// and the review window does not run out (submissions.server.ts requires `noRevisionOutstanding`). The worker's edit
// within 48 hours is the resubmission (editSubmission clears the revision, and its new proof gets the whole review
// window); without it the revision lapses: the original proof waits for review again, with a fresh window.
import { PUSH_TITLES, queuePush } from "./push.server";
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { submissions, tasks } from "../db/schema";
import { AppError, conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { CHANGED_MEANWHILE, notice, notification } from "./ledger.server";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import {
  REVISION_HOURS,
  REVISION_NOTE_MAX,
  REVISION_NOTE_REQUIRED,
  REVISION_NOTE_TOO_LONG,
} from "~/lib/schemas/revisions";
import type { Language } from "~/lib/i18n/languages";
import { serverWords } from "~/lib/i18n/words.server";
import { formatsOf } from "~/lib/i18n/format";

const REVISION_MS = REVISION_HOURS * 60 * 60 * 1000;

export const ONE_REVISION = "You already asked for a revision of this submission. Approve or reject it now.";
export const REVISION_OUTSTANDING =
  "You asked for a revision: wait for the worker's resubmission (or for its 48 hours to end) before you decide.";
export const NOT_PENDING_FOR_REVISION = "Only a submission waiting for review can be sent back for a revision.";

/**
 * The worker's notification of a revision request: the task, when the revision is due and the buyer's note. A
 * notification is stored text read in any zone, so the due time is written in UTC and says so; the submission's page
 * it opens shows it in the reader's own zone.
 */
export const revisionAskedNotice = (taskTitle: string, dueAt: number, note: string, language: Language = "en") =>
  serverWords(language, "notifications")("revision.asked", {
    title: taskTitle,
    due: formatsOf(language).dateTime(dueAt, "UTC"),
    note,
  });

/** SQL true when the submission has no revision outstanding: a decision and the review window's end require it. */
export const noRevisionOutstanding = sql`revision_due_at IS NULL`;

async function readForRevision(env: Env, submissionId: string) {
  const rows = await getDb(env)
    .select({
      id: submissions.id,
      buyerId: submissions.buyerId,
      workerId: submissions.workerId,
      status: submissions.status,
      editedAt: submissions.editedAt,
      revisionRequestedAt: submissions.revisionRequestedAt,
      revisionDueAt: submissions.revisionDueAt,
      taskTitle: tasks.taskTitle,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(eq(submissions.id, submissionId))
    .limit(1);
  return rows[0];
}

/** Why this buyer cannot ask for a revision of the submission as read. */
function assertRevisable(
  read: Awaited<ReturnType<typeof readForRevision>>,
  buyer: SessionUser,
): asserts read is NonNullable<Awaited<ReturnType<typeof readForRevision>>> {
  if (!read) throw notFound("Submission not found");
  if (read.buyerId !== buyer.id) throw forbidden("Only the task's buyer can ask for a revision of this submission");
  if (read.status !== "pending") throw conflict(NOT_PENDING_FOR_REVISION);
  if (read.revisionRequestedAt !== null) throw conflict(ONE_REVISION);
}

/** The note as the service takes it: required, at most REVISION_NOTE_MAX characters (for callers that skip the schema). */
function assertNote(note: string) {
  const text = note.trim();
  if (!text) throw new AppError("validation_failed", REVISION_NOTE_REQUIRED, { note: [REVISION_NOTE_REQUIRED] });
  if (text.length > REVISION_NOTE_MAX)
    throw new AppError("validation_failed", REVISION_NOTE_TOO_LONG, { note: [REVISION_NOTE_TOO_LONG] });
  return text;
}

/**
 * The buyer asks for the one revision of a pending submission: the worker has REVISION_HOURS to resubmit and is
 * told, with the note. Nothing else changes: the submission stays pending, its escrow where it is.
 */
export async function requestRevision(
  env: Env,
  buyer: SessionUser,
  submissionId: string,
  note: string,
  now = Date.now(),
) {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers review submissions");
  const text = assertNote(note);
  await lapseDueRevisions(env, now, submissionId);
  const read = await readForRevision(env, submissionId);
  assertRevisable(read, buyer);
  const dueAt = now + REVISION_MS;
  const when = sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${read.id} AND status = 'pending'
    AND revision_requested_at IS NULL AND COALESCE(edited_at, 0) = ${read.editedAt ?? 0})`;
  const noticeId = newId();
  const done = await newBatch(env)
    .step(
      "notify worker",
      notification({
        id: noticeId,
        userId: read.workerId,
        message: (language) => revisionAskedNotice(read.taskTitle, dueAt, text, language),
        actionRoute: NOTIFICATION_LINKS.revisionRequested(read.id),
        now,
        when,
      }),
    )
    .step("push worker", queuePush(noticeId, read.workerId, PUSH_TITLES.revisionRequested))
    .step(
      "request",
      sql`UPDATE submissions SET revision_note = ${text}, revision_requested_at = ${now}, revision_due_at = ${dueAt}
        WHERE id = ${read.id} AND ${when}`,
    )
    .run();
  if (done.changes("request") === 0) {
    assertRevisable(await readForRevision(env, submissionId), buyer);
    throw conflict(CHANGED_MEANWHILE);
  }
  return { id: read.id, revisionDueAt: dueAt, revisionNote: text };
}

/**
 * Revisions whose 48 hours ended without a resubmission lapse (oldest first, at most 200 a call, ten a batch): the
 * original proof waits for review again with a fresh review window (its clock, edited_at, is set to the lapse, so
 * a page that showed the proof before the request cannot decide on that old look), and both sides are told. The
 * Cron Trigger calls it for all; a read or a step on one submission calls it for that one (the check on read).
 * Returns how many lapsed.
 */
export async function lapseDueRevisions(env: Env, now = Date.now(), submissionId?: string): Promise<number> {
  const due = await getDb(env)
    .select({
      id: submissions.id,
      workerId: submissions.workerId,
      buyerId: submissions.buyerId,
      dueAt: submissions.revisionDueAt,
      taskTitle: tasks.taskTitle,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .where(
      and(
        eq(submissions.status, "pending"),
        isNotNull(submissions.revisionDueAt),
        lte(submissions.revisionDueAt, now),
        submissionId ? eq(submissions.id, submissionId) : undefined,
      ),
    )
    .orderBy(asc(submissions.revisionDueAt))
    .limit(200);
  let lapsed = 0;
  for (let i = 0; i < due.length; i += 10) {
    const batch = newBatch(env);
    const decisive = due.slice(i, i + 10).map((s) => {
      const when = sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${s.id} AND status = 'pending' AND revision_due_at = ${s.dueAt})`;
      const p = `${s.id}: `;
      batch
        .step(
          `${p}notify worker`,
          notification({
            id: newId(),
            userId: s.workerId,
            message: notice("revision.timeRanOut", { title: s.taskTitle }),
            actionRoute: NOTIFICATION_LINKS.revisionRequested(s.id),
            now,
            when,
          }),
        )
        .step(
          `${p}notify buyer`,
          notification({
            id: newId(),
            userId: s.buyerId,
            message: notice("revision.noneCame", { title: s.taskTitle, hours: REVISION_HOURS }),
            actionRoute: NOTIFICATION_LINKS.submissionReceived,
            now,
            when,
          }),
        )
        .step(
          `${p}lapse`,
          sql`UPDATE submissions SET revision_due_at = NULL, edited_at = ${s.dueAt} WHERE id = ${s.id} AND ${when}`,
        );
      return `${p}lapse`;
    });
    const done = await batch.run();
    lapsed += decisive.filter((label) => done.changes(label) > 0).length;
  }
  return lapsed;
}

/**
 * `read`'s answer as it is now (the check on read): when a submission in it (`rowsOf`) has a revision whose 48 hours
 * ended, that revision lapses and `read` runs again, so the page shows the proof as decidable. Only that rare
 * request pays a second read.
 */
export async function afterDueRevisions<T>(
  env: Env,
  now: number,
  read: () => Promise<T>,
  rowsOf: (answer: T) => { id: string; status: string; revisionDueAt: number | null }[],
): Promise<T> {
  const answer = await read();
  const due = rowsOf(answer).filter(
    (s) => s.status === "pending" && s.revisionDueAt !== null && s.revisionDueAt <= now,
  );
  if (!due.length) return answer;
  for (const s of due) await lapseDueRevisions(env, now, s.id);
  return read();
}

/** A submission's revision as its pages show it (a lapse due is done first: the check on read); null: no submission. */
export async function revisionOf(env: Env, submissionId: string, now = Date.now()) {
  await lapseDueRevisions(env, now, submissionId);
  const rows = await getDb(env)
    .select({
      status: submissions.status,
      note: submissions.revisionNote,
      requestedAt: submissions.revisionRequestedAt,
      dueAt: submissions.revisionDueAt,
    })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .limit(1);
  return rows[0] ?? null;
}
