// One name per concept (docs/product/messages.md, "Task fields"): what each of a task's fields is called wherever it
// shows, the Add and Update Task forms, the task pages, My Tasks, Manage Tasks and a CSV's errors alike.
import { CATEGORIES } from "./categories";
import { formatCount } from "./format";
import { ESTIMATE_MINUTES } from "./pay-rate";
import { TIME_ALLOWANCE_MINUTES } from "./time-allowance";
import type { Values } from "./i18n/messages";

export const TASK_FIELD_NAMES = {
  task_title: "Task title",
  task_detail: "Task detail",
  required_workers: "Workers needed",
  payable_amount: "Payable amount",
  completion_date: "Completion date",
  submission_info: "Submission info",
  category: "Category",
  task_image_url: "Task image",
  time_allowance_minutes: "Time allowance (minutes)",
  estimate_minutes: "Time estimate (minutes)",
  min_approval_rate: "Least approval rate (%)",
  min_approved: "Least approved submissions",
} as const;
export type TaskField = keyof typeof TASK_FIELD_NAMES;

/** The bounds of a task's numbers (the schemas of app/lib/schemas/task.ts check these). */
export const TASK_LIMITS = {
  titleLength: 120,
  detailLength: 4000,
  submissionInfoLength: 1000,
  workers: { min: 1, max: 10_000 },
  pay: { min: 1, max: 100_000 },
} as const;

const whole = (min: number, max: number) => `enter a whole number from ${formatCount(min)} to ${formatCount(max)}`;

/**
 * What a field must hold, in words, after its name: "Workers needed: enter a whole number from 1 to 10,000". A CSV
 * row's error says this for the column it is about, whatever the rule it broke (docs/product/batch-posting.md).
 */
export const FIELD_RULES: Record<TaskField, string> = {
  task_title: `enter a title of at most ${formatCount(TASK_LIMITS.titleLength)} characters`,
  task_detail: `enter what workers should do, at most ${formatCount(TASK_LIMITS.detailLength)} characters`,
  required_workers: whole(TASK_LIMITS.workers.min, TASK_LIMITS.workers.max),
  payable_amount: `${whole(TASK_LIMITS.pay.min, TASK_LIMITS.pay.max)} (coins per worker)`,
  completion_date: "enter today or a later day, as YYYY-MM-DD",
  submission_info: `enter what workers send as proof, at most ${formatCount(TASK_LIMITS.submissionInfoLength)} characters`,
  category: `enter one of ${CATEGORIES.join(", ")}`,
  task_image_url: "enter the address of an image uploaded to Coinwork, or leave it empty",
  time_allowance_minutes: `${whole(TIME_ALLOWANCE_MINUTES.min, TIME_ALLOWANCE_MINUTES.max)}, or leave it empty`,
  estimate_minutes: `${whole(ESTIMATE_MINUTES.min, ESTIMATE_MINUTES.max)} (minutes one worker's work takes)`,
  min_approval_rate: `${whole(0, 100)}, or leave it empty`,
  min_approved: `${whole(0, 100_000)}, or leave it empty`,
};

/**
 * The values FIELD_RULES are written with, as the `errors` catalogue's `batch.rule.<field>` takes them: a CSV row's
 * error in the page's language (the date's form and the categories as the file writes them).
 */
export const FIELD_RULE_VALUES: Record<TaskField, Values> = {
  task_title: { max: TASK_LIMITS.titleLength },
  task_detail: { max: TASK_LIMITS.detailLength },
  required_workers: TASK_LIMITS.workers,
  payable_amount: TASK_LIMITS.pay,
  completion_date: { format: "YYYY-MM-DD" },
  submission_info: { max: TASK_LIMITS.submissionInfoLength },
  category: { categories: CATEGORIES.join(", ") },
  task_image_url: {},
  time_allowance_minutes: { min: TIME_ALLOWANCE_MINUTES.min, max: TIME_ALLOWANCE_MINUTES.max },
  estimate_minutes: ESTIMATE_MINUTES,
  min_approval_rate: { min: 0, max: 100 },
  min_approved: { min: 0, max: 100_000 },
};

/** "Workers needed: enter a whole number from 1 to 10,000" */
export const fieldRuleWords = (field: TaskField) => `${TASK_FIELD_NAMES[field]}: ${FIELD_RULES[field]}`;
