// The requester API's reads of a buyer's tasks (HITs) and their submissions (assignments), each scoped to the buyer
// who asks, paged by keyset (newest first, then id) so a page costs the same however many came before; a HIT's
// place in MTurk's lifecycle (`hitStatusOf`, and the Reviewing mark of migrations/0066). And the UniqueRequestToken
// steps CreateHIT adds to the posting's batch; HIT types, and what a HIT made through the API carries beyond its
// task (its type, Question XML, annotation).
import { and, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb } from "../db/client.server";
import type { Batch } from "../db/batch.server";
import {
  hitAssignments,
  hitRequestTokens,
  hitTypes,
  mturkHits,
  openSlotsNow,
  submissions,
  taskFigures,
  tasks,
  users,
} from "../db/schema";
import type { SubmissionStatus } from "./submissions.server";
import { deadlineDay, isPastDate } from "~/lib/deadline";

/** A UniqueRequestToken makes nothing new for this long (MTurk's 24 hours). */
export const REQUEST_TOKEN_MS = 24 * 60 * 60 * 1000;

/** Where a page starts: after the row with this creation time and id (the previous page's last). */
export interface Keyset {
  createdAt: number;
  id: string;
}

const after = (createdAt: SQLiteColumn, id: SQLiteColumn, k?: Keyset): SQL | undefined =>
  k ? or(lt(createdAt, k.createdAt), and(eq(createdAt, k.createdAt), lt(id, k.id))) : undefined;

/** The task's figures of a HIT: its slots held by a live start, and those whose start ran out (still to sweep). */
const holdsOf = (live: boolean, now: number) =>
  sql<number>`(SELECT COUNT(*) FROM task_holds h WHERE h.task_id = ${tasks.id}
    AND h.expires_at ${live ? sql`>` : sql`<=`} ${now})`;

/**
 * The requirements a task posted on Coinwork's pages applies (task_requirements, task_qualifications), as one JSON
 * value; a HIT made through the API answers its HIT type's QualificationRequirements instead.
 */
const pageRequirements = sql<string | null>`(SELECT json_object(
    'rate', (SELECT r.min_approval_rate FROM task_requirements r WHERE r.task_id = ${tasks.id}),
    'approved', (SELECT r.min_approved FROM task_requirements r WHERE r.task_id = ${tasks.id}),
    'qualifications', (SELECT json_group_array(json_array(q.qualification_id, q.min_score))
      FROM task_qualifications q WHERE q.task_id = ${tasks.id})))`;

function selectHits(now: number) {
  return {
    task: tasks,
    // a start whose time has run out is an available assignment (docs/decisions/073)
    openSlots: openSlotsNow,
    pending: sql<number>`COALESCE(${taskFigures.pending}, 0)`,
    approved: sql<number>`COALESCE(${taskFigures.approved}, 0)`,
    rejected: sql<number>`COALESCE(${taskFigures.rejected}, 0)`,
    liveHolds: holdsOf(true, now),
    lapsedHolds: holdsOf(false, now),
    hitTypeId: mturkHits.hitTypeId,
    keywords: hitTypes.keywords,
    question: mturkHits.question,
    annotation: mturkHits.requesterAnnotation,
    typeRequirements: hitTypes.qualificationRequirements,
    pageRequirements,
  };
}

export type HitRow = {
  task: typeof tasks.$inferSelect;
  /** its open slots now (openSlotsNow); a HIT just created has its required_workers */
  openSlots?: number;
  /** submissions waiting for review, approved and rejected */
  pending: number;
  approved: number;
  rejected: number;
  /** slots held by a worker's live start, and starts whose time ran out but whose slot is not back yet */
  liveHolds: number;
  lapsedHolds: number;
  /** null for a task posted on Coinwork's pages */
  hitTypeId: string | null;
  keywords: string | null;
  question: string | null;
  annotation: string | null;
  /** the HIT type's QualificationRequirements as kept (hit-operations.server.ts), for a HIT made through the API */
  typeRequirements: string | null;
  /** a page task's requirements (pageRequirements) */
  pageRequirements: string | null;
};

/** A HIT's place in MTurk's lifecycle (docs/mturk.md). */
export type HitStatus = "Assignable" | "Unassignable" | "Reviewable" | "Reviewing" | "Disposed";

/**
 * MTurk's HITStatus of a task: Assignable while a slot is open (a start whose time ran out counts as open at once)
 * and its completion day has not passed; Unassignable while every slot is held or sent; Reviewable once none is open
 * or held, or the day has passed, and it stays Reviewable when everything is reviewed, as on MTurk; Reviewing when
 * its requester marked it so; Disposed once deleted. `reviewableHits` is the same rule in SQL.
 */
export function hitStatusOf(row: HitRow, today: string): HitStatus {
  const t = row.task;
  if (t.deletedAt !== null) return "Disposed";
  // the requester's mark (UpdateHITReviewStatus) makes a Reviewable HIT Reviewing, and only a Reviewable one
  const reviewable = () => (t.hitReviewStatus === "MarkedForReview" ? "Reviewing" : "Reviewable");
  if (isPastDate(t.completionDate, today)) return reviewable();
  // a paused HIT (under the minimum pay at its judged time, docs/decisions/094) takes no assignment
  if (t.pausedAt === null && t.requiredWorkers + row.lapsedHolds > 0) return "Assignable";
  return row.liveHolds > 0 ? "Unassignable" : reviewable();
}

/** ListReviewableHITs' rule (`hitStatusOf` in SQL): Reviewable (or Reviewing) live tasks. */
function hitsIn(status: "Reviewable" | "Reviewing", today: string): SQL {
  const marked = eq(tasks.hitReviewStatus, "MarkedForReview");
  return sql`${status === "Reviewing" ? marked : sql`NOT ${marked}`} AND (${tasks.completionDate} < ${today}
    OR ((${tasks.requiredWorkers} = 0 OR ${tasks.pausedAt} IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM task_holds h WHERE h.task_id = ${tasks.id})))`;
}

/**
 * One task of this buyer with what its HIT shows; null when there is none (or not theirs). A deleted one only with
 * `disposed` (GetHIT answers it Disposed, as MTurk does).
 */
export async function buyerHit(
  env: Env,
  buyerId: string,
  taskId: string,
  opts: { disposed?: boolean } = {},
  now = Date.now(),
): Promise<HitRow | null> {
  const [row] = await getDb(env)
    .select(selectHits(now))
    .from(tasks)
    .leftJoin(taskFigures, eq(taskFigures.taskId, tasks.id))
    .leftJoin(mturkHits, eq(mturkHits.taskId, tasks.id))
    .leftJoin(hitTypes, eq(hitTypes.id, mturkHits.hitTypeId))
    .where(and(eq(tasks.id, taskId), eq(tasks.buyerId, buyerId), opts.disposed ? undefined : isNull(tasks.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * A page of the buyer's live tasks, newest first; with `status`, only those MTurk would call Reviewable (or
 * Reviewing), optionally of one HIT type; `requiring`: only those that require this qualification
 * (ListHITsForQualificationType).
 */
export async function buyerHits(
  env: Env,
  buyerId: string,
  opts: {
    limit: number;
    after?: Keyset;
    status?: "Reviewable" | "Reviewing";
    hitTypeId?: string;
    requiring?: string;
  },
  now = Date.now(),
): Promise<HitRow[]> {
  return getDb(env)
    .select(selectHits(now))
    .from(tasks)
    .leftJoin(taskFigures, eq(taskFigures.taskId, tasks.id))
    .leftJoin(mturkHits, eq(mturkHits.taskId, tasks.id))
    .leftJoin(hitTypes, eq(hitTypes.id, mturkHits.hitTypeId))
    .where(
      and(
        eq(tasks.buyerId, buyerId),
        isNull(tasks.deletedAt),
        after(tasks.createdAt, tasks.id, opts.after),
        opts.status ? hitsIn(opts.status, deadlineDay(now)) : undefined,
        opts.hitTypeId ? eq(mturkHits.hitTypeId, opts.hitTypeId) : undefined,
        opts.requiring
          ? sql`EXISTS (SELECT 1 FROM task_qualifications tq WHERE tq.task_id = ${tasks.id} AND tq.qualification_id = ${opts.requiring})`
          : undefined,
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(opts.limit);
}

function selectAssignments() {
  return {
    submission: submissions,
    workerName: users.name,
    answer: hitAssignments.answer,
    frameAssignmentId: hitAssignments.id,
    timeAllowanceMinutes: tasks.timeAllowanceMinutes,
  };
}
export type AssignmentRow = {
  submission: typeof submissions.$inferSelect;
  workerName: string;
  /** the QuestionFormAnswers XML of an answer posted from the question's frame */
  answer: string | null;
  /** the assignmentId the question's frame was given (hit_assignments), when the answer came from it */
  frameAssignmentId: string | null;
  /** the task's time allowance: the assignment's deadline runs from its start */
  timeAllowanceMinutes: number;
};

/** Submissions with what an assignment shows, on the buyer's tasks. */
function fromAssignments(env: Env) {
  return getDb(env)
    .select(selectAssignments())
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.workerId))
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .leftJoin(hitAssignments, eq(hitAssignments.submissionId, submissions.id));
}

/**
 * One submission on this buyer's tasks (cancelled ones are no assignment), by its id or by the assignmentId its
 * question's frame was given (what psiTurk and Mephisto keep); null otherwise.
 */
export async function buyerAssignment(env: Env, buyerId: string, id: string): Promise<AssignmentRow | null> {
  // the frame's id names its submission once the answer is in; any other id is read as a submission's own
  const submissionId = sql`COALESCE((SELECT a.submission_id FROM hit_assignments a WHERE a.id = ${id}), ${id})`;
  const [row] = await fromAssignments(env)
    .where(
      and(
        eq(submissions.id, submissionId),
        eq(submissions.buyerId, buyerId),
        sql`${submissions.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A page of one task's submissions (of these statuses), newest first. */
export async function taskAssignments(
  env: Env,
  buyerId: string,
  taskId: string,
  opts: { statuses: SubmissionStatus[]; limit: number; after?: Keyset },
): Promise<AssignmentRow[]> {
  return fromAssignments(env)
    .where(
      and(
        eq(submissions.taskId, taskId),
        eq(submissions.buyerId, buyerId),
        inArray(submissions.status, opts.statuses),
        after(submissions.createdAt, submissions.id, opts.after),
      ),
    )
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(opts.limit);
}

/** The HIT a token made in the last 24 hours, or null. */
export async function hitOfToken(env: Env, buyerId: string, token: string, now = Date.now()): Promise<string | null> {
  const [row] = await getDb(env)
    .select({ hitId: hitRequestTokens.hitId })
    .from(hitRequestTokens)
    .where(
      and(
        eq(hitRequestTokens.buyerId, buyerId),
        eq(hitRequestTokens.token, token),
        gt(hitRequestTokens.createdAt, now - REQUEST_TOKEN_MS),
      ),
    )
    .limit(1);
  return row?.hitId ?? null;
}

/**
 * The token's steps in the posting's batch: a row of it older than 24 hours goes, then the new row goes in; a row
 * of the last 24 hours breaks the key and the whole posting (task and charge) is not made.
 */
export function addRequestToken(batch: Batch, buyerId: string, token: string, taskId: string, now: number) {
  batch
    .step(
      "expire token",
      sql`DELETE FROM hit_request_tokens WHERE buyer_id = ${buyerId} AND token = ${token} AND created_at <= ${now - REQUEST_TOKEN_MS}`,
    )
    .step(
      "token",
      sql`INSERT INTO hit_request_tokens (buyer_id, token, hit_id, created_at) VALUES (${buyerId}, ${token}, ${taskId}, ${now})`,
    );
}

/** A HIT type's properties, as CreateHITType (or CreateHIT, which makes one too) names them. */
export interface HitTypeProps {
  title: string;
  description: string;
  rewardCoins: number;
  assignmentDurationSeconds: number;
  autoApprovalDelaySeconds: number | null;
  keywords: string;
  /** the QualificationRequirements as sent, as JSON */
  qualificationRequirements: string;
}

/** The HITTypeId of these properties for this buyer: a digest, so the same properties are always the same id. */
export async function hitTypeIdOf(buyerId: string, p: HitTypeProps): Promise<string> {
  const canonical = JSON.stringify([
    buyerId,
    p.title,
    p.description,
    p.rewardCoins,
    p.assignmentDurationSeconds,
    p.autoApprovalDelaySeconds,
    p.keywords,
    p.qualificationRequirements,
  ]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical)));
  return Array.from(digest.slice(0, 15), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

function insertHitType(buyerId: string, id: string, p: HitTypeProps, now: number): SQL {
  return sql`INSERT OR IGNORE INTO hit_types (id, buyer_id, title, description, reward_coins,
      assignment_duration_seconds, auto_approval_delay_seconds, keywords, qualification_requirements, created_at)
    VALUES (${id}, ${buyerId}, ${p.title}, ${p.description}, ${p.rewardCoins}, ${p.assignmentDurationSeconds},
      ${p.autoApprovalDelaySeconds}, ${p.keywords}, ${p.qualificationRequirements}, ${now})`;
}

/** Records a HIT type (CreateHITType): the same properties again find the same row. */
export async function saveHitType(env: Env, buyerId: string, p: HitTypeProps): Promise<string> {
  const id = await hitTypeIdOf(buyerId, p);
  await getDb(env).run(insertHitType(buyerId, id, p, Date.now()));
  return id;
}

/** One of this buyer's HIT types; null when there is none (or it is another buyer's). */
export async function buyerHitType(env: Env, buyerId: string, id: string): Promise<HitTypeProps | null> {
  const [row] = await getDb(env)
    .select()
    .from(hitTypes)
    .where(and(eq(hitTypes.id, id), eq(hitTypes.buyerId, buyerId)))
    .limit(1);
  return row ?? null;
}

/** What a HIT made through the API carries beyond its task, as steps of the posting's batch (its type first). */
export function addHitRecord(
  batch: Batch,
  buyerId: string,
  hit: { taskId: string; hitTypeId: string; type: HitTypeProps; question: string | null; annotation: string | null },
  now: number,
) {
  batch.step("hit type", insertHitType(buyerId, hit.hitTypeId, hit.type, now)).step(
    "hit record",
    sql`INSERT INTO mturk_hits (task_id, hit_type_id, question, requester_annotation)
        VALUES (${hit.taskId}, ${hit.hitTypeId}, ${hit.question}, ${hit.annotation})`,
  );
}
