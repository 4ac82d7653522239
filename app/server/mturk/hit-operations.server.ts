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
import { ownHit, ownQualificationType } from "./owned.server";
import { ownIdsOf, requirementsOf, wireRequirement, type Kept } from "./requirements.server";
import { requestError } from "./wire.server";

/**
 * A HIT's "What to submit" (the task's submission info): its question's form when it has one, else its description.
 * Never its Keywords, which are words to find it by (migrations/0075 rewrote the HITs that showed them).
 */
export const HIT_SUBMISSION_INFO = {
  question: "Your answers in the task's form below: its Submit button sends them to the buyer.",
  none: "Answer as the description asks.",
} as const;

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
  const translated = requirementsOf(input.QualificationRequirements);
  // another requester's type is refused before anything is stored, as one that does not exist
  for (const id of ownIdsOf(translated)) await ownQualificationType(env, requester, id);
  return {
    title: text(input, "Title"),
    description: text(input, "Description"),
    rewardCoins: rewardCoins(text(input, "Reward")),
    assignmentDurationSeconds: duration,
    autoApprovalDelaySeconds: typeof autoApproval === "number" ? autoApproval : null,
    keywords: boundedText(input, "Keywords", 1000, false),
    qualificationRequirements: translated.canonical,
  };
}

/** A HIT of this type, posted with the HIT's own fields (lifetime, assignments, question, annotation, token). */
async function postHit(env: Env, requester: SessionUser, type: HitTypeProps, hitTypeId: string, input: Input) {
  const lifetime = integer(input, "LifetimeInSeconds");
  if (lifetime < 30 || lifetime > 365 * DAY_SECONDS)
    throw requestError("LifetimeInSeconds must be between 30 and 31536000.");
  const requirements = requirementsOf((JSON.parse(type.qualificationRequirements) as Kept[]).map(wireRequirement));
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
    submission_info: question ? HIT_SUBMISSION_INFO.question : HIT_SUBMISSION_INFO.none,
    category: hitCategory(type.keywords),
    task_image_url: "",
    // a worker's hold lasts the assignment's duration, in whole minutes (rounded up: never less time than asked)
    time_allowance_minutes: Math.ceil(type.assignmentDurationSeconds / 60),
    min_approval_rate: requirements.min_approval_rate,
    min_approved: requirements.min_approved,
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
    const task = await postTask(env, requester, parsed.output, {
      extra: requirements.extra,
      alsoInBatch: (batch, taskId, now) => {
        if (token) addRequestToken(batch, requester.id, token, taskId, now);
        addHitRecord(batch, requester.id, { taskId, hitTypeId, type, question, annotation }, now);
      },
    });
    // the HIT as GetHIT answers it
    return { HIT: hitShape(await ownHit(env, requester, task.id), env) };
  } catch (e) {
    // the token's key refused the batch: the same token won a race meanwhile
    throw (await alreadyMade()) ?? e;
  }
}

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
