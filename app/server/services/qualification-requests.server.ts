// Requests for a requestable qualification (docs/product/quality.md; MTurk's QualificationRequest): a worker who
// lacks a qualification its owner made requestable without a test asks for it from the task page; the owner accepts
// (a grant with a score, in the same batch) or rejects it with a reason the worker reads. One pending request per
// worker and qualification; after a rejection the worker may ask again once the qualification's retake wait is over.
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { qualificationGrants, qualificationRequests, qualifications } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { notice, notification } from "./ledger.server";
import { grantOf, retakeRefusal } from "./qualifications.server";
import { nextAttemptAt } from "~/lib/qualifications";

export const NOT_REQUESTABLE = "This qualification can't be requested: its owner grants it by hand or by its test.";
export const ALREADY_REQUESTED = "You have already asked for this qualification. Its owner has not decided yet.";
export const ALREADY_HELD = "You already hold this qualification.";
export const NO_SUCH_REQUEST = "Qualification request not found";

const WORKER_LINK = "/dashboard/tests";

/** A worker asks for a requestable qualification (one without a test). */
export async function requestQualification(env: Env, worker: SessionUser, qualificationId: string) {
  if (worker.role !== "Worker") throw forbidden("Only workers can ask for qualifications");
  const db = getDb(env);
  const [[q], [held], [pending], [last]] = await Promise.all([
    db.select().from(qualifications).where(eq(qualifications.id, qualificationId)).limit(1),
    db
      .select({ score: qualificationGrants.score })
      .from(qualificationGrants)
      .where(grantOf(worker.id, qualificationId))
      .limit(1),
    db
      .select({ id: qualificationRequests.id })
      .from(qualificationRequests)
      .where(and(ofWorker(worker.id, qualificationId), eq(qualificationRequests.status, "pending")))
      .limit(1),
    db
      .select({ decidedAt: qualificationRequests.decidedAt })
      .from(qualificationRequests)
      .where(and(ofWorker(worker.id, qualificationId), eq(qualificationRequests.status, "rejected")))
      .orderBy(desc(qualificationRequests.decidedAt))
      .limit(1),
  ]);
  if (!q) throw notFound("Qualification not found");
  if (!q.requestable || q.questions > 0) throw conflict(NOT_REQUESTABLE);
  if (held) throw conflict(ALREADY_HELD);
  if (pending) throw conflict(ALREADY_REQUESTED);
  const now = Date.now();
  if (last?.decidedAt && nextAttemptAt(last.decidedAt, q.retakeHours) > now)
    throw retakeRefusal(nextAttemptAt(last.decidedAt, q.retakeHours));
  await newBatch(env)
    .step(
      "request",
      db.insert(qualificationRequests).values({
        id: newId(),
        qualificationId,
        buyerId: q.buyerId,
        workerId: worker.id,
        status: "pending",
        createdAt: now,
      }),
    )
    // two requests sent at once: the pending index keeps one
    .run({ refusal: () => conflict(ALREADY_REQUESTED), constraint: "qualification_requests" });
  return { name: q.name };
}

const ofWorker = (workerId: string, qualificationId: string) =>
  and(eq(qualificationRequests.workerId, workerId), eq(qualificationRequests.qualificationId, qualificationId));

/** A page of the owner's pending requests (of one qualification, or all theirs), newest first, keyset-paged. */
export async function pendingRequests(
  env: Env,
  buyer: SessionUser,
  opts: { qualificationId?: string; limit: number; after?: { createdAt: number; id: string } },
) {
  const k = opts.after;
  return getDb(env)
    .select({
      id: qualificationRequests.id,
      qualificationId: qualificationRequests.qualificationId,
      workerId: qualificationRequests.workerId,
      createdAt: qualificationRequests.createdAt,
    })
    .from(qualificationRequests)
    .where(
      and(
        opts.qualificationId
          ? eq(qualificationRequests.qualificationId, opts.qualificationId)
          : eq(qualificationRequests.buyerId, buyer.id),
        eq(qualificationRequests.status, "pending"),
        k
          ? or(
              lt(qualificationRequests.createdAt, k.createdAt),
              and(eq(qualificationRequests.createdAt, k.createdAt), lt(qualificationRequests.id, k.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(qualificationRequests.createdAt), desc(qualificationRequests.id))
    .limit(opts.limit);
}

/** One pending request on a qualification of this buyer's; null when there is none (or it is another's). */
async function ownPendingRequest(env: Env, buyer: SessionUser, id: string) {
  const [row] = await getDb(env)
    .select({
      id: qualificationRequests.id,
      qualificationId: qualificationRequests.qualificationId,
      workerId: qualificationRequests.workerId,
      name: qualifications.name,
    })
    .from(qualificationRequests)
    .innerJoin(qualifications, eq(qualifications.id, qualificationRequests.qualificationId))
    .where(
      and(
        eq(qualificationRequests.id, id),
        eq(qualificationRequests.buyerId, buyer.id),
        eq(qualificationRequests.status, "pending"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The decision's guard: the request still pending as read. */
const stillPending = (id: string) =>
  sql`EXISTS (SELECT 1 FROM qualification_requests WHERE id = ${id} AND status = 'pending')`;

/**
 * The owner accepts: the worker is granted the qualification with `score` (replacing a grant made meanwhile) and
 * told, in one batch that happens only while the request is pending.
 */
export async function acceptQualificationRequest(env: Env, buyer: SessionUser, id: string, score: number) {
  const r = await ownPendingRequest(env, buyer, id);
  if (!r) throw notFound(NO_SUCH_REQUEST);
  const now = Date.now();
  const done = await newBatch(env)
    .step(
      "grant",
      sql`INSERT INTO qualification_grants (worker_id, qualification_id, score, source, granted_at)
        SELECT ${r.workerId}, ${r.qualificationId}, ${score}, 'hand', ${now} WHERE ${stillPending(id)}
        ON CONFLICT (worker_id, qualification_id) DO UPDATE SET score = excluded.score, source = 'hand', granted_at = excluded.granted_at`,
    )
    .step(
      "tell",
      notification({
        id: newId(),
        userId: r.workerId,
        message: notice("qualification.requestAccepted", { name: r.name, score }),
        actionRoute: WORKER_LINK,
        now,
        when: stillPending(id),
      }),
    )
    .step(
      "decide",
      sql`UPDATE qualification_requests SET status = 'accepted', decided_at = ${now} WHERE id = ${id} AND status = 'pending'`,
    )
    .run();
  if (!done.changes("decide")) throw notFound(NO_SUCH_REQUEST);
}

/** The owner rejects, with a reason the worker reads (a notification in the same batch). */
export async function rejectQualificationRequest(env: Env, buyer: SessionUser, id: string, reason: string) {
  const r = await ownPendingRequest(env, buyer, id);
  if (!r) throw notFound(NO_SUCH_REQUEST);
  const now = Date.now();
  const done = await newBatch(env)
    .step(
      "tell",
      notification({
        id: newId(),
        userId: r.workerId,
        message: reason
          ? notice("qualification.requestRefusedWithReason", { name: r.name, reason })
          : notice("qualification.requestRefused", { name: r.name }),
        actionRoute: WORKER_LINK,
        now,
        when: stillPending(id),
      }),
    )
    .step(
      "decide",
      sql`UPDATE qualification_requests SET status = 'rejected', reason = ${reason || null}, decided_at = ${now}
        WHERE id = ${id} AND status = 'pending'`,
    )
    .run();
  if (!done.changes("decide")) throw notFound(NO_SUCH_REQUEST);
}
