import * as v from "valibot";
import { said, type Message } from "../i18n/validation";
import { CATEGORIES } from "../categories";
import { imageUrl, optionalText, requiredText, wholeNumber } from "./fields";
import { pageParam } from "./paging";
import { checkFields } from "./check";
import { deadlineDay, isPastDate } from "../deadline";
import { TIME_ALLOWANCE_MINUTES } from "../time-allowance";
import { ESTIMATE_MINUTES } from "../pay-rate";
import { TASK_LIMITS } from "../task-fields";

const completionDateRequired = said("task.completionDateRequired", "Completion date is required");
const completionDate = v.pipe(
  v.string(completionDateRequired),
  v.nonEmpty(completionDateRequired),
  v.isoDate(completionDateRequired),
  v.check(
    (d) => !isPastDate(d, deadlineDay()),
    said("task.completionDatePast", "Completion date cannot be in the past"),
  ),
);

/** How long a start holds a slot, in minutes; left empty: 60 on Add Task, unchanged on Update Task. */
const timeAllowance = v.optional(
  wholeNumber(
    said("task.timeAllowanceRequired", "Time allowance is required"),
    TIME_ALLOWANCE_MINUTES.min,
    said("task.timeAllowanceRange", `The time allowance is ${TIME_ALLOWANCE_MINUTES.min} minutes to 24 hours`, {
      min: TIME_ALLOWANCE_MINUTES.min,
    }),
    TIME_ALLOWANCE_MINUTES.max,
  ),
);

export const ESTIMATE_REQUIRED = "Time estimate is required";

/**
 * The buyer's estimate of one slot's work, in minutes: required on every door but a HIT's (docs/decisions/094), since
 * the minimum hourly pay is checked at it. `required` words a missing one (REST names its field).
 */
export const estimateMinutes = (required: Message = said("task.estimateRequired", ESTIMATE_REQUIRED)) =>
  wholeNumber(
    required,
    ESTIMATE_MINUTES.min,
    said("task.estimateRange", `The time estimate is ${ESTIMATE_MINUTES.min} to ${ESTIMATE_MINUTES.max} minutes`, {
      min: ESTIMATE_MINUTES.min,
      max: ESTIMATE_MINUTES.max,
    }),
    ESTIMATE_MINUTES.max,
  );

/** An optional whole number of a form or JSON: empty or missing is "no requirement" (null). */
export const optionalBound = (min: number, max: number, message: Message) =>
  v.pipe(
    v.optional(v.unknown()),
    v.transform((x) => (x === undefined || x === null || (typeof x === "string" && x.trim() === "") ? null : x)),
    v.union([v.null(), wholeNumber(message, min, message, max)], message),
  );

/** Who may work on the task (docs/product/quality.md): both optional. */
export const requirementFields = {
  min_approval_rate: optionalBound(0, 100, said("task.approvalRate", "Approval rate: a whole number from 0 to 100")),
  min_approved: optionalBound(0, 100_000, said("task.approved", "Approved submissions: a whole number, 0 or more")),
};

const unknownQualification = said("task.unknownQualification", "Unknown qualification");
const leastScore = said("task.leastScore", "Least score: a whole number from 0 to 100");

/** A required qualification (one of the buyer's own) and its least score, 0 (holding it is enough) when left empty. */
export const qualificationRequirementFields = {
  qualification_id: v.pipe(
    v.optional(v.unknown()),
    v.transform((x) => (typeof x === "string" && x.trim() !== "" ? x.trim() : null)),
    v.nullable(v.pipe(v.string(unknownQualification), v.maxLength(64, unknownQualification))),
  ),
  qualification_min_score: v.pipe(
    v.optional(v.unknown()),
    v.transform((x) => (x === undefined || x === null || (typeof x === "string" && x.trim() === "") ? 0 : x)),
    wholeNumber(leastScore, 0, leastScore, 100),
  ),
};

/** The fields Add and Update word alike. */
const wordedAlike = {
  completion_date: completionDate,
  submission_info: requiredText(
    said("task.submissionInfoRequired", "Submission info is required"),
    TASK_LIMITS.submissionInfoLength,
  ),
  category: v.picklist(CATEGORIES, said("task.categoryRequired", "Category is required")),
  task_image_url: imageUrl,
  time_allowance_minutes: timeAllowance,
  estimate_minutes: estimateMinutes(),
};

// Add and Update speak different words for the same rules (docs/product/messages.md).
const minimumWorker = said("addTask.workersMinimum", "Minimum 1 worker is required");
const minimumAmount = said("addTask.amountMinimum", "Minimum amount is 1");
const atLeastOneWorker = said("updateTask.workersMinimum", "Must be at least 1 worker");
const amountAboveZero = said("updateTask.amountMinimum", "Amount must be greater than 0");
export const addTaskSchema = v.object({
  task_title: requiredText(said("addTask.titleRequired", "Task Title is required"), TASK_LIMITS.titleLength),
  task_detail: requiredText(said("addTask.detailRequired", "Task detail is required"), TASK_LIMITS.detailLength),
  required_workers: wholeNumber(minimumWorker, TASK_LIMITS.workers.min, minimumWorker, TASK_LIMITS.workers.max),
  payable_amount: wholeNumber(minimumAmount, TASK_LIMITS.pay.min, minimumAmount, TASK_LIMITS.pay.max),
  ...wordedAlike,
  ...requirementFields,
  ...qualificationRequirementFields,
  ...checkFields,
});

export const updateTaskSchema = v.object({
  task_title: requiredText(said("updateTask.titleRequired", "Task title is required"), TASK_LIMITS.titleLength),
  task_detail: optionalText(TASK_LIMITS.detailLength),
  required_workers: wholeNumber(atLeastOneWorker, TASK_LIMITS.workers.min, atLeastOneWorker, TASK_LIMITS.workers.max),
  payable_amount: wholeNumber(amountAboveZero, TASK_LIMITS.pay.min, amountAboveZero, TASK_LIMITS.pay.max),
  ...wordedAlike,
  ...checkFields,
});

/**
 * Update Task for a task whose time is measured rather than estimated (a HIT: decision 094): its estimate may stay
 * empty, which keeps it measured; a figure gives it that estimate from then on.
 */
export const measuredTaskUpdateSchema = v.object({
  ...updateTaskSchema.entries,
  estimate_minutes: v.optional(v.nullable(estimateMinutes()), null),
});

/** Update Task's schema for a task with an estimate, or without one (its time `measured`): the page and its action. */
export const updateSchemaFor = (measured: boolean) => (measured ? measuredTaskUpdateSchema : updateTaskSchema);

/**
 * A HIT's task (the MTurk Requester API's CreateHIT): Add Task's fields without an estimate, which MTurk has no field
 * for. Its time is measured instead: the median of its first five timed submissions judges it (decision 094).
 */
export const hitTaskSchema = v.object({ ...addTaskSchema.entries, estimate_minutes: v.optional(v.null(), null) });

/** A HIT's update (UpdateExpirationForHIT): Update Task's fields, its estimate as the task has it (none for a HIT). */
export const hitUpdateTaskSchema = v.object({
  ...updateTaskSchema.entries,
  estimate_minutes: v.nullable(estimateMinutes(), null),
});

export type AddTaskInput = v.InferOutput<typeof addTaskSchema>;
export type HitTaskInput = v.InferOutput<typeof hitTaskSchema>;
export type UpdateTaskInput = v.InferOutput<typeof updateTaskSchema>;
export type HitUpdateTaskInput = v.InferOutput<typeof hitUpdateTaskSchema>;

/** How the open tasks can be ordered (the worker's Task List and GET /tasks2). */
export const TASK_SORTS = ["newest", "pay", "rate", "deadline"] as const;

/** A whole number of a query string within bounds, or undefined (no filter) for anything else. */
const optionalWhole = (min: number, max: number) =>
  v.fallback(
    v.optional(v.pipe(v.string(), v.digits(), v.transform(Number), v.minValue(min), v.maxValue(max))),
    undefined,
  );

/** The worker's Task List: its URL is its state, so anything malformed falls back to the default. */
export const openTaskSearch = v.object({
  q: v.fallback(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
  category: v.fallback(v.optional(v.picklist(CATEGORIES)), undefined),
  sort: v.fallback(v.picklist(TASK_SORTS), "newest"),
  /** least pay per hour, whole dollars */
  min_hourly: optionalWhole(1, 1000),
  /** least buyer approval rate (all time), percent */
  min_approval: optionalWhole(1, 100),
  /**
   * "Hide tasks I can't do": on unless "0". The form sends "0" from a hidden field, then "1" from the ticked box, and
   * the last value of a name is the one read, so an unticked box turns it off without JavaScript.
   */
  hide: v.fallback(v.picklist(["0", "1"]), "1"),
  page: pageParam,
});
