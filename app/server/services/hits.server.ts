// The requester API's reads of a buyer's tasks (HITs) and their submissions (assignments), each scoped to the buyer
// who asks, paged by keyset (newest first, then id) so a page costs the same however many came before. And the
// UniqueRequestToken steps CreateHIT adds to the posting's batch.
import { and, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb } from "../db/client.server";
import type { Batch } from "../db/batch.server";
import { hitRequestTokens, submissions, taskFigures, tasks, users } from "../db/schema";
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
    pending: sql<number>`COALESCE(${taskFigures.pending}, 0)`,
    approved: sql<number>`COALESCE(${taskFigures.approved}, 0)`,
  };
}

export type HitRow = { task: typeof tasks.$inferSelect; pending: number; approved: number };

/** One live task of this buyer with its pending and approved counts; null when there is none (or not theirs). */
export async function buyerHit(env: Env, buyerId: string, taskId: string): Promise<HitRow | null> {
  const [row] = await getDb(env)
    .select(selectHits())
    .from(tasks)
    .leftJoin(taskFigures, eq(taskFigures.taskId, tasks.id))
    .where(and(eq(tasks.id, taskId), eq(tasks.buyerId, buyerId), isNull(tasks.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A page of the buyer's live tasks, newest first; `reviewable`: only those with submissions awaiting review. */
export async function buyerHits(
  env: Env,
  buyerId: string,
  opts: { limit: number; after?: Keyset; reviewable?: boolean },
): Promise<HitRow[]> {
  return getDb(env)
    .select(selectHits())
    .from(tasks)
    .leftJoin(taskFigures, eq(taskFigures.taskId, tasks.id))
    .where(
      and(
        eq(tasks.buyerId, buyerId),
        isNull(tasks.deletedAt),
        after(tasks.createdAt, tasks.id, opts.after),
        opts.reviewable ? gt(taskFigures.pending, 0) : undefined,
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(opts.limit);
}

function selectAssignments() {
  return { submission: submissions, workerName: users.name };
}
export type AssignmentRow = { submission: typeof submissions.$inferSelect; workerName: string };

/** One submission on this buyer's tasks (cancelled ones are no assignment); null otherwise. */
export async function buyerAssignment(env: Env, buyerId: string, id: string): Promise<AssignmentRow | null> {
  const [row] = await getDb(env)
    .select(selectAssignments())
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.workerId))
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
