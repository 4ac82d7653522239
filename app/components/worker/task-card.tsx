import { Link } from "react-router";
import { useId } from "react";
import { Lock, ShieldCheck } from "~/components/icons/more";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { withdrawalCents } from "~/lib/coins";
import { useFormat, useWords } from "~/lib/i18n/react";
import { TaskThumb } from "~/components/task-image";
import { useHourlyWords } from "~/components/pay-rate";
import { useRecordLine, type RecordLineView } from "~/components/buyer-reputation";
import { dueLabel } from "./due";
import { useMissingWords, type Missing } from "./missing";
import { useCategoryName } from "~/components/category-name";

export interface TaskCardData {
  id: string;
  taskTitle: string;
  buyerId: string;
  buyerName: string;
  category: string;
  taskImageUrl: string | null;
  completionDate: string;
  payableAmount: number;
  requiredWorkers: number;
  daysLeft: number;
  /** The viewer's own live submission for this task, if any. */
  mySubmission: "pending" | "approved" | null;
  /** pay per hour in withdrawal cents (null without a time), and whether it is under the minimum */
  centsPerHour: number | null;
  /** whether its buyer gave an estimate: a HIT gives none, and its card says "Being measured", then "estimate: measured" */
  estimated: boolean;
  belowMinimum: boolean;
  /** its buyer's record, shown in one line ("92% approved · reviews in 5 h"); the task's page shows all of it */
  buyerRecord: RecordLineView;
  /** null when the task requires nothing; else what the viewer misses of its requirements (none: they qualify) */
  missing: Missing[] | null;
}

/**
 * One open task in the Available Tasks grid: a phone's screen holds two or three (at most 320 px tall at 390 px wide),
 * with pay, pay per hour, the buyer's record in a line and whether the worker qualifies; the rest is on its page. A
 * page shows twelve, so a card is drawn with few elements (about twenty) and says each word once: the pay line needs
 * no terms (its figures carry their units), the two other facts are terms and values, the buyer's link holds their
 * record, and only the requirement line carries an icon (decision 113).
 */
export function TaskCard({ task }: { task: TaskCardData }) {
  const titleId = useId();
  const t = useWords("worker");
  const common = useWords("common");
  const f = useFormat();
  const hourly = useHourlyWords();
  const recordLine = useRecordLine();
  const missingWords = useMissingWords();
  const categoryName = useCategoryName();
  return (
    <article aria-labelledby={titleId} className="task-card" data-testid="task-card">
      <div className="top">
        <TaskThumb src={task.taskImageUrl} category={task.category} className="size-16" />
        <p className="kicker">
          {categoryName(task.category)}
          {task.mySubmission ? (
            <span
              className={cn("mine", task.mySubmission === "approved" && "approved")}
              data-testid="my-submission-badge"
            >
              {task.mySubmission === "approved" ? t("taskCard.approved") : t("taskCard.submitted")}
            </span>
          ) : null}
        </p>
        <h2 id={titleId}>{task.taskTitle}</h2>
        {/* the buyer and their record, one link to their page: it says where it leads without a label of its own */}
        <Link to={`/buyers/${task.buyerId}`} className="buyer">
          {task.buyerName}
          <span className="record" data-testid="buyer-record">
            {recordLine(task.buyerRecord)}
          </span>
        </Link>
      </div>
      {/* the pay and the pay per hour say what they are ("45 coins · $2.25", "$9.00/hour"): no term above them */}
      <p className="pay">
        <span>{`${f.coins(task.payableAmount)} · ${f.dollars(withdrawalCents(task.payableAmount))}`}</span>
        <span data-testid="pay-rate" className={task.belowMinimum ? "below-minimum" : undefined}>
          {task.centsPerHour === null
            ? `${common("payRate.label")}: ${common("payRate.measuring")}`
            : hourly(task.centsPerHour)}
          {task.centsPerHour !== null && !task.estimated ? ` · ${t("taskCard.measured")}` : ""}
          {task.belowMinimum ? ` · ${common("payRate.belowMinimum")}` : ""}
        </span>
      </p>
      <dl>
        <dt>{t("taskCard.workersNeeded")}</dt>
        <dd>{f.count(task.requiredWorkers)}</dd>
        <dt>{t("taskCard.dueDate")}</dt>
        {/* a task closing within two days says so instead of its date */}
        <dd className={task.daysLeft <= 2 ? "soon" : undefined}>
          <time dateTime={task.completionDate}>
            {task.daysLeft <= 2 ? dueLabel(common, task.daysLeft) : f.date(task.completionDate)}
          </time>
        </dd>
      </dl>
      {task.missing === null ? null : task.missing.length === 0 ? (
        <p className="eligibility" data-testid="eligibility">
          <ShieldCheck /> {t("taskCard.qualify")}
        </p>
      ) : (
        <p className="eligibility missing" data-testid="eligibility">
          <Lock /> {t("taskCard.needs", { what: task.missing.map(missingWords).join(", ") })}
        </p>
      )}
      <Link
        to={`/dashboard/tasklist/${task.id}`}
        prefetch="intent"
        aria-describedby={titleId}
        className={buttonVariants({ variant: "secondary" })}
      >
        {t("taskCard.viewDetails")}
      </Link>
    </article>
  );
}
