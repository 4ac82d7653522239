// Time and pay per hour (docs/product/pay-per-hour.md, docs/decisions/050-pay-per-hour-kept-per-task.md and
// 094-a-hit-judged-by-its-first-five.md): the platform's minimum hourly pay, enforced on a task's estimate when it is
// posted or updated; the notice to its buyer when the measured median of a task with an estimate pays less; and, for
// a task without an estimate (a HIT), its judgement by the median of its first five timed submissions: under the
// minimum it pauses, and the work sent is topped up to the minimum by a bonus from the buyer's balance. The medians
// themselves are kept by the trigger of migrations/0032 (0076) in the statement that inserts a submission.
import { gte, sql, type SQL } from "drizzle-orm";
import { tasks } from "../db/schema";
import type { Batch } from "../db/batch.server";
import { newId } from "../db/client.server";
import { AppError } from "../errors";
import { debtPosting, notification, posting } from "./ledger.server";
import {
  belowJudgedMessage,
  belowMinimumMessage,
  centsPerHour,
  COIN_A_MINUTE_CENTS_PER_HOUR,
  hourlyWords,
  leastPayFor,
  minHourlyPayCents,
  payRateOf,
  SUBMISSIONS_TO_JUDGE,
  type TaskTime,
} from "~/lib/pay-rate";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { formatsOf } from "~/lib/i18n/format";
import type { Language } from "~/lib/i18n/languages";
import type { Key, Said } from "~/lib/i18n/messages";
import { serverWords } from "~/lib/i18n/words.server";

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
 * Refuses a pay under the minimum at the task's estimate, saying the least pay for it; on a task judged by its first
 * five timed submissions (`judgedMinutes`), under the minimum at that time too. A HIT's posting has no estimate: it is
 * judged later (addMinimumPaySteps).
 */
export function requireMinimumPay(
  env: Env,
  payableAmount: number,
  estimateMinutes: number | null,
  judgedMinutes: number | null = null,
) {
  const min = minimumPayOf(env);
  const refuse = (said: Said) => {
    throw new AppError("validation_failed", said.english, { payable_amount: [said.english] }).saying(
      said.key!,
      said.values,
    );
  };
  if (estimateMinutes && centsPerHour(payableAmount, estimateMinutes) < min)
    refuse(belowMinimumPay(min, estimateMinutes));
  if (judgedMinutes && centsPerHour(payableAmount, judgedMinutes) < min)
    refuse(belowMinimumPay(min, judgedMinutes, true));
}

/**
 * The least pay at `minutes` in words ("The minimum pay is $6.00/hour: a task of 5 minutes must pay at least 10 coins
 * per worker."), or at the median time workers took (`judged`).
 */
export function belowMinimumPay(minCents: number, minutes: number, judged = false): Said {
  return {
    english: judged ? belowJudgedMessage(minutes, minCents) : belowMinimumMessage(minutes, minCents),
    key: judged ? "task.belowJudgedPay" : "task.belowMinimumPay",
    values: (language) => ({
      hourly: hourlyIn(language, minCents),
      time: timeIn(language, minutes),
      coins: leastPayFor(minutes, minCents),
    }),
  };
}

/** "$6.00/hour" in a language. */
const hourlyIn = (language: Language, cents: number) =>
  language === "en"
    ? hourlyWords(cents)
    : serverWords(language, "errors")("time.hourly", { dollars: formatsOf(language).dollars(cents) });

/** "1 hour 30 minutes" in a language, as allowanceWords writes it in English. */
function timeIn(language: Language, minutes: number): string {
  const t = serverWords(language, "errors");
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? t("time.hours", { count: h }) : "", m || !h ? t("time.minutes", { count: m }) : ""]
    .filter(Boolean)
    .join(" ");
}

/** A notice about a task's pay, in a language: its title and the minimum. */
const payNotice =
  (key: Key<"notifications">) =>
  (title: string, minCents: number, language: Language = "en") =>
    serverWords(language, "notifications")(key, {
      title,
      hourly: hourlyIn(language, minCents),
      judged: SUBMISSIONS_TO_JUDGE,
    });

/** What the buyer is told when the measured time of a task makes it pay under the minimum. */
export const belowMinimumNotice = payNotice("pay.belowMinimum");

/** What the buyer of a task paused at its judgement is told. */
export const pausedNotice = payNotice("pay.paused");

/** What the buyer of a judged task is told when work sent at an earlier, lower pay was topped up. */
export const toppedUpNotice = payNotice("pay.toppedUp");

/** The reason a top-up's worker reads, on the bonus (in English, as the bonus is kept) and in their notice. */
export const topUpReason = payNotice("pay.topUpReason");

/**
 * Steps of a submission's batch, after the insert whose trigger works out the task's median: when the median now
 * makes a task with an estimate pay under the minimum and its buyer was not told since its pay last changed, they are
 * told, once. (A task without an estimate is judged instead: addMinimumPaySteps.)
 */
export function addBelowMinimumNotice(
  batch: Batch,
  env: Env,
  task: { id: string; buyerId: string; taskTitle: string },
  now: number,
) {
  const min = minimumPayOf(env);
  const below = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${task.id} AND estimate_minutes IS NOT NULL
    AND measured_minutes IS NOT NULL AND cents_per_hour < ${min} AND below_minimum_told_at IS NULL)`;
  batch
    .step(
      "tell buyer below minimum",
      notification({
        id: newId(),
        userId: task.buyerId,
        message: (language) => belowMinimumNotice(task.taskTitle, min, language),
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

/**
 * leastPayFor in SQL: the coins that pay `minCents` an hour for `minutes`, rounded up. D1 binds a number as REAL, so
 * the minimum is cast for the division to stay a whole one.
 */
const leastPaySql = (minCents: number, minutes: SQL) =>
  sql`((CAST(${minCents} AS INTEGER) * ${minutes} + ${sql.raw(String(COIN_A_MINUTE_CENTS_PER_HOUR - 1))}) / ${sql.raw(String(COIN_A_MINUTE_CENTS_PER_HOUR))})`;

export interface JudgedSubmission {
  task: {
    id: string;
    buyerId: string;
    taskTitle: string;
    estimateMinutes: number | null;
    judgedMinutes: number | null;
  };
  /** the submission this batch inserts, and whether it is timed (sent from a start) */
  submissionId: string;
  timed: boolean;
  now: number;
}

/**
 * Steps of a submission's batch, after its insert (whose trigger keeps the task's judged time, migrations/0076):
 *
 * - On a judged task (a HIT past its fifth timed submission), this work is topped up when its pay (escrowed at its
 *   start) is under the minimum at the judged time.
 * - When this insert is the fifth timed submission of a task without an estimate, every live (pending or approved)
 *   submission of the task is topped up so, and if the task's pay is under the minimum the task pauses (no new
 *   starts) and its buyer is told why and how to reopen it.
 *
 * A top-up is a bonus (decision 032) the rule makes: the `bonuses` row (top_up = 1, once per submission by its request
 * key "minimum-pay:<submission>"), the buyer's −coins and the worker's +coins under the kind `bonus`, and the worker's
 * notice. What the buyer's balance lacks for this batch's top-ups is advanced and owed first, as for an overturned
 * rejection (decision 014): the balance ends at max(0, balance − top-ups), and the debt blocks the buyer's spending
 * until a purchase settles it. The amounts are worked out in the batch from the judged time it keeps.
 */
export function addMinimumPaySteps(batch: Batch, env: Env, j: JudgedSubmission) {
  const { task, now } = j;
  const min = minimumPayOf(env);
  // this batch's rows are named by a key of its own: bonuses "<key>:<submission>", ledger rows "<key>:c|p:<submission>"
  const key = newId();
  const ofThisBatch = (column: string, prefix = "") =>
    sql`${sql.raw(column)} >= ${`${key}:${prefix}`} AND ${sql.raw(column)} < ${`${key}:${prefix}\uffff`}`;
  const least = leastPaySql(min, sql`t.judged_minutes`);
  const created = sql`EXISTS (SELECT 1 FROM submissions WHERE id = ${j.submissionId})`;
  // this insert was the fifth timed submission of a task without an estimate: the trigger has just judged it
  const judgedNow = sql`${created} AND EXISTS (SELECT 1 FROM tasks WHERE id = ${task.id} AND estimate_minutes IS NULL
    AND judged_minutes IS NOT NULL AND timed_submissions = ${SUBMISSIONS_TO_JUDGE})`;
  const topUps = (label: string, scope: SQL) =>
    batch.step(
      label,
      sql`INSERT INTO bonuses (id, submission_id, buyer_id, worker_id, coins, reason, request_key, created_at, top_up)
        SELECT ${`${key}:`} || s.id, s.id, s.buyer_id, s.worker_id, ${least} - s.payable_amount,
          ${topUpReason(task.taskTitle, min)}, 'minimum-pay:' || s.id, ${now}, 1
        FROM submissions s JOIN tasks t ON t.id = s.task_id
        WHERE ${scope} AND s.status IN ('pending', 'approved') AND t.judged_minutes IS NOT NULL
          AND s.payable_amount < ${least}
        ON CONFLICT (buyer_id, request_key) DO NOTHING`,
    );
  topUps("top up this work", sql`s.id = ${j.submissionId}`);
  // only a timed submission to a task not judged when read can be the one that judges it
  const mayJudge = j.timed && task.estimateMinutes === null && task.judgedMinutes === null;
  if (mayJudge)
    topUps("top up earlier work", sql`s.task_id = ${task.id} AND s.id <> ${j.submissionId} AND ${judgedNow}`);

  const made = sql`EXISTS (SELECT 1 FROM bonuses WHERE ${ofThisBatch("id")})`;
  const total = sql`(SELECT COALESCE(SUM(coins), 0) FROM bonuses WHERE ${ofThisBatch("id")})`;
  const advanceId = newId();
  batch
    .step(
      "top-ups: advanced",
      ...posting({
        id: advanceId,
        userId: task.buyerId,
        delta: sql`MAX(0, ${total} - (SELECT coin FROM users WHERE id = ${task.buyerId}))`,
        kind: "debt_advance",
        taskId: task.id,
        note: "minimum pay top-up",
        now,
        when: made,
      }),
    )
    .step(
      "top-ups: owed",
      ...debtPosting({
        id: newId(),
        userId: task.buyerId,
        delta: sql`COALESCE((SELECT delta FROM coin_ledger WHERE id = ${advanceId}), 0)`,
        kind: "debt_advance",
        note: "minimum pay top-up",
        now,
      }),
    );
  // each top-up charges its buyer and pays its worker: two rows netting to 0, as every bonus
  const rows = (label: string, part: "c" | "p", userColumn: string, sign: string) =>
    batch.step(
      label,
      sql`INSERT INTO coin_ledger (id, user_id, delta, kind, task_id, submission_id, bonus_id, created_at)
        SELECT ${`${key}:${part}:`} || b.submission_id, ${sql.raw(userColumn)}, ${sql.raw(sign)}b.coins, 'bonus',
          ${task.id}, b.submission_id, b.id, ${now}
        FROM bonuses b WHERE ${ofThisBatch("b.id")}`,
      sql`UPDATE users SET coin = coin + (SELECT SUM(l.delta) FROM coin_ledger l
          WHERE ${ofThisBatch("l.id", `${part}:`)} AND l.user_id = users.id)
        WHERE id IN (SELECT l.user_id FROM coin_ledger l WHERE ${ofThisBatch("l.id", `${part}:`)})`,
    );
  rows("top-ups: charged", "c", "b.buyer_id", "-");
  rows("top-ups: paid", "p", "b.worker_id", "");
  batch.step(
    "top-ups: workers told",
    sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
      SELECT lower(hex(randomblob(16))), b.worker_id,
        CASE (SELECT language FROM users WHERE id = b.worker_id)
          WHEN 'bn' THEN ${topUpReason(task.taskTitle, min, "bn")} ELSE b.reason END,
        ${NOTIFICATION_LINKS.submissionDecided}, ${now}
      FROM bonuses b WHERE ${ofThisBatch("b.id")}`,
  );
  if (!mayJudge) return;
  // the judgement's pause: the task's pay is under the minimum at the judged time
  batch.step(
    "pause",
    sql`UPDATE tasks SET paused_at = ${now} WHERE id = ${task.id} AND paused_at IS NULL
      AND payable_amount < ${leastPaySql(min, sql`judged_minutes`)} AND ${judgedNow}`,
  );
  const paused = sql`EXISTS (SELECT 1 FROM tasks WHERE id = ${task.id} AND paused_at = ${now})`;
  const owed = sql`EXISTS (SELECT 1 FROM coin_ledger WHERE id = ${advanceId})`;
  // with what the buyer owes when their balance did not cover the top-ups
  const told = (label: string, words: typeof pausedNotice, when: SQL) =>
    batch.step(
      label,
      notification({
        id: newId(),
        userId: task.buyerId,
        message: (language) =>
          sql`${words(task.taskTitle, min, language)} || CASE WHEN ${owed} THEN ${serverWords(language, "notifications")("pay.owed")} ELSE '' END`,
        actionRoute: NOTIFICATION_LINKS.belowMinimumPay,
        now,
        when,
      }),
    );
  told("tell buyer paused", pausedNotice, paused);
  told("tell buyer topped up", toppedUpNotice, sql`NOT ${paused} AND ${made}`);
}
