// The operations that change a posted HIT (CreateAdditionalAssignmentsForHIT, UpdateHITReviewStatus,
// UpdateHITTypeOfHIT) and ListReviewPolicyResultsForHIT, which answers that no review policy ran (Coinwork has none):
// each over the services the pages use; the coins move in the services' batches.
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { addAssignments, hitTypeInBatch, MOST_OPEN_SLOTS, setHitReviewStatus } from "../services/hit-changes.server";
import { buyerHitType } from "../services/hits.server";
import { updateTask } from "../services/tasks.server";
import { hitUpdateTaskSchema } from "~/lib/schemas/task";
import { boundedText, integer, text, type Input } from "./input.server";
import { ownHit } from "./owned.server";
import { hitCategory } from "./hit-operations.server";
import { hitShape } from "./shapes.server";
import { requestError } from "./wire.server";

type Operation = (env: Env, requester: SessionUser, input: Input) => Promise<unknown>;

/** A review policy's empty report: no results, no actions. */
const NO_REPORT = { ReviewResults: [], ReviewActions: [] };

export const HIT_CHANGE_OPERATIONS: Record<string, Operation> = {
  // escrowed like Add Task's slots; a repeated UniqueRequestToken charges nothing twice
  CreateAdditionalAssignmentsForHIT: async (env, requester, input) => {
    const { task } = await ownHit(env, requester, text(input, "HITId"));
    const more = integer(input, "NumberOfAdditionalAssignments");
    if (more < 1 || more > MOST_OPEN_SLOTS)
      throw requestError(`NumberOfAdditionalAssignments must be between 1 and ${MOST_OPEN_SLOTS}.`);
    const token = boundedText(input, "UniqueRequestToken", 64, false);
    await addAssignments(env, requester, task, more, token || undefined);
    return {};
  },

  // Revert false: a Reviewable HIT becomes Reviewing; true: a Reviewing HIT is Reviewable again
  UpdateHITReviewStatus: async (env, requester, input) => {
    const hit = await ownHit(env, requester, text(input, "HITId"));
    if (input.Revert !== undefined && typeof input.Revert !== "boolean")
      throw requestError("Revert must be true or false.");
    const revert = input.Revert === true;
    const status = hitShape(hit, env).HITStatus;
    const from = revert ? "Reviewing" : "Reviewable";
    if (status !== from)
      throw requestError(
        `HIT ${hit.task.id} is ${status}: UpdateHITReviewStatus with Revert ${revert} changes a ${from} HIT only.`,
        "AWS.MechanicalTurk.InvalidHITState",
      );
    await setHitReviewStatus(env, requester, hit.task.id, revert ? "NotReviewed" : "MarkedForReview");
    return {};
  },

  // the HIT takes the type's title, description, reward (its open slots' escrow settled), time allowed and keywords
  UpdateHITTypeOfHIT: async (env, requester, input) => {
    const hit = await ownHit(env, requester, text(input, "HITId"));
    const hitTypeId = text(input, "HITTypeId");
    const type = await buyerHitType(env, requester.id, hitTypeId);
    if (!type) throw requestError(`HIT type ${hitTypeId} does not exist.`, "AWS.MechanicalTurk.HITTypeDoesNotExist");
    const before = hit.hitTypeId ? await buyerHitType(env, requester.id, hit.hitTypeId) : null;
    if ((before?.qualificationRequirements ?? "[]") !== type.qualificationRequirements)
      throw requestError(
        "UpdateHITTypeOfHIT cannot change a HIT's QualificationRequirements on Coinwork: a task's requirements stay as it was posted with. Give the new type the same requirements, or post a new HIT.",
      );
    const t = hit.task;
    const parsed = v.safeParse(hitUpdateTaskSchema, {
      task_title: type.title,
      task_detail: type.description,
      required_workers: t.requiredWorkers,
      payable_amount: type.rewardCoins,
      completion_date: t.completionDate,
      submission_info: type.keywords || t.submissionInfo,
      category: hitCategory(type.keywords),
      task_image_url: t.taskImageUrl ?? "",
      time_allowance_minutes: Math.ceil(type.assignmentDurationSeconds / 60),
      // a HIT has no estimate: its time is measured, and the new reward is judged at it (docs/decisions/094)
      estimate_minutes: t.estimateMinutes,
    });
    if (!parsed.success) throw requestError(parsed.issues[0].message);
    await updateTask(env, requester, t.id, parsed.output, hitTypeInBatch(t.id, hitTypeId));
    return {};
  },

  ListReviewPolicyResultsForHIT: async (env, requester, input) => {
    const hit = await ownHit(env, requester, text(input, "HITId"));
    return { HITId: hit.task.id, AssignmentReviewReport: NO_REPORT, HITReviewReport: NO_REPORT };
  },
};
