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
import { addTaskSchema } from "~/lib/schemas/task";
import { deadlineDay } from "~/lib/deadline";
import { TIME_ALLOWANCE_MINUTES } from "~/lib/time-allowance";
import { boundedText, integer, text, type Input } from "./input.server";
import { parseQuestion } from "./question.server";
import { hitShape, rewardCoins } from "./shapes.server";
import { requestError } from "./wire.server";

/** Coinwork's category for a HIT: MTurk has none, and most HITs are surveys and judgements. */
export const HIT_CATEGORY = "Survey & Feedback";
const DAY_SECONDS = 86_400;

/** MTurk's system qualifications that Coinwork's task requirements answer (docs/product/quality.md). */
const APPROVAL_RATE = "000000000000000000L0";
const NUMBER_APPROVED = "00000000000000000040";

interface Requirements {
  min_approval_rate: number | null;
  min_approved: number | null;
}

/**
 * QualificationRequirements as Coinwork's task requirements: the approval rate and the number of approved
 * submissions, at least (GreaterThan n is at least n + 1). Anything else is refused by name rather than ignored, so a
 * HIT never opens to workers its requester meant to keep out.
 */
function requirementsOf(value: unknown): { requirements: Requirements; canonical: string } {
  const list = value ?? [];
  if (!Array.isArray(list)) throw requestError("QualificationRequirements must be a list.");
  const requirements: Requirements = { min_approval_rate: null, min_approved: null };
  const kept: [string, string, number][] = [];
  for (const q of list as Record<string, unknown>[]) {
    const id = typeof q?.QualificationTypeId === "string" ? q.QualificationTypeId : "";
    const comparator = q?.Comparator;
    const values = q?.IntegerValues;
    const n = Array.isArray(values) && values.length === 1 && Number.isInteger(values[0]) ? Number(values[0]) : NaN;
    if (id !== APPROVAL_RATE && id !== NUMBER_APPROVED)
      throw requestError(
        `QualificationTypeId ${id || "(missing)"} is not supported by Coinwork: only ${APPROVAL_RATE} (approval rate) and ${NUMBER_APPROVED} (approved submissions).`,
        "AWS.MechanicalTurk.QualificationTypeDoesNotExist",
      );
    if ((comparator !== "GreaterThan" && comparator !== "GreaterThanOrEqualTo") || Number.isNaN(n))
      throw requestError(
        `The requirement on ${id} must compare GreaterThan or GreaterThanOrEqualTo with one IntegerValue.`,
      );
    if (q.ActionsGuarded !== undefined && q.ActionsGuarded !== "Accept")
      throw requestError("ActionsGuarded may only be Accept: every Coinwork worker sees every open task's page.");
    const least = comparator === "GreaterThan" ? n + 1 : n;
    requirements[id === APPROVAL_RATE ? "min_approval_rate" : "min_approved"] = least;
    kept.push([id, comparator, n]);
  }
  return { requirements, canonical: JSON.stringify(kept.sort()) };
}

/** A HIT type's properties from CreateHITType's (or CreateHIT's) fields. */
function readHitType(input: Input): HitTypeProps {
  const duration = integer(input, "AssignmentDurationInSeconds");
  const [least, most] = [TIME_ALLOWANCE_MINUTES.min * 60, TIME_ALLOWANCE_MINUTES.max * 60];
  if (duration < least || duration > most)
    throw requestError(
      `AssignmentDurationInSeconds must be between ${least} and ${most} on Coinwork (a worker holds a slot for 5 minutes to 24 hours).`,
    );
  const autoApproval = input.AutoApprovalDelayInSeconds;
  if (autoApproval !== undefined && autoApproval !== null && !Number.isInteger(autoApproval))
    throw requestError("AutoApprovalDelayInSeconds must be a whole number.");
  return {
    title: text(input, "Title"),
    description: text(input, "Description"),
    rewardCoins: rewardCoins(text(input, "Reward")),
    assignmentDurationSeconds: duration,
    autoApprovalDelaySeconds: typeof autoApproval === "number" ? autoApproval : null,
    keywords: boundedText(input, "Keywords", 1000, false),
    qualificationRequirements: requirementsOf(input.QualificationRequirements).canonical,
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
  const parsed = v.safeParse(addTaskSchema, {
    task_title: type.title,
    task_detail: type.description,
    required_workers: integer(input, "MaxAssignments", 1),
    payable_amount: type.rewardCoins,
    // a task closes at the end of a day: the day the lifetime ends on
    completion_date: deadlineDay(Date.now() + lifetime * 1000),
    submission_info: type.keywords || "Answer as the description asks.",
    category: HIT_CATEGORY,
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

/** A stored requirement ([id, comparator, n]) back in the wire's shape. */
const wireRequirement = ([QualificationTypeId, Comparator, n]: [string, string, number]) => ({
  QualificationTypeId,
  Comparator,
  IntegerValues: [n],
});

type Operation = (env: Env, requester: SessionUser, input: Input) => Promise<unknown>;

export const HIT_OPERATIONS: Record<string, Operation> = {
  // a HIT type of its own properties (the same properties, the same type), and the HIT
  CreateHIT: async (env, requester, input) => {
    const type = readHitType(input);
    return postHit(env, requester, type, await hitTypeIdOf(requester.id, type), input);
  },

  CreateHITType: async (env, requester, input) => ({
    HITTypeId: await saveHitType(env, requester.id, readHitType(input)),
  }),

  CreateHITWithHITType: async (env, requester, input) => {
    const hitTypeId = text(input, "HITTypeId");
    const type = await buyerHitType(env, requester.id, hitTypeId);
    if (!type) throw requestError(`HIT type ${hitTypeId} does not exist.`, "AWS.MechanicalTurk.HITTypeDoesNotExist");
    return postHit(env, requester, type, hitTypeId, input);
  },
};
