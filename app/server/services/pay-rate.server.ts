// Time and pay per hour (docs/product/pay-per-hour.md, docs/decisions/050-pay-per-hour-kept-per-task.md): the
// platform's minimum hourly pay, enforced on a task's estimate when it is posted or updated, and the notice to its
// buyer when the measured median of its first timed submissions pays less. The median itself is kept by the trigger
// of migrations/0032 in the statement that inserts a submission.
import { gte, sql, type SQL } from "drizzle-orm";
import { tasks } from "../db/schema";
import type { Batch } from "../db/batch.server";
import { newId } from "../db/client.server";
import { AppError } from "../errors";
import { notification } from "./ledger.server";
import {
  belowMinimumMessage,
  centsPerHour,
  hourlyWords,
  minHourlyPayCents,
  payRateOf,
  type TaskTime,
} from "~/lib/pay-rate";
import { NOTIFICATION_LINKS } from "~/lib/notifications";

/** This deployment's minimum hourly pay, in cents (MIN_HOURLY_PAY_CENTS, default $6.00). */
export const minimumPayOf = (env: Env) => minHourlyPayCents(env.MIN_HOURLY_PAY_CENTS);

/**
 * The task list's filter: only tasks paying at least `cents` per hour (0032's generated cents_per_hour; a task without
 * a time has none and is left out). The alerts' matching passes a saved search's column as `cents`.
 */
export const paysAtLeast = (cents: number | SQL): SQL => gte(tasks.centsPerHour, cents);

/** A task's pay per hour as workers see it, judged against this deployment's minimum. */
export const payRateFor = (env: Env, task: TaskTime) => payRateOf(task, minimumPayOf(env));

/**
 * Refuses a task whose pay at its estimate is under the minimum, saying the least pay for that estimate. A task
 * without an estimate (the original client's POST /tasks sends none) is judged by its measured median later.
 */
export function requireMinimumPay(env: Env, payableAmount: number, estimateMinutes: number | null | undefined) {
  if (!estimateMinutes) return;
  const min = minimumPayOf(env);
  if (centsPerHour(payableAmount, estimateMinutes) >= min) return;
  const message = belowMinimumMessage(estimateMinutes, min);
  throw new AppError("validation_failed", message, { payable_amount: [message] });
}

/** What the buyer is told when the measured time of a task makes it pay under the minimum. */
export const belowMinimumNotice = (title: string, minCents: number) =>
  `Workers take longer than you estimated on "${title}": it pays under the minimum of ${hourlyWords(minCents)} and is marked so on the task list. Raise its pay on Update Task.`;

/**
 * Steps of a submission's batch, after the insert whose trigger works out the task's median: when the median now
 * makes the task pay under the minimum and its buyer was not told since its pay last changed, they are told, once.
 */
export function addBelowMinimumNotice(
  batch: Batch,
  env: Env,
  task: { id: string; buyerId: string; taskTitle: string },
  now: number,
) {
  const min = minimumPayOf(env);
  const below = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${task.id} AND measured_minutes IS NOT NULL
    AND cents_per_hour < ${min} AND below_minimum_told_at IS NULL)`;
  batch
    .step(
      "tell buyer below minimum",
      notification({
        id: newId(),
        userId: task.buyerId,
        message: belowMinimumNotice(task.taskTitle, min),
        actionRoute: NOTIFICATION_LINKS.belowMinimumPay,
        now,
        when: below,
      }),
    )
    .step(
      "told below minimum",
      sql`UPDATE tasks SET below_minimum_told_at = ${now} WHERE id = ${task.id} AND ${below}`,
    );
}
