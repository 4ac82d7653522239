// Who may work on a task (docs/product/quality.md): the task's requirements (task_requirements, migrations/0042)
// against the worker's track record (worker_track_records, kept by triggers), and its required qualifications
// (task_qualifications, migrations/0043) against the worker's scores. Called where a slot is taken
// (createSubmission) and by the task's page to show the reason; the Task List reads the same rule in SQL over the
// copy of each task's requirements kept on its row (migrations/0064): its cards say whether the worker qualifies, and
// "Hide tasks I can't do" leaves out the open tasks they cannot do (docs/decisions/083). The words are in
// app/lib/eligibility.ts.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { outerColumn } from "../db/sql";
import { openTaskFilter, taskRequirements, tasks } from "../db/schema";
import { forbidden } from "../errors";
import { PRIOR_RATE, PRIOR_WEIGHT, SMOOTHED_BELOW, unmetRequirement, type CardRequirements } from "~/lib/eligibility";
import { requiredQualifications, unmetQualificationOf, type UnmetQualification } from "./qualifications.server";

/**
 * The approval rate a requirement is compared with, in percent with one decimal, from approved and rejected counts:
 * approved / reviewed from SMOOTHED_BELOW reviews on, (approved + PRIOR_WEIGHT x PRIOR_RATE) / (reviewed + PRIOR_WEIGHT)
 * below. The one place the rule is worked out: the check, the task's page and the Task List all read it.
 */
export function approvalRateSql(approved: SQL, rejected: SQL): SQL<number> {
  return sql<number>`(CASE WHEN ${approved} + ${rejected} >= ${SMOOTHED_BELOW}
    THEN round(${approved} * 1.0 / (${approved} + ${rejected}) * 1000) / 10.0
    ELSE round((${approved} + ${PRIOR_WEIGHT * PRIOR_RATE}) * 1.0 / (${approved} + ${rejected} + ${PRIOR_WEIGHT}) * 1000) / 10.0 END)`;
}

/**
 * The worker's track record as requirements judge it: approved submissions and the approval rate, each one
 * uncorrelated subquery of their primary-key row (SQLite works it out once per statement, however many rows test it).
 */
function recordOf(workerId: string) {
  // one row whether or not the worker has a record yet (an aggregate of none is one row): counts of 0 before the first
  const w = sql`FROM (SELECT COALESCE(MAX(r.approved), 0) AS approved, COALESCE(MAX(r.rejected), 0) AS rejected
    FROM worker_track_records AS r WHERE r.worker_id = ${workerId}) AS w`;
  return {
    approved: sql<number>`(SELECT w.approved ${w})`,
    rate: sql<number>`(SELECT ${approvalRateSql(sql`w.approved`, sql`w.rejected`)} ${w})`,
  };
}

/**
 * "This worker meets the requirements kept on the task's row", for the nearest `tasks` of the query: the counts and
 * the rate against the worker's record (read once per statement), and a required qualification by a primary-key
 * probe of their grant (only for a task that requires one). The open-task indexes carry the requirements
 * (migrations/0065), so a list tests it on each index entry it walks: "Hide tasks I can't do" filters inside the walk,
 * and no page comes out short.
 */
export function meetsRequirements(workerId: string): SQL {
  const record = recordOf(workerId);
  return sql`(${tasks.minApproved} IS NULL OR ${tasks.minApproved} <= ${record.approved})
    AND (${tasks.minApprovalRate} IS NULL OR ${tasks.minApprovalRate} <= ${record.rate})
    AND (${tasks.qualificationId} IS NULL OR EXISTS (SELECT 1 FROM qualification_grants AS g
      WHERE g.worker_id = ${workerId} AND g.qualification_id = ${tasks.qualificationId}
        AND g.score >= ${tasks.qualificationMinScore}))`;
}

/** The predicate of tasks_open_required_idx (migrations/0064) beyond the open-task one: the task requires something. */
const requiresSomething = sql`(${tasks.minApprovalRate} IS NOT NULL OR ${tasks.minApproved} IS NOT NULL OR ${tasks.qualificationId} IS NOT NULL)`;

/**
 * How many open tasks due from `today` (optionally in `category`, and passing `visible`: the buyer's block) the
 * worker cannot do: what "Hide tasks I can't do" takes off the open-task counters' sum. One range of
 * tasks_open_required_idx, the open tasks that require something: it costs those, whatever the table holds.
 */
export function outOfReachCount(workerId: string, today: string, category?: string, visible?: SQL): SQL<number> {
  const also = and(category ? eq(tasks.category, category) : undefined, visible);
  return sql<number>`(SELECT COUNT(*) FROM ${tasks} INDEXED BY tasks_open_required_idx
    WHERE ${and(openTaskFilter(today), requiresSomething, also)} AND NOT (${meetsRequirements(workerId)}))`;
}

/**
 * What a worker's card shows of a task's requirements, as columns of the card's own statement: the requirements kept
 * on the task's row, the worker's record (read once per statement), and for a task that requires a qualification
 * its name and the worker's score (primary-key probes).
 */
export function requirementFields(workerId: string) {
  const record = recordOf(workerId);
  const qualification = outerColumn(tasks.qualificationId);
  return {
    minApprovalRate: tasks.minApprovalRate,
    minApproved: tasks.minApproved,
    qualificationMinScore: tasks.qualificationMinScore,
    qualificationName: sql<string | null>`(SELECT q.name FROM qualifications AS q WHERE q.id = ${qualification})`,
    qualificationScore: sql<number | null>`(SELECT g.score FROM qualification_grants AS g
      WHERE g.worker_id = ${workerId} AND g.qualification_id = ${qualification})`,
    workerApproved: record.approved,
    workerRate: record.rate,
  };
}

export type RequirementRow = {
  minApprovalRate: number | null;
  minApproved: number | null;
  qualificationMinScore: number | null;
  qualificationName: string | null;
  qualificationScore: number | null;
  workerApproved: number;
  workerRate: number;
};

/** The card's requirements and the worker's record from the columns `requirementFields` added. */
export function cardRequirementsFrom(row: RequirementRow): {
  requirements: CardRequirements;
  record: { approved: number; rate: number };
} {
  return {
    requirements: {
      minApprovalRate: row.minApprovalRate,
      minApproved: row.minApproved,
      qualification:
        row.qualificationName === null
          ? null
          : { name: row.qualificationName, minScore: row.qualificationMinScore ?? 0, score: row.qualificationScore },
    },
    record: { approved: Number(row.workerApproved), rate: Number(row.workerRate) },
  };
}

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
  const record = recordOf(workerId);
  // reads started together go to D1 as one batch of their own (decision 016), asked again on a lost connection
  const [[row], required] = await Promise.all([
    db
      .select({
        minApprovalRate: taskRequirements.minApprovalRate,
        minApproved: taskRequirements.minApproved,
        approved: record.approved,
        rate: record.rate,
      })
      .from(taskRequirements)
      .where(eq(taskRequirements.taskId, taskId))
      .limit(1),
    requiredQualifications(db, workerId, taskId),
  ]);
  const reason = row ? unmetRequirement(row, { approved: Number(row.approved), rate: Number(row.rate) }) : null;
  if (reason) return { reason, test: null, request: null };
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
