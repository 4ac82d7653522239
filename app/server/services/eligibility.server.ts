// Who may work on a task (docs/product/quality.md): the task's requirements (task_requirements, migrations/0042)
// against the worker's track record (worker_track_records, kept by triggers); its required qualifications
// (task_qualifications, migrations/0043) and excluded ones (task_qualification_exclusions, 0067) against the worker's
// scores; its countries (task_countries, 0067) against the worker's country. A requirement the worker does not meet
// keeps them from starting the task; one guarding more (task_requirement_guards, 0067: MTurk's ActionsGuarded) also
// hides its question ('preview') or the task itself ('discover'). Called where a slot is taken (startTask,
// createSubmission), by the task's page, and (`discoverableBy`, the same rule in SQL) by the workers' list. The Task
// List reads the page's requirements in SQL over the copy kept on each task's row (migrations/0064): its cards say
// whether the worker qualifies, and "Hide tasks I can't do" leaves out the open tasks they cannot do
// (docs/decisions/083). The words are in app/lib/eligibility.ts.
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb } from "../db/client.server";
import type { Batch } from "../db/batch.server";
import { outerColumn, type Bound } from "../db/sql";
import { taskRowid } from "../db/search";
import {
  categoryTested,
  qualificationGrants,
  qualifications,
  taskCountries,
  taskQualificationExclusions,
  taskRequirementGuards,
  taskRequirements,
  tasks,
  users,
} from "../db/schema";
import { refusing } from "../errors";
import {
  heldExclusion,
  PRIOR_RATE,
  PRIOR_WEIGHT,
  SMOOTHED_BELOW,
  unmetCountry,
  unmetRequirement,
  type CardRequirements,
  type Guard,
} from "~/lib/eligibility";
import {
  grantOf,
  requiredQualifications,
  unmetQualificationOf,
  type UnmetQualification,
} from "./qualifications.server";

/** The requirements a task posted through the MTurk API adds to those of the page's form (docs/mturk.md). */
export interface ExtraRequirements {
  /** the buyer's own qualifications, each held with at least this score (0: held at all) */
  qualifications: { id: string; minScore: number }[];
  /** the buyer's own qualifications a worker must not hold (score null), or not with this score */
  exclusions: { id: string; score: number | null }[];
  /** the worker's country must be one of `allowed` (when any) and none of `excluded` */
  countries: { allowed: string[]; excluded: string[] };
  /** what each unmet requirement keeps from the worker beyond starting: 'approval_rate', 'approved', 'country', or a qualification's id */
  guards: { requirement: string; guard: Guard }[];
}

export const COUNTRY_REQUIREMENT = "country";

/** Why a worker may not start a task, the test that would qualify them, and what else the task keeps from them. */
export interface TaskAccess {
  /** the first requirement they do not meet, in words, and its test (or request) when it is a qualification with one */
  unmet: UnmetQualification | null;
  /** whether they may see the task's question (its preview) */
  canPreview: boolean;
  /** whether the task is listed and shown to them at all */
  canDiscover: boolean;
}

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
 * The worker's track record as requirements judge it: approved submissions and the approval rate, each a scalar
 * subquery of their primary-key row (SQLite works it out once per statement, however many rows test it), the counts
 * 0 before their first review. Scalar subqueries rather than an aggregate's one row: SQLite compiles them several
 * times faster, and local D1 compiles every statement it is sent (docs/performance.md, issue 46).
 */
function recordOf(workerId: Bound) {
  const row = sql`FROM worker_track_records AS r WHERE r.worker_id = ${workerId}`;
  return {
    approved: sql<number>`COALESCE((SELECT r.approved ${row}), 0)`,
    rate: sql<number>`COALESCE((SELECT ${approvalRateSql(sql`r.approved`, sql`r.rejected`)} ${row}), ${approvalRateSql(sql`0`, sql`0`)})`,
  };
}

/** The least approval rate and approved submissions kept on the task's row, met by the worker's record. */
function meetsCounts(record: ReturnType<typeof recordOf>): SQL {
  return sql`(${tasks.minApproved} IS NULL OR ${tasks.minApproved} <= ${record.approved})
    AND (${tasks.minApprovalRate} IS NULL OR ${tasks.minApprovalRate} <= ${record.rate})`;
}

/**
 * "This worker meets the requirements kept on the task's row", for the nearest `tasks` of the query: the counts and
 * the rate against the worker's record (read once per statement), and a required qualification by a primary-key
 * probe of their grant (only for a task that requires one). The open-task indexes carry the requirements
 * (migrations/0065), so a list tests it on each index entry it walks: "Hide tasks I can't do" filters inside the walk,
 * and no page comes out short.
 */
export function meetsRequirements(workerId: Bound): SQL {
  return sql`${meetsCounts(recordOf(workerId))}
    AND (${tasks.qualificationId} IS NULL OR EXISTS (SELECT 1 FROM qualification_grants AS g
      WHERE g.worker_id = ${workerId} AND g.qualification_id = ${tasks.qualificationId}
        AND g.score >= ${tasks.qualificationMinScore}))`;
}

/** A task counted in open_tasks_by_requirement (migrations/0084), for the nearest `tasks` of the query. */
const COUNTED_BY_REQUIREMENT = sql`${tasks.deletedAt} IS NULL AND ${tasks.requiredWorkers} > 0
  AND ${tasks.pausedAt} IS NULL AND ${tasks.datePassed} = 0`;

const requiresSomething = sql`(${tasks.minApprovalRate} IS NOT NULL OR ${tasks.minApproved} IS NOT NULL OR ${tasks.qualificationId} IS NOT NULL)`;

/**
 * How many of the tasks a worker's list counts they cannot do: what "Hide tasks I can't do" takes off the list's
 * count. The open tasks that require something are counted by what they require (open_tasks_by_requirement,
 * migrations/0084), so this reads:
 * - the counters whose requirement the worker's record fails, or which require a qualification (a few dozen rows);
 * - less those requiring a qualification the worker holds with the score asked, and meeting the rest: found from the
 *   worker's grants (tasks_open_qualification_idx), so it costs the open tasks that require what they hold;
 * - less, of the tasks `leftOut` names (the list's count leaves them out already: past their day but not yet marked,
 *   of a buyer who blocks the worker, hidden by a discovery guard), the counted ones the worker cannot do;
 * - plus the tasks the worker cannot do among `reopened`: open again only through lapsed holds, which no counter
 *   holds (every slot was held).
 * Each part costs what it adds or subtracts, whatever the table holds (docs/decisions/116).
 */
export function outOfReachCount(workerId: Bound, leftOut: SQL, reopened: SQL, category?: Bound): SQL<number> {
  const record = recordOf(workerId);
  const cannot = sql`NOT (${meetsRequirements(workerId)})${categoryTested(category)}`;
  const counters = sql`(SELECT COALESCE(SUM(kept.tasks), 0) FROM open_tasks_by_requirement AS kept
    WHERE (kept.min_approval_rate > ${record.rate} OR kept.min_approved > ${record.approved} OR kept.with_qualification = 1)${category ? sql` AND kept.category = ${category}` : sql``})`;
  const qualified = sql`(SELECT COUNT(*) FROM qualification_grants AS g
    JOIN ${tasks} INDEXED BY tasks_open_qualification_idx
      ON ${tasks.qualificationId} = g.qualification_id AND ${tasks.qualificationMinScore} <= g.score
    WHERE g.worker_id = ${workerId} AND ${COUNTED_BY_REQUIREMENT} AND ${tasks.qualificationId} IS NOT NULL
      AND ${meetsCounts(record)}${categoryTested(category)})`;
  const counted = sql`(SELECT COUNT(*) FROM ${tasks} WHERE ${taskRowid} IN (${leftOut})
    AND ${COUNTED_BY_REQUIREMENT} AND ${requiresSomething} AND ${cannot})`;
  const lapsed = sql`(SELECT COUNT(*) FROM ${tasks} WHERE ${reopened} AND ${requiresSomething} AND ${cannot})`;
  return sql<number>`(${counters} - ${qualified} - ${counted} + ${lapsed})`;
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
 * What this worker may do with this task: every requirement read in one D1 batch, the first unmet one explained,
 * and the guards of the unmet ones applied.
 */
export async function taskAccess(env: Env, workerId: string, taskId: string): Promise<TaskAccess> {
  const db = getDb(env);
  const record = recordOf(workerId);
  // reads started together go to D1 as one batch of their own (decision 016), asked again on a lost connection
  const [[row], required, excluded, countries, [worker], guards] = await Promise.all([
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
    db
      .select({
        id: taskQualificationExclusions.qualificationId,
        name: qualifications.name,
        score: taskQualificationExclusions.score,
        held: qualificationGrants.score,
      })
      .from(taskQualificationExclusions)
      .innerJoin(qualifications, eq(qualifications.id, taskQualificationExclusions.qualificationId))
      .leftJoin(qualificationGrants, grantOf(workerId, taskQualificationExclusions.qualificationId))
      .where(eq(taskQualificationExclusions.taskId, taskId)),
    db
      .select({ country: taskCountries.country, allowed: taskCountries.allowed })
      .from(taskCountries)
      .where(eq(taskCountries.taskId, taskId)),
    db.select({ country: users.country }).from(users).where(eq(users.id, workerId)).limit(1),
    db
      .select({ requirement: taskRequirementGuards.requirement, guard: taskRequirementGuards.guard })
      .from(taskRequirementGuards)
      .where(eq(taskRequirementGuards.taskId, taskId)),
  ]);
  // each unmet requirement by its name in task_requirement_guards, with its reason
  const unmet: ({ requirement: string } & UnmetQualification)[] = [];
  if (row) {
    const track = { approved: Number(row.approved), rate: Number(row.rate) };
    const approved = unmetRequirement({ minApprovalRate: null, minApproved: row.minApproved }, track);
    if (approved) unmet.push({ requirement: "approved", reason: approved, test: null, request: null });
    const rate = unmetRequirement({ minApprovalRate: row.minApprovalRate, minApproved: null }, track);
    if (rate) unmet.push({ requirement: "approval_rate", reason: rate, test: null, request: null });
  }
  for (const r of required) {
    const why = unmetQualificationOf([r]);
    if (why) unmet.push({ requirement: r.id, ...why });
  }
  for (const x of excluded)
    if (x.held !== null && (x.score === null || x.held === x.score))
      unmet.push({ requirement: x.id, reason: heldExclusion(x.name, x.score), test: null, request: null });
  if (countries.length) {
    const rule = {
      allowed: countries.filter((c) => c.allowed).map((c) => c.country),
      excluded: countries.filter((c) => !c.allowed).map((c) => c.country),
    };
    const why = unmetCountry(rule, worker?.country ?? null);
    if (why) unmet.push({ requirement: COUNTRY_REQUIREMENT, reason: why, test: null, request: null });
  }
  const guardOf = new Map(guards.map((g) => [g.requirement, g.guard]));
  const guarded = (levels: Guard[]) => unmet.some((u) => levels.includes(guardOf.get(u.requirement) as Guard));
  const first = unmet[0];
  return {
    unmet: first ? { reason: first.reason, test: first.test, request: first.request } : null,
    canPreview: !guarded(["preview", "discover"]),
    canDiscover: !guarded(["discover"]),
  };
}

/** Why this worker may not work on this task, and the test that would qualify them; null when they may. */
export async function unmetRequirements(env: Env, workerId: string, taskId: string) {
  return (await taskAccess(env, workerId, taskId)).unmet;
}

/** Refuses (403, with the reason) a worker who does not meet the task's requirements. */
export async function requireEligible(env: Env, workerId: string, taskId: string): Promise<void> {
  const unmet = await unmetRequirements(env, workerId, taskId);
  if (unmet) throw refusing("forbidden", unmet.reason);
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

/**
 * The rows of a task's extra requirements, as steps of its posting's batch after the task's row (labels start with
 * `prefix`): its qualifications, exclusions, countries and guards, and its discovery mark when a requirement guards
 * discovery (keyed by the task's rowid, read from the row just written).
 */
export function addExtraRequirements(batch: Batch, taskId: string, extra: ExtraRequirements, prefix = ""): void {
  extra.qualifications.forEach((q, i) =>
    batch.step(
      `${prefix}qualification ${i}`,
      sql`INSERT INTO task_qualifications (task_id, qualification_id, min_score) VALUES (${taskId}, ${q.id}, ${q.minScore})`,
    ),
  );
  extra.exclusions.forEach((x, i) =>
    batch.step(
      `${prefix}exclusion ${i}`,
      sql`INSERT INTO task_qualification_exclusions (task_id, qualification_id, score) VALUES (${taskId}, ${x.id}, ${x.score})`,
    ),
  );
  const countries = [
    ...extra.countries.allowed.map((c) => [c, 1] as const),
    ...extra.countries.excluded.map((c) => [c, 0] as const),
  ];
  countries.forEach(([country, allowed], i) =>
    batch.step(
      `${prefix}country ${i}`,
      sql`INSERT INTO task_countries (task_id, country, allowed) VALUES (${taskId}, ${country}, ${allowed})`,
    ),
  );
  extra.guards.forEach((g, i) =>
    batch.step(
      `${prefix}guard ${i}`,
      sql`INSERT INTO task_requirement_guards (task_id, requirement, guard) VALUES (${taskId}, ${g.requirement}, ${g.guard})`,
    ),
  );
  if (extra.guards.some((g) => g.guard === "discover"))
    batch.step(
      `${prefix}discovery guard`,
      sql`INSERT INTO task_discovery_guards (task_rowid, task_id, completion_date)
        SELECT rowid, id, completion_date FROM tasks WHERE id = ${taskId}`,
    );
}

/**
 * Whether this worker fails a requirement of the task `taskId` that guards discovery: `taskAccess`'s rule in SQL,
 * for a list of tasks. One pass over the task's guards, each joined to what it names (its counts, qualification,
 * exclusion or countries) and to the worker's row of that kind by primary key, then tested by kind: a join rather
 * than a union of one select per kind, which SQLite compiles in half the time (docs/performance.md, issue 46). A CASE
 * rather than a chain of ORs keeps the expression shallow: D1 allows a depth of 100, and the lists nest this deep.
 */
function failsDiscoveryGuard(workerId: Bound, taskId: SQLWrapper): SQL {
  const counts = sql`g.requirement IN ('approved', 'approval_rate')`;
  const approved = sql`COALESCE(r.approved, 0)`;
  const rate = approvalRateSql(approved, sql`COALESCE(r.rejected, 0)`);
  const country = (allowed: 0 | 1, same: boolean) =>
    sql`EXISTS (SELECT 1 FROM task_countries c WHERE c.task_id = g.task_id AND c.allowed = ${sql.raw(String(allowed))}${same ? sql` AND c.country = u.country` : sql``})`;
  return sql`EXISTS (SELECT 1 FROM task_requirement_guards g
      LEFT JOIN task_requirements tr ON ${counts} AND tr.task_id = g.task_id
      LEFT JOIN worker_track_records r ON ${counts} AND r.worker_id = ${workerId}
      LEFT JOIN task_qualifications q ON q.task_id = g.task_id AND q.qualification_id = g.requirement
      LEFT JOIN task_qualification_exclusions x ON x.task_id = g.task_id AND x.qualification_id = g.requirement
      LEFT JOIN qualification_grants s ON s.worker_id = ${workerId} AND s.qualification_id = g.requirement
      LEFT JOIN users u ON g.requirement = ${COUNTRY_REQUIREMENT} AND u.id = ${workerId}
    WHERE g.task_id = ${taskId} AND g.guard = 'discover' AND CASE g.requirement
      WHEN 'approved' THEN tr.min_approved > ${approved}
      WHEN 'approval_rate' THEN tr.min_approval_rate > ${rate}
      WHEN ${COUNTRY_REQUIREMENT} THEN u.country IS NULL OR ${country(0, true)} OR (${country(1, false)} AND NOT ${country(1, true)})
      ELSE COALESCE(s.score, -1) < q.min_score OR x.task_id IS NOT NULL AND s.score = COALESCE(x.score, s.score) END)`;
}

/**
 * The condition on a walked task (its rowid, which the open-task indexes carry) that the worker may discover it:
 * tasks without a discovery guard pass on one primary-key probe.
 */
export function discoverableBy(workerId: string, rowid: SQLWrapper): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM task_discovery_guards d WHERE d.task_rowid = ${rowid}
    AND ${failsDiscoveryGuard(workerId, sql`d.task_id`)})`;
}

/** The rowids of the tasks not past their day that a discovery guard hides from this worker: the guarded ones, tested. */
export function undiscoverableRowids(workerId: Bound, today: Bound): SQL {
  return sql`SELECT d.task_rowid FROM task_discovery_guards d INDEXED BY task_discovery_guards_open_idx
    WHERE d.completion_date >= ${today} AND ${failsDiscoveryGuard(workerId, sql`d.task_id`)}`;
}
