// The operations that make HITs (CreateHIT, CreateHITType, CreateHITWithHITType): a HIT type's properties and a
// HIT's own fields read from the request, then one posting through the tasks service (escrow in its batch), with
// the HIT's record and UniqueRequestToken as steps of that same batch.
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { postTask } from "../services/tasks.server";
import {
  addHitRecord,
  addRequestToken,
  buyerHitType,
  hitOfToken,
  hitTypeIdOf,
  saveHitType,
  type HitTypeProps,
} from "../services/hits.server";
import { hitTaskSchema } from "~/lib/schemas/task";
import { deadlineDay } from "~/lib/deadline";
import { CATEGORIES, categorySlug, type Category } from "~/lib/categories";
import { TIME_ALLOWANCE_MINUTES } from "~/lib/time-allowance";
import { boundedText, integer, text, type Input } from "./input.server";
import { parseQuestion } from "./question.server";
import { hitShape, rewardCoins } from "./shapes.server";
import { ownQualificationType } from "./owned.server";
import { requestError } from "./wire.server";

/** Coinwork's category for a HIT whose Keywords name none: most HITs are surveys and judgements. */
export const HIT_CATEGORY: Category = "Survey & Feedback";

/**
 * MTurk has no categories: the first of the comma-separated Keywords that names a Coinwork category (its name or
 * its slug, in any case: "translation", "Data Entry", "app-website-testing") picks the task's, else the default.
 */
export function hitCategory(keywords: string): Category {
  for (const word of keywords.split(",")) {
    const key = word.trim().toLowerCase();
    const found = CATEGORIES.find((c) => c.toLowerCase() === key || categorySlug(c) === key);
    if (key && found) return found;
  }
  return HIT_CATEGORY;
}

const DAY_SECONDS = 86_400;

/** MTurk's system qualifications that Coinwork's task requirements answer (docs/product/quality.md). */
const APPROVAL_RATE = "000000000000000000L0";
const NUMBER_APPROVED = "00000000000000000040";
/** A score is 0-100: EqualTo 100 is "at least 100", any other EqualTo is not a least score. */
const TOP_SCORE = 100;

interface Requirements {
  min_approval_rate: number | null;
  min_approved: number | null;
  /** one of the requester's own qualification types, with its least score */
  qualification_id: string | null;
  qualification_min_score: number;
}
/** A requirement as stored with its HIT type: [id, comparator, the one IntegerValue or null for Exists]. */
type Kept = [string, string, number | null];

/** The least score of a requirement on the requester's own qualification type, as the task's rule takes it. */
function leastScore(id: string, comparator: unknown, n: number): number {
  if (comparator === "Exists") return 0;
  if (comparator === "GreaterThanOrEqualTo" && n >= 0 && n <= TOP_SCORE) return n;
  if (comparator === "GreaterThan" && n >= 0 && n < TOP_SCORE) return n + 1;
  if (comparator === "EqualTo" && n === TOP_SCORE) return TOP_SCORE;
  throw requestError(
    `The requirement on ${id} compares ${String(comparator)}${Number.isNaN(n) ? "" : ` ${n}`}, which Coinwork cannot apply: a task requires a qualification with a least score (0-100), so use Exists, GreaterThanOrEqualTo or GreaterThan with one IntegerValue, or EqualTo 100.`,
  );
}

/**
 * QualificationRequirements as Coinwork's task requirements: the approval rate and the number of approved
 * submissions, at least (GreaterThan n is at least n + 1), and one of the requester's own qualification types with
 * a least score. Anything else is refused by name rather than ignored, so a HIT never opens to workers its requester
 * meant to keep out. Whether the qualification type is the requester's is checked by `readHitType`.
 */
function requirementsOf(value: unknown): { requirements: Requirements; canonical: string } {
  const list = value ?? [];
  if (!Array.isArray(list)) throw requestError("QualificationRequirements must be a list.");
  const requirements: Requirements = {
    min_approval_rate: null,
    min_approved: null,
    qualification_id: null,
    qualification_min_score: 0,
  };
  const kept: Kept[] = [];
  for (const q of list as Record<string, unknown>[]) {
    const id = typeof q?.QualificationTypeId === "string" ? q.QualificationTypeId : "";
    if (!id) throw requestError("Each requirement needs its QualificationTypeId.");
    const comparator = q?.Comparator;
    const values = q?.IntegerValues;
    const n = Array.isArray(values) && values.length === 1 && Number.isInteger(values[0]) ? Number(values[0]) : NaN;
    if (q.ActionsGuarded !== undefined && q.ActionsGuarded !== "Accept")
      throw requestError("ActionsGuarded may only be Accept: every Coinwork worker sees every open task's page.");
    if (id === APPROVAL_RATE || id === NUMBER_APPROVED) {
      if ((comparator !== "GreaterThan" && comparator !== "GreaterThanOrEqualTo") || Number.isNaN(n))
        throw requestError(
          `The requirement on ${id} must compare GreaterThan or GreaterThanOrEqualTo with one IntegerValue.`,
        );
      requirements[id === APPROVAL_RATE ? "min_approval_rate" : "min_approved"] =
        comparator === "GreaterThan" ? n + 1 : n;
      kept.push([id, comparator, n]);
      continue;
    }
    if (/^0{8,}/.test(id))
      throw requestError(
        `QualificationTypeId ${id} is not supported by Coinwork: of MTurk's system qualifications only ${APPROVAL_RATE} (approval rate) and ${NUMBER_APPROVED} (approved submissions).`,
        "AWS.MechanicalTurk.QualificationTypeDoesNotExist",
      );
    if (q.LocaleValues !== undefined)
      throw requestError(`The requirement on ${id} gives LocaleValues: Coinwork's qualifications hold a score only.`);
    if (requirements.qualification_id)
      throw requestError("A Coinwork task requires at most one of the requester's own qualification types.");
    requirements.qualification_id = id;
    requirements.qualification_min_score = leastScore(id, comparator, n);
    kept.push([id, String(comparator), comparator === "Exists" ? null : n]);
  }
  return { requirements, canonical: JSON.stringify(kept.sort()) };
}

/** A HIT type's properties from CreateHITType's (or CreateHIT's) fields. */
async function readHitType(env: Env, requester: SessionUser, input: Input): Promise<HitTypeProps> {
  const duration = integer(input, "AssignmentDurationInSeconds");
  const [least, most] = [TIME_ALLOWANCE_MINUTES.min * 60, TIME_ALLOWANCE_MINUTES.max * 60];
  if (duration < least || duration > most)
    throw requestError(
      `AssignmentDurationInSeconds must be between ${least} and ${most} on Coinwork (a worker holds a slot for 5 minutes to 24 hours).`,
    );
  const autoApproval = input.AutoApprovalDelayInSeconds;
  if (autoApproval !== undefined && autoApproval !== null && !Number.isInteger(autoApproval))
    throw requestError("AutoApprovalDelayInSeconds must be a whole number.");
  const { requirements, canonical } = requirementsOf(input.QualificationRequirements);
  // another requester's type is refused before anything is stored, as one that does not exist
  if (requirements.qualification_id) await ownQualificationType(env, requester, requirements.qualification_id);
  return {
    title: text(input, "Title"),
    description: text(input, "Description"),
    rewardCoins: rewardCoins(text(input, "Reward")),
    assignmentDurationSeconds: duration,
    autoApprovalDelaySeconds: typeof autoApproval === "number" ? autoApproval : null,
    keywords: boundedText(input, "Keywords", 1000, false),
    qualificationRequirements: canonical,
  };
}

/** A HIT of this type, posted with the HIT's own fields (lifetime, assignments, question, annotation, token). */
async function postHit(env: Env, requester: SessionUser, type: HitTypeProps, hitTypeId: string, input: Input) {
  const lifetime = integer(input, "LifetimeInSeconds");
  if (lifetime < 30 || lifetime > 365 * DAY_SECONDS)
    throw requestError("LifetimeInSeconds must be between 30 and 31536000.");
  const question = boundedText(input, "Question", 65_535, false) || null;
  // read now, so a Question the worker's page could not show is refused before anything is made
  if (question) parseQuestion(question);
  const annotation = boundedText(input, "RequesterAnnotation", 255, false) || null;
  // no estimate: MTurk has none, so the task's time is measured (docs/decisions/094)
  const parsed = v.safeParse(hitTaskSchema, {
    task_title: type.title,
    task_detail: type.description,
    required_workers: integer(input, "MaxAssignments", 1),
    payable_amount: type.rewardCoins,
    // a task closes at the end of a day: the day the lifetime ends on
    completion_date: deadlineDay(Date.now() + lifetime * 1000),
    submission_info: type.keywords || "Answer as the description asks.",
    category: hitCategory(type.keywords),
    task_image_url: "",
    // a worker's hold lasts the assignment's duration, in whole minutes (rounded up: never less time than asked)
    time_allowance_minutes: Math.ceil(type.assignmentDurationSeconds / 60),
    ...requirementsOf(JSON.parse(type.qualificationRequirements).map(wireRequirement)).requirements,
  });
  if (!parsed.success) throw requestError(parsed.issues[0].message);
  const token = text(input, "UniqueRequestToken", false);
  if (token.length > 64) throw requestError("UniqueRequestToken must be at most 64 characters.");
  const alreadyMade = async () => {
    const hitId = token ? await hitOfToken(env, requester.id, token) : null;
    return hitId
      ? requestError(
          `The HIT with ID ${hitId} already exists (UniqueRequestToken ${token}).`,
          "AWS.MechanicalTurk.HitAlreadyExists",
        )
      : null;
  };
  const made = await alreadyMade();
  if (made) throw made;
  try {
    const task = await postTask(env, requester, parsed.output, (batch, taskId, now) => {
      if (token) addRequestToken(batch, requester.id, token, taskId, now);
      addHitRecord(batch, requester.id, { taskId, hitTypeId, type, question, annotation }, now);
    });
    return { HIT: hitShape({ task, pending: 0, approved: 0, hitTypeId, keywords: type.keywords }) };
  } catch (e) {
    // the token's key refused the batch: the same token won a race meanwhile
    throw (await alreadyMade()) ?? e;
  }
}

/** A stored requirement back in the wire's shape. */
const wireRequirement = ([QualificationTypeId, Comparator, n]: Kept) => ({
  QualificationTypeId,
  Comparator,
  ...(n === null ? {} : { IntegerValues: [n] }),
});

type Operation = (env: Env, requester: SessionUser, input: Input) => Promise<unknown>;

export const HIT_OPERATIONS: Record<string, Operation> = {
  // a HIT type of its own properties (the same properties, the same type), and the HIT
  CreateHIT: async (env, requester, input) => {
    const type = await readHitType(env, requester, input);
    return postHit(env, requester, type, await hitTypeIdOf(requester.id, type), input);
  },

  CreateHITType: async (env, requester, input) => ({
    HITTypeId: await saveHitType(env, requester.id, await readHitType(env, requester, input)),
  }),

  CreateHITWithHITType: async (env, requester, input) => {
    const hitTypeId = text(input, "HITTypeId");
    const type = await buyerHitType(env, requester.id, hitTypeId);
    if (!type) throw requestError(`HIT type ${hitTypeId} does not exist.`, "AWS.MechanicalTurk.HITTypeDoesNotExist");
    return postHit(env, requester, type, hitTypeId, input);
  },
};
