// The requester API's reads of a buyer's tasks (HITs) and their submissions (assignments), each scoped to the buyer
// who asks, paged by keyset (newest first, then id) so a page costs the same however many came before. And the
// UniqueRequestToken steps CreateHIT adds to the posting's batch; HIT types, and what a HIT made through the API
// carries beyond its task (its type, Question XML, annotation).
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

/** A UniqueRequestToken makes nothing new for this long (MTurk's 24 hours). */
export const REQUEST_TOKEN_MS = 24 * 60 * 60 * 1000;

/** Where a page starts: after the row with this creation time and id (the previous page's last). */
export interface Keyset {
  createdAt: number;
  id: string;
}

const after = (createdAt: SQLiteColumn, id: SQLiteColumn, k?: Keyset): SQL | undefined =>
  k ? or(lt(createdAt, k.createdAt), and(eq(createdAt, k.createdAt), lt(id, k.id))) : undefined;

function selectHits() {
  return {
    task: tasks,
    // a start whose time has run out is an available assignment (docs/decisions/073)
    openSlots: openSlotsNow,
    pending: sql<number>`COALESCE(${taskFigures.pending}, 0)`,
    approved: sql<number>`COALESCE(${taskFigures.approved}, 0)`,
    hitTypeId: mturkHits.hitTypeId,
    keywords: hitTypes.keywords,
  };
}

export type HitRow = {
  task: typeof tasks.$inferSelect;
  /** its open slots now (openSlotsNow); a HIT just created has its required_workers */
  openSlots?: number;
  pending: number;
  approved: number;
  /** null for a task posted on Coinwork's pages */
  hitTypeId: string | null;
  keywords: string | null;
};

/** One live task of this buyer with its pending and approved counts; null when there is none (or not theirs). */
export async function buyerHit(env: Env, buyerId: string, taskId: string): Promise<HitRow | null> {
  const [row] = await getDb(env)
    .select(selectHits())
    .from(tasks)
    .leftJoin(taskFigures, eq(taskFigures.taskId, tasks.id))
    .leftJoin(mturkHits, eq(mturkHits.taskId, tasks.id))
    .leftJoin(hitTypes, eq(hitTypes.id, mturkHits.hitTypeId))
    .where(and(eq(tasks.id, taskId), eq(tasks.buyerId, buyerId), isNull(tasks.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * A page of the buyer's live tasks, newest first; `reviewable`: only those with submissions awaiting review;
 * `requiring`: only those that require this qualification (ListHITsForQualificationType).
 */
export async function buyerHits(
  env: Env,
  buyerId: string,
  opts: { limit: number; after?: Keyset; reviewable?: boolean; requiring?: string },
): Promise<HitRow[]> {
  return getDb(env)
    .select(selectHits())
    .from(tasks)
    .leftJoin(taskFigures, eq(taskFigures.taskId, tasks.id))
    .leftJoin(mturkHits, eq(mturkHits.taskId, tasks.id))
    .leftJoin(hitTypes, eq(hitTypes.id, mturkHits.hitTypeId))
    .where(
      and(
        eq(tasks.buyerId, buyerId),
        isNull(tasks.deletedAt),
        after(tasks.createdAt, tasks.id, opts.after),
        opts.reviewable ? gt(taskFigures.pending, 0) : undefined,
        opts.requiring
          ? sql`EXISTS (SELECT 1 FROM task_qualifications tq WHERE tq.task_id = ${tasks.id} AND tq.qualification_id = ${opts.requiring})`
          : undefined,
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(opts.limit);
}

function selectAssignments() {
  return { submission: submissions, workerName: users.name, answer: hitAssignments.answer };
}
export type AssignmentRow = {
  submission: typeof submissions.$inferSelect;
  workerName: string;
  /** the QuestionFormAnswers XML of an answer posted from the question's frame */
  answer: string | null;
};

/** One submission on this buyer's tasks (cancelled ones are no assignment); null otherwise. */
export async function buyerAssignment(env: Env, buyerId: string, id: string): Promise<AssignmentRow | null> {
  const [row] = await getDb(env)
    .select(selectAssignments())
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.workerId))
    .leftJoin(hitAssignments, eq(hitAssignments.submissionId, submissions.id))
    .where(and(eq(submissions.id, id), eq(submissions.buyerId, buyerId), sql`${submissions.status} <> 'cancelled'`))
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
  return getDb(env)
    .select(selectAssignments())
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.workerId))
    .leftJoin(hitAssignments, eq(hitAssignments.submissionId, submissions.id))
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
