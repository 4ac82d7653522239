// Who may work on a task (docs/product/quality.md): the task's requirements (task_requirements, migrations/0042)
// against the worker's track record (worker_track_records, kept by triggers), and its required qualifications
// (task_qualifications, migrations/0043) against the worker's scores. Called where a slot is taken
// (createSubmission) and by the task's page to show the reason; the rule's words are in app/lib/eligibility.ts.
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { taskRequirements, workerTrackRecords } from "../db/schema";
import { forbidden } from "../errors";
import { unmetRequirement } from "~/lib/eligibility";
import { requiredQualifications, unmetQualificationOf, type UnmetQualification } from "./qualifications.server";

/**
 * Why this worker may not work on this task, and the test that would qualify them when a required qualification has
 * one (or the request they may send for a requestable one); null when they may (or the task requires nothing). Both requirement reads go in one D1 batch.
 */
export async function unmetRequirements(
  env: Env,
  workerId: string,
  taskId: string,
): Promise<UnmetQualification | null> {
  const db = getDb(env);
  // reads started together go to D1 as one batch of their own (decision 016), asked again on a lost connection
  const [[row], required] = await Promise.all([
    db
      .select({
        minApprovalRate: taskRequirements.minApprovalRate,
        minApproved: taskRequirements.minApproved,
        approved: workerTrackRecords.approved,
        rejected: workerTrackRecords.rejected,
      })
      .from(taskRequirements)
      .leftJoin(workerTrackRecords, eq(workerTrackRecords.workerId, workerId))
      .where(eq(taskRequirements.taskId, taskId))
      .limit(1),
    requiredQualifications(db, workerId, taskId),
  ]);
  const record = row ? unmetRequirement(row, { approved: row.approved ?? 0, rejected: row.rejected ?? 0 }) : null;
  if (record) return { reason: record, test: null, request: null };
  return unmetQualificationOf(required);
}

/** Refuses (403, with the reason) a worker who does not meet the task's requirements. */
export async function requireEligible(env: Env, workerId: string, taskId: string): Promise<void> {
  const unmet = await unmetRequirements(env, workerId, taskId);
  if (unmet) throw forbidden(unmet.reason);
}

/** The task's requirements row, written in the posting's batch; nothing when it sets none. */
export function requirementsRow(
  taskId: string,
  input: { min_approval_rate?: number | null; min_approved?: number | null },
): SQL {
  const rate = input.min_approval_rate ?? null;
  const approved = input.min_approved ?? null;
  return sql`INSERT INTO task_requirements (task_id, min_approval_rate, min_approved)
    SELECT ${taskId}, ${rate}, ${approved} WHERE ${rate} IS NOT NULL OR ${approved} IS NOT NULL`;
}
