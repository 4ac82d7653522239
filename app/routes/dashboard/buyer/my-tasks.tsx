import { rowAction } from "~/lib/schemas/fields";
import { Link } from "react-router";
import * as v from "valibot";
import { Plus } from "~/components/icons/more";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/my-tasks";
import { PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Badge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell, PagedList } from "~/components/responsive-list";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { ActionTrigger } from "~/components/actions/trigger";
import { useActionFlow, type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { FEEDBACK } from "~/components/actions/feedback";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { pageOrLast } from "~/server/http/list-page.server";
import { taskCost } from "~/lib/coins";
import { leastPayFor } from "~/lib/pay-rate";
import { durationIn, hourlyIn } from "~/components/buyer/pay-words";
import { categoryLabel } from "~/components/buyer/category";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import type { Formats } from "~/lib/i18n/format";
import { serverWords } from "~/lib/i18n/words.server";
import { minimumPayOf } from "~/server/services/pay-rate.server";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { deleteTask, listBuyerTasks, taskForOwner } from "~/server/services/tasks.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("myTasks.meta") }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  const min = minimumPayOf(env);
  // Past the last page (e.g. its last task was just deleted): the last page shows instead.
  const list = await pageOrLast(readSearch(new URL(request.url), pageQuery).page, (page) =>
    listBuyerTasks(env, user.id, { page, limit: PAGE_SIZE }),
  );
  return {
    tasks: list.items.map((t) => ({
      id: t.id,
      title: t.taskTitle,
      category: t.category,
      imageUrl: t.taskImageUrl,
      requiredWorkers: t.requiredWorkers,
      payableAmount: t.payableAmount,
      completionDate: t.completionDate,
      approved: t.approved,
      pending: t.pending,
      // paused at its judgement (a HIT under the minimum pay at its first five workers' median time): why, and the fix
      paused:
        t.pausedAt !== null && t.judgedMinutes !== null
          ? { minutes: t.judgedMinutes, leastPay: leastPayFor(t.judgedMinutes, min) }
          : null,
    })),
    minimumPayCents: min,
    page: list.page,
    pages: list.pages,
    total: list.total,
    limit: list.limit,
    today: deadlineDay(),
  };
}

const deleteSchema = v.variant("intent", [rowAction("delete", "Unknown task")], "Unknown action");

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(buyerUser(args.context).language, "buyer");
  return confirmAction(args, {
    user: buyerUser,
    schema: deleteSchema,
    failure: () => ({ title: t("myTasks.notDeleted") }),
    unexpected: t("myTasks.deleteUnexpected"),
    async run(input, { user, env }) {
      const task = await taskForOwner(env, user, input.id);
      const refund = taskCost(task.requiredWorkers, task.payableAmount);
      await deleteTask(env, user, input.id);
      return {
        title: t("myTasks.deleted"),
        message: t("myTasks.deletedMessage", { title: task.taskTitle, count: refund }),
      };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type TaskRow = Route.ComponentProps["loaderData"]["tasks"][number];

function deleteSpec(t: Words<"buyer">, f: Formats & { coins(n: number): string }, task: TaskRow): ActionSpec {
  return {
    intent: "delete",
    id: task.id,
    title: t("myTasks.confirm.title"),
    description: t("myTasks.confirm.description"),
    note: t.rich("myTasks.confirm.note", {
      strong: (c) => <span className="font-semibold">{c}</span>,
      title: task.title,
      coins: f.coins(taskCost(task.requiredWorkers, task.payableAmount)),
    }),
    confirmLabel: t("myTasks.confirm.yes"),
    destructive: true,
    feedback: FEEDBACK.deleted,
  };
}

/** Where a task's pending submissions are reviewed: Buyer Home's queue, filtered to it. */
const reviewHref = (t: TaskRow) => `/dashboard/buyerhome?task=${encodeURIComponent(t.id)}`;

export default function MyTasks({ loaderData }: Route.ComponentProps) {
  const { tasks, page, pages, total, limit, today, minimumPayCents } = loaderData;
  const t = useWords("buyer");
  const f = useFormat();
  const minimumPay = hourlyIn(t, f, minimumPayCents);
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(tasks, { delete: (task) => deleteSpec(t, f, task) }, (task) => task.pending === 0);

  return (
    <>
      <PageHeader
        title={t("myTasks.title")}
        description={total ? t("myTasks.count", { count: total }) : undefined}
        actions={
          total ? (
            <div className="flex flex-wrap gap-2">
              <Link to="/dashboard/batchtasks" className={buttonVariants({ variant: "outline" })}>
                {t("myTasks.fromCsv")}
              </Link>
              <Link to="/dashboard/addtask" className={buttonVariants()}>
                <Plus aria-hidden /> {t("myTasks.add")}
              </Link>
            </div>
          ) : null
        }
      />

      <PagedList
        count={tasks.length}
        page={page}
        pages={pages}
        dim
        empty={
          <EmptyState
            message={t("home.review.empty")}
            link={{ to: "/dashboard/addtask", label: t("myTasks.add"), icon: Plus }}
          />
        }
      >
        <CardTable
          label={t("myTasks.list")}
          testId="my-tasks"
          columns={[
            { header: t("myTasks.serial"), className: "w-16 whitespace-nowrap" },
            { header: t("review.task") },
            { header: t("myTasks.workersPayment") },
            { header: t("field.completion_date") },
            { header: t("myTasks.action"), className: "text-right" },
          ]}
          rows={tasks}
          row={(task, i) => (
            <CardRow data-testid="task-row">
              <Cell className="meta tabular-nums max-md:hidden">{f.count((page - 1) * limit + i + 1)}</Cell>
              <Cell>
                <div className="flex min-w-0 items-center gap-3">
                  <Thumb url={task.imageUrl} />
                  <div className="min-w-0">
                    <p className="name line-clamp-2" data-testid="task-title" id={`t${i}n`}>
                      {task.title}
                    </p>
                    <p className="meta">{categoryLabel(t, task.category)}</p>
                  </div>
                </div>
                {task.paused ? <Paused t={task} paused={task.paused} minimumPay={minimumPay} /> : null}
              </Cell>
              <Cell label={t("myTasks.workersPayment")}>
                <Progress t={task} />
                <p className="meta">
                  {t("myTasks.held", {
                    workers: f.count(task.requiredWorkers),
                    pay: f.coins(task.payableAmount),
                    held: f.coins(taskCost(task.requiredWorkers, task.payableAmount)),
                  })}
                </p>
              </Cell>
              <Cell label={t("field.completion_date")} className="whitespace-nowrap">
                {f.date(task.completionDate)}
                {isPastDate(task.completionDate, today) ? (
                  <Badge tone="neutral" className="ml-2">
                    {t("myTasks.past")}
                  </Badge>
                ) : null}
              </Cell>
              <Cell>
                <TaskActions t={task} flow={flow} rowId={`t${i}`} />
              </Cell>
            </CardRow>
          )}
        />
      </PagedList>

      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

/** Approved, pending and open at a glance; the pending ones lead to their review. */
function Progress({ t: task }: { t: TaskRow }) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <p className="font-medium" data-testid="task-progress">
      {t("myTasks.approved", { count: f.count(task.approved) })} ·{" "}
      {task.pending ? (
        <Link to={reviewHref(task)} className="text-brand-700 underline underline-offset-2">
          {t("myTasks.pending", { count: f.count(task.pending) })}
        </Link>
      ) : (
        t("myTasks.pending", { count: f.count(0) })
      )}{" "}
      · {t("myTasks.needed", { count: f.count(task.requiredWorkers) })}
    </p>
  );
}

/** Why a task is paused and how to reopen it: a pay that meets the minimum at its judged time, on Update Task. */
function Paused({
  t: task,
  paused,
  minimumPay,
}: {
  t: TaskRow;
  paused: NonNullable<TaskRow["paused"]>;
  minimumPay: string;
}) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <div className="mt-2 grid gap-1 rounded-lg bg-amber-50 p-2 text-sm text-amber-950" data-testid="task-paused">
      <p>
        <Badge tone="pending">{t("myTasks.paused")}</Badge>{" "}
        {t("myTasks.pausedBody", {
          time: durationIn(t, paused.minutes),
          minimumPay,
          leastPay: f.coins(paused.leastPay),
        })}
      </p>
      <Link
        to={`/dashboard/updatetask/${task.id}`}
        className="font-semibold text-brand-700 underline underline-offset-2"
        aria-label={t("myTasks.raiseLabel", { title: task.title })}
      >
        {t("myTasks.raise")}
      </Link>
    </div>
  );
}

/**
 * Edit and Delete. While submissions wait for review a task cannot be deleted: the button is off, and the reason
 * says where to review them.
 */
function TaskActions({ t: task, flow, rowId }: { t: TaskRow; flow: ActionFlow; rowId: string }) {
  const t = useWords("buyer");
  const f = useFormat();
  // named by their word and the row's title, by reference ("Edit <title>"), not a sentence per row (decision 113)
  const title = `${rowId}n`;
  return (
    <div className="grid gap-1">
      <div className="actions">
        <Link
          to={`/dashboard/updatetask/${task.id}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          id={`${rowId}e`}
          aria-labelledby={`${rowId}e ${title}`}
        >
          {t("myTasks.edit")}
        </Link>
        {task.pending ? (
          <Button
            variant="outline"
            size="sm"
            disabled
            id={`${rowId}d`}
            aria-labelledby={`${rowId}d ${title}`}
            aria-describedby={`delete-blocked-${task.id}`}
          >
            {t("myTasks.delete")}
          </Button>
        ) : (
          <ActionTrigger
            flow={flow}
            spec={deleteSpec(t, f, task)}
            variant="danger"
            namedBy={{ id: `${rowId}d`, after: title }}
            stayLink
          >
            {t("myTasks.delete")}
          </ActionTrigger>
        )}
      </div>
      {task.pending ? (
        <p id={`delete-blocked-${task.id}`} className="meta md:text-right" data-testid="delete-blocked">
          {t.rich("myTasks.deleteBlocked", {
            count: task.pending,
            link: (c) => (
              <Link to={reviewHref(task)} className="font-semibold text-brand-700 hover:underline">
                {c}
              </Link>
            ),
          })}
        </p>
      ) : null}
    </div>
  );
}

function Thumb({ url }: { url: string | null }) {
  return url ? (
    <img src={url} alt="" width={44} height={44} loading="lazy" className="size-11 shrink-0 rounded-lg object-cover" />
  ) : (
    <span className="size-11 shrink-0 rounded-lg bg-muted" aria-hidden />
  );
}
