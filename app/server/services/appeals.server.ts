// Appeals (docs/decisions/014-appeals.md): a rejected worker appeals once, within APPEAL_WINDOW_DAYS of the
// rejection, with a short text; an admin upholds the rejection (nothing moves) or overturns it: the submission is
// approved and the worker paid exactly what an approval pays, from the task's open slot when the rejection's slot is
// still open, else from the buyer's balance, the shortfall advanced as the buyer's debt. Each step is one D1 batch.
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb, newId } from "../db/client.server";
import { newBatch, type Batch } from "../db/batch.server";
import { fetchPage, pageWindow, type PageRequest } from "../db/paging";
import { appeals, submissions, tasks, users } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { chargeOrAdvance } from "./debts.server";
import { audit, CHANGED_MEANWHILE, notice, notification, posting, type NoticeWords } from "./ledger.server";
import {
  APPEAL_WINDOW_DAYS,
  APPEAL_WINDOW_MS,
  overturnPlan,
  overturnSource,
  withinAppealWindow,
  type AppealDecision,
  type AppealList,
} from "~/lib/appeals";
import { formatCoins } from "~/lib/format";
import { serverWords } from "~/lib/i18n/words.server";

export const ONLY_REJECTED = "Only a rejected submission can be appealed.";
export const ALREADY_APPEALED = "You have already appealed this rejection.";
export const WINDOW_PASSED = `The ${APPEAL_WINDOW_DAYS} days to appeal this rejection have passed.`;
export const ALREADY_DECIDED = "This appeal has already been decided.";
export const ACTIVE_ELSEWHERE =
  "The worker has another pending or approved submission for this task, so this one cannot be approved. Uphold the rejection instead.";

/** A submission as an appeal of it needs it. */
async function readAppealable(env: Env, submissionId: string) {
  const rows = await getDb(env)
    .select({
      id: submissions.id,
      workerId: submissions.workerId,
      buyerId: submissions.buyerId,
      status: submissions.status,
      reviewedAt: submissions.reviewedAt,
      appealId: appeals.id,
    })
    .from(submissions)
    .leftJoin(appeals, eq(appeals.submissionId, submissions.id))
    .where(eq(submissions.id, submissionId))
    .limit(1);
  return rows[0];
}
type Appealable = NonNullable<Awaited<ReturnType<typeof readAppealable>>>;

/** Throws why this worker cannot appeal the submission as read at `now`; the insert's conditions are the same. */
function assertAppealable(s: Appealable | undefined, worker: SessionUser, now: number): asserts s is Appealable {
  if (!s) throw notFound("Submission not found");
  if (s.workerId !== worker.id) throw forbidden("Only the submission's worker can appeal its rejection");
  if (s.appealId) throw conflict(ALREADY_APPEALED);
  if (s.status !== "rejected") throw conflict(ONLY_REJECTED);
  if (!withinAppealWindow(s.reviewedAt, now))
    throw conflict(WINDOW_PASSED).saying("appeal.windowPassed", { days: APPEAL_WINDOW_DAYS });
}

/**
 * Files the worker's appeal of a rejection. The window runs from the rejection (the submission's review time) for
 * APPEAL_WINDOW_DAYS x 24 hours, its last millisecond included. One appeal per submission (a UNIQUE index).
 */
export async function fileAppeal(env: Env, worker: SessionUser, submissionId: string, text: string) {
  if (worker.role !== "Worker") throw forbidden("Only workers can appeal a rejection");
  const now = Date.now();
  assertAppealable(await readAppealable(env, submissionId), worker, now);
  const id = newId();
  const done = await newBatch(env)
    .step(
      "appeal",
      sql`INSERT INTO appeals (id, submission_id, worker_id, buyer_id, appeal_text, status, created_at)
        SELECT ${id}, s.id, s.worker_id, s.buyer_id, ${text}, 'pending', ${now} FROM submissions s
        WHERE s.id = ${submissionId} AND s.worker_id = ${worker.id} AND s.status = 'rejected'
          AND s.reviewed_at >= ${now - APPEAL_WINDOW_MS}`,
    )
    .run({ refusal: () => conflict(ALREADY_APPEALED), constraint: "appeals" });
  if (done.changes("appeal") === 0) {
    assertAppealable(await readAppealable(env, submissionId), worker, now);
    throw conflict(CHANGED_MEANWHILE);
  }
  return (await getDb(env).select().from(appeals).where(eq(appeals.id, id)).limit(1))[0]!;
}

const workerUser = alias(users, "w");
const buyerUser = alias(users, "b");
const decider = alias(users, "d");

/** An appeal with what its decision and its row on the admin page need. */
function selectAppeals(env: Env) {
  return getDb(env)
    .select({
      appeal: appeals,
      payableAmount: submissions.payableAmount,
      submissionStatus: submissions.status,
      rejectReason: submissions.rejectReason,
      rejectedAt: submissions.reviewedAt,
      // the evidence an admin decides on: the worker's proof and what the task asked for
      proofText: submissions.submissionDetails,
      proofImageUrl: submissions.submissionImageUrl,
      taskId: tasks.id,
      taskTitle: tasks.taskTitle,
      taskInstructions: tasks.submissionInfo,
      // the pay of one open slot of the task, when it is live and has one left
      slotPay: sql<
        number | null
      >`CASE WHEN ${tasks.deletedAt} IS NULL AND ${tasks.requiredWorkers} > 0 THEN ${tasks.payableAmount} END`,
      workerName: workerUser.name,
      workerEmail: workerUser.email,
      buyerName: buyerUser.name,
      buyerEmail: buyerUser.email,
      buyerCoins: buyerUser.coin,
      deciderName: decider.name,
    })
    .from(appeals)
    .innerJoin(submissions, eq(submissions.id, appeals.submissionId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(workerUser, eq(workerUser.id, appeals.workerId))
    .innerJoin(buyerUser, eq(buyerUser.id, appeals.buyerId))
    .leftJoin(decider, eq(decider.id, appeals.decidedBy));
}

function flatten({ appeal, ...r }: AppealRead) {
  return { ...r, ...appeal };
}
export type AppealView = ReturnType<typeof flatten>;

/** One appeal with its task, worker and buyer (the REST answer to filing one). */
export async function findAppealView(env: Env, appealId: string): Promise<AppealView | null> {
  const read = await readAppeal(env, appealId);
  return read ? flatten(read) : null;
}

async function readAppeal(env: Env, appealId: string) {
  return (await selectAppeals(env).where(eq(appeals.id, appealId)).limit(1))[0];
}
type AppealRead = NonNullable<Awaited<ReturnType<typeof readAppeal>>>;

function assertPending(a: AppealRead | undefined): asserts a is AppealRead {
  if (!a) throw notFound("Appeal not found");
  if (a.appeal.status !== "pending") throw conflict(ALREADY_DECIDED);
}

/**
 * The guard of a decision's steps: the appeal is pending, its submission still rejected, and the task as read (its
 * title, which the notices name, and its open slot, which decides where the coins come from). A stale read changes
 * nothing.
 */
function asRead(a: AppealRead) {
  const slot = sql`SELECT 1 FROM tasks WHERE id = ${a.taskId} AND deleted_at IS NULL AND required_workers > 0`;
  return sql`${pendingAsNamed(a)}
    AND EXISTS (SELECT 1 FROM submissions WHERE id = ${a.appeal.submissionId} AND status = 'rejected')
    AND ${a.slotPay === null ? sql`NOT EXISTS (${slot})` : sql`EXISTS (${slot} AND payable_amount = ${a.slotPay})`}`;
}

/** The appeal still pending and its task still titled as the records name it: all an uphold hinges on. */
function pendingAsNamed(a: AppealRead) {
  return sql`EXISTS (SELECT 1 FROM appeals WHERE id = ${a.appeal.id} AND status = 'pending')
    AND EXISTS (SELECT 1 FROM tasks WHERE id = ${a.taskId} AND task_title = ${a.taskTitle})`;
}

interface Decision {
  status: "upheld" | "overturned";
  admin: SessionUser;
  now: number;
  /** what the steps before it did hinges on */
  when: SQL;
}

/** The decision itself, last: the step every other one's guard reads (the appeal still pending). */
function addDecision(batch: Batch, a: AppealRead, d: Decision) {
  batch.step(
    "decide",
    sql`UPDATE appeals SET status = ${d.status}, decided_at = ${d.now}, decided_by = ${d.admin.id}
      WHERE id = ${a.appeal.id} AND status = 'pending' AND ${d.when}`,
  );
}

interface Records {
  action: "appeal.uphold" | "appeal.overturn";
  /** the audit row's detail */
  detail: string;
  /** the worker's notice */
  notice: NoticeWords;
}

/** The decision's audit row and the worker's notice, under the guard the decision's other steps hinge on. */
function addRecords(batch: Batch, a: AppealRead, d: Decision, r: Records) {
  batch
    .step(
      "audit",
      audit({
        id: newId(),
        actorId: d.admin.id,
        action: r.action,
        targetType: "appeal",
        targetId: a.appeal.id,
        detail: r.detail,
        now: d.now,
        when: d.when,
      }),
    )
    .step(
      "notify worker",
      notification({
        id: newId(),
        userId: a.appeal.workerId,
        message: r.notice,
        actionRoute: NOTIFICATION_LINKS.appealDecided,
        now: d.now,
        when: d.when,
      }),
    );
}

/** Upholding moves nothing: the records, while the appeal is pending and the task's title as read. */
function upholdSteps(batch: Batch, a: AppealRead, admin: SessionUser, now: number) {
  const d: Decision = { status: "upheld", admin, now, when: pendingAsNamed(a) };
  addRecords(batch, a, d, {
    action: "appeal.uphold",
    detail: `"${a.taskTitle}": the rejection stands`,
    notice: notice("appeal.upheld", { title: a.taskTitle }),
  });
  addDecision(batch, a, d);
}

/**
 * An overturn: the buyer's charge (the shortfall advanced as debt) and the worker's payout while the guard holds;
 * then, pivoting on the payout row, the notices, the audit row, the approval, the slot taken back and the decision
 * (the last three change what the guard reads).
 */
function overturnSteps(batch: Batch, a: AppealRead, admin: SessionUser, now: number) {
  const when = asRead(a);
  const pay = a.payableAmount;
  const plan = overturnPlan({ pay, slotPay: a.slotPay });
  const payoutId = newId();
  const paid = sql`EXISTS (SELECT 1 FROM coin_ledger WHERE id = ${payoutId})`;
  chargeOrAdvance(batch, "buyer", {
    userId: a.appeal.buyerId,
    coins: plan.charge,
    submissionId: a.appeal.submissionId,
    now,
    when,
  });
  batch
    .step(
      "payout",
      ...posting({
        id: payoutId,
        userId: a.appeal.workerId,
        delta: pay,
        kind: "submission_payout",
        submissionId: a.appeal.submissionId,
        now,
        when,
      }),
    )
    .step(
      "notify buyer",
      notification({
        id: newId(),
        userId: a.appeal.buyerId,
        // the debt, if any, is what the batch finds the balance lacked
        message: (language) => {
          const t = serverWords(language, "notifications");
          const source = !plan.fromSlot
            ? t("appeal.fromBalance")
            : plan.charge > 0
              ? t("appeal.fromSlotAndBalance", { coins: plan.charge })
              : plan.charge < 0
                ? t("appeal.fromSlotAndBack", { coins: -plan.charge })
                : t("appeal.fromSlot");
          const [before, after] = t("appeal.shortBy", { coins: "\u0000" }).split("\u0000");
          return sql`${t("appeal.overturnedForBuyer", { worker: a.workerName, title: a.taskTitle, coins: pay, source })}
          || COALESCE((SELECT ${before} || delta || ${after}
            FROM coin_ledger WHERE submission_id = ${a.appeal.submissionId} AND kind = 'debt_advance'), '')`;
        },
        actionRoute: NOTIFICATION_LINKS.appealOverturned,
        now,
        when: paid,
      }),
    )
    .step(
      "approve",
      sql`UPDATE submissions SET status = 'approved', reviewed_at = ${now} WHERE id = ${a.appeal.submissionId} AND status = 'rejected' AND ${paid}`,
    );
  const d: Decision = { status: "overturned", admin, now, when: paid };
  addRecords(batch, a, d, {
    action: "appeal.overturn",
    detail: `"${a.taskTitle}": ${formatCoins(pay)} to ${a.workerName} ${overturnSource(plan, "the buyer's")}`,
    notice: notice("appeal.overturned", { title: a.taskTitle, coins: pay }),
  });
  if (plan.fromSlot) {
    batch.step(
      "take slot",
      sql`UPDATE tasks SET required_workers = required_workers - 1 WHERE id = ${a.taskId} AND required_workers > 0 AND ${paid}`,
    );
  }
  addDecision(batch, a, d);
}

/** Whether the worker has a pending or approved submission for the appeal's task (then this one cannot be approved). */
async function hasLiveSubmission(env: Env, a: AppealRead) {
  const rows = await getDb(env)
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.taskId, a.taskId),
        eq(submissions.workerId, a.appeal.workerId),
        inArray(submissions.status, ["pending", "approved"]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** An admin upholds the rejection (nothing moves) or overturns it (the worker is paid), once. */
export async function decideAppeal(env: Env, admin: SessionUser, appealId: string, decision: AppealDecision) {
  if (admin.role !== "Admin") throw forbidden("Only admins can decide appeals");
  const read = await readAppeal(env, appealId);
  assertPending(read);
  if (decision === "overturn" && (await hasLiveSubmission(env, read))) throw conflict(ACTIVE_ELSEWHERE);
  const now = Date.now();
  const batch = newBatch(env);
  (decision === "uphold" ? upholdSteps : overturnSteps)(batch, read, admin, now);
  // Approving fails on the one-live-submission-per-task index when the worker submitted to the task again since.
  const done = await batch.run({ refusal: () => conflict(ACTIVE_ELSEWHERE), constraint: "submissions" });
  if (done.changes("decide") === 0) {
    assertPending(await readAppeal(env, appealId));
    throw conflict(CHANGED_MEANWHILE);
  }
  return { modifiedCount: 1, status: decision === "uphold" ? ("upheld" as const) : ("overturned" as const) };
}

interface AppealListOptions extends PageRequest {
  show: AppealList;
  /** only this appeal (still within `show`'s list) */
  appeal?: string;
}

/**
 * The admin queue: pending appeals oldest first (they wait longest), or decided ones newest decision first, each
 * walking its partial index of migrations/0007 in that order.
 */
export async function listAppeals(env: Env, opts: AppealListOptions) {
  const w = pageWindow(opts, 10);
  const pending = opts.show === "pending";
  const where = and(
    pending ? eq(appeals.status, "pending") : ne(appeals.status, "pending"),
    opts.appeal ? eq(appeals.id, opts.appeal) : undefined,
  );
  const page = await fetchPage(
    w,
    selectAppeals(env)
      .where(where)
      .orderBy(...(pending ? [asc(appeals.createdAt), asc(appeals.id)] : [desc(appeals.decidedAt), asc(appeals.id)]))
      .limit(w.limit)
      .offset(w.offset),
    getDb(env).select({ n: count() }).from(appeals).where(where),
  );
  return { ...page, items: page.items.map(flatten) };
}
