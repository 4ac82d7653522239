// The buyer's review queue as Buyer Home and the REST API need it: each pending submission with its auto-approval
// countdown and its worker's track record, and approving several at once. Each approval is still its own batch
// through `approveSubmission`, so one refused approval leaves the others done.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { preparedRead } from "../db/prepared.server";
import { submissions, taskFigures, tasks, workerTrackRecords } from "../db/schema";
import { jsonColumn, outerColumn } from "../db/sql";
import { AppError, refusal, type Refusal } from "../errors";
import type { SessionUser } from "../auth/session.server";
import type { PageRequest } from "../db/paging";
import {
  ALREADY_REVIEWED,
  approveSubmission,
  proofVersion,
  findSubmissionViews,
  listBuyerSubmissions,
  rejectSubmission,
  reviewWindowOf,
} from "./submissions.server";
import { afterDueRevisions } from "./revisions.server";
import { proofFlagColumns, proofFlagsOf, wrongAnswerPending } from "./proof-flags.server";
import { WRONG_ANSWER_REASON } from "~/lib/proof-flags";
import {
  autoApproveCountdown,
  autoApprovesAt,
  BULK_APPROVE_LIMIT,
  NONE_SELECTED,
  TOO_MANY_TO_APPROVE,
  type BulkRowOutcome,
  type TrackRecord,
} from "~/lib/review";

const NO_REVIEWED_WORK: TrackRecord = { approved: 0, rejected: 0 };

/**
 * The outer row's worker's approved and rejected counts, a column of the row's statement: one primary-key seek
 * (migrations/0009); a worker with none reviewed has no row.
 */
function trackRecordColumn() {
  return jsonColumn<TrackRecord>(sql`(SELECT json_object('approved', r.approved, 'rejected', r.rejected)
    FROM ${workerTrackRecords} r WHERE r.worker_id = ${outerColumn(submissions.workerId)})`);
}

/**
 * The buyer's pending submissions (of one task with `taskId`), newest first, each with when it auto-approves (the
 * window runs from the proof's last change), its worker's track record and its flags, in one statement.
 */
export async function reviewQueue(
  env: Env,
  buyerId: string,
  opts: PageRequest & { taskId?: string },
  now = Date.now(),
) {
  // revisions whose 48 hours ended lapse first, so the page shows their proof as decidable
  const page = await afterDueRevisions(
    env,
    now,
    () =>
      listBuyerSubmissions(
        env,
        buyerId,
        { ...opts, status: ["pending"] },
        { trackRecord: trackRecordColumn(), ...proofFlagColumns() },
      ),
    (p) => p.items,
  );
  const days = reviewWindowOf(env);
  return {
    ...page,
    items: page.items.map(({ wrongAnswer, copyOf, textCopyOf, ...s }) => {
      const dueAt = autoApprovesAt(s.editedAt ?? s.createdAt, days);
      return {
        ...s,
        autoApprovesAt: dueAt,
        autoApproves: autoApproveCountdown(dueAt, now),
        trackRecord: s.trackRecord ?? NO_REVIEWED_WORK,
        flags: proofFlagsOf({ wrongAnswer, copyOf, textCopyOf }),
      };
    }),
  };
}

/**
 * At most this many tasks are offered in the review queue's filter (those with the most submissions waiting; any
 * other is one click away on My Tasks). Each is an option and a row of the page's data: 50 keep Buyer Home under
 * its 60 KB (docs/performance.md) for a buyer with work waiting on many tasks.
 */
const TASK_CHOICES = 50;

// Read from the per-task counters (migrations/0020) through their index of tasks with something pending, so the
// buyer's other tasks are never read. On every Buyer Home: its SQL is built once (db/prepared.server.ts).
const mostPendingTasks = preparedRead((db) =>
  db
    // (sql fields: drizzle maps table columns only when it knows the table, which INDEXED BY hides from it)
    .select({
      id: sql<string>`${taskFigures.taskId}`,
      title: tasks.taskTitle,
      pending: sql<number>`${taskFigures.pending}`,
      // a window is summed before the LIMIT: every task's waiting submissions, offered or not
      allPending: sql<number>`sum(${taskFigures.pending}) OVER ()`,
    })
    .from(sql`${taskFigures} INDEXED BY task_figures_pending_idx`)
    .innerJoin(tasks, eq(tasks.id, taskFigures.taskId))
    // literal: only a constant condition lets SQLite prove the partial index applies
    .where(and(eq(taskFigures.buyerId, sql.placeholder("buyerId")), sql`${taskFigures.pending} > 0`))
    .orderBy(desc(taskFigures.pending), asc(tasks.taskTitle))
    .limit(TASK_CHOICES)
    .prepare(),
);

/**
 * The review queue's choice of task: the buyer's tasks with submissions waiting, and how many each (those with the
 * most waiting when there are more than TASK_CHOICES, listed by title), and how many wait on all their tasks.
 */
export async function tasksToReview(env: Env, buyerId: string) {
  const rows = await mostPendingTasks(env, { buyerId });
  return {
    choices: rows
      .map(({ id, title, pending }) => ({ id, title, pending }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    allPending: rows[0]?.allPending ?? 0,
  };
}

/** What happened to one submission of a bulk approval; a refusal's code and words, and names only for the buyer's own. */
export interface BulkApprovalResult extends BulkRowOutcome {
  code?: Refusal["code"];
}

function outcomeOf(r: Refusal): string {
  if (r.message === ALREADY_REVIEWED) return "already reviewed";
  if (r.code === "forbidden") return "not yours";
  if (r.code === "not_found") return "not found";
  return "not approved";
}

/** "3 approved, 1 already reviewed": the outcomes counted, approved first. */
function summarize(results: BulkApprovalResult[]): string {
  const counts = new Map<string, number>([["approved", 0]]);
  for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  return [...counts].map(([outcome, n]) => `${n} ${outcome}`).join(", ");
}

/**
 * Approves each of these submissions (at most BULK_APPROVE_LIMIT, duplicates once) as `approveSubmission` does, one
 * batch each, in order: a refusal is that submission's outcome and the others go on.
 */
export async function approveSubmissions(env: Env, buyer: SessionUser, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError("validation_failed", NONE_SELECTED, { ids: [NONE_SELECTED] });
  if (unique.length > BULK_APPROVE_LIMIT)
    throw new AppError("validation_failed", TOO_MANY_TO_APPROVE, { ids: [TOO_MANY_TO_APPROVE] }).saying(
      "review.tooMany",
      {
        count: BULK_APPROVE_LIMIT,
      },
    );
  const names = new Map(
    (await findSubmissionViews(env, unique, buyer.id)).map((s) => [
      s.id,
      { workerName: s.workerName, taskTitle: s.taskTitle },
    ]),
  );
  const results: BulkApprovalResult[] = [];
  for (const id of unique) {
    try {
      await approveSubmission(env, buyer, id);
      results.push({ id, approved: true, outcome: "approved", ...names.get(id) });
    } catch (e) {
      const r = refusal(e);
      results.push({ id, approved: false, outcome: outcomeOf(r), code: r.code, message: r.message, ...names.get(id) });
    }
  }
  const approved = results.filter((r) => r.approved).length;
  return { approved, refused: results.length - approved, summary: summarize(results), results };
}

/**
 * "Reject flagged": rejects the buyer's pending submissions whose check answer is wrong (at most BULK_APPROVE_LIMIT,
 * oldest first) with WRONG_ANSWER_REASON, each through `rejectSubmission` and its own ledger batch, so each is a
 * rejection like any other (the slot reopens, the worker is told and may appeal). Each is rejected only as read: a
 * submission its worker changed since (an answer corrected in a revision, judged again) is refused, not rejected. A
 * refusal is that submission's outcome and the others go on.
 */
export async function rejectFlagged(env: Env, buyer: SessionUser) {
  const flagged = await wrongAnswerPending(env, buyer.id, BULK_APPROVE_LIMIT);
  let rejected = 0;
  const refused: { id: string; message: string }[] = [];
  for (const { id, editedAt } of flagged) {
    try {
      await rejectSubmission(env, buyer, id, WRONG_ANSWER_REASON, proofVersion({ editedAt }));
      rejected++;
    } catch (e) {
      refused.push({ id, message: refusal(e).message });
    }
  }
  return { rejected, refused };
}
