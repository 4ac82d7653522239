import { rowAction } from "~/lib/schemas/fields";
import { Link } from "react-router";
import * as v from "valibot";
import { Plus } from "~/components/icons";
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
import { formatCoins, formatCount, formatDate } from "~/lib/format";
import { hourlyWords, leastPayFor } from "~/lib/pay-rate";
import { allowanceWords } from "~/lib/time-allowance";
import { TASK_FIELD_NAMES } from "~/lib/task-fields";
import { minimumPayOf } from "~/server/services/pay-rate.server";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { deleteTask, listBuyerTasks, taskForOwner } from "~/server/services/tasks.server";

export const meta: Route.MetaFunction = () => [{ title: "My Tasks · Coinwork" }];

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
    minimumPay: hourlyWords(min),
    page: list.page,
    pages: list.pages,
    total: list.total,
    limit: list.limit,
    today: deadlineDay(),
  };
}

const deleteSchema = v.variant("intent", [rowAction("delete", "Unknown task")], "Unknown action");

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: deleteSchema,
    failure: () => ({ title: "Not deleted" }),
    unexpected: "Something went wrong while deleting the task.",
    async run(input, { user, env }) {
      const task = await taskForOwner(env, user, input.id);
      const refund = taskCost(task.requiredWorkers, task.payableAmount);
      await deleteTask(env, user, input.id);
      return {
        title: "Deleted!",
        message: `“${task.taskTitle}” has been deleted. ${formatCoins(refund)} ${refund === 1 ? "was" : "were"} refunded to your balance.`,
      };
    },
  });

export const shouldRevalidate = revalidateAfterPost;

type TaskRow = Route.ComponentProps["loaderData"]["tasks"][number];

function deleteSpec(t: TaskRow): ActionSpec {
  return {
    intent: "delete",
    id: t.id,
    title: "Are you sure?",
    description: "You won't be able to revert this!",
    note: (
      <>
        <span className="font-semibold">{t.title}</span> will be deleted and{" "}
        {formatCoins(taskCost(t.requiredWorkers, t.payableAmount))} refunded to you.
      </>
    ),
    confirmLabel: "Yes, delete it!",
    destructive: true,
    feedback: FEEDBACK.deleted,
  };
}

/** Where a task's pending submissions are reviewed: Buyer Home's queue, filtered to it. */
const reviewHref = (t: TaskRow) => `/dashboard/buyerhome?task=${encodeURIComponent(t.id)}`;

export default function MyTasks({ loaderData }: Route.ComponentProps) {
  const { tasks, page, pages, total, limit, today, minimumPay } = loaderData;
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(tasks, { delete: deleteSpec }, (t) => t.pending === 0);

  return (
    <>
      <PageHeader
        title="My Tasks"
        description={total ? `${total} ${total === 1 ? "task" : "tasks"}, newest first.` : undefined}
        actions={
          total ? (
            <div className="flex flex-wrap gap-2">
              <Link to="/dashboard/batchtasks" className={buttonVariants({ variant: "outline" })}>
                Post from a CSV
              </Link>
              <Link to="/dashboard/addtask" className={buttonVariants()}>
                <Plus aria-hidden /> Add task
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
          <EmptyState message="No Tasks To Review" link={{ to: "/dashboard/addtask", label: "Add task", icon: Plus }} />
        }
      >
        <CardTable
          label="My tasks"
          testId="my-tasks"
          columns={[
            { header: "Sl. no.", className: "w-16 whitespace-nowrap" },
            { header: "Task" },
            { header: "Workers & Payment" },
            { header: TASK_FIELD_NAMES.completion_date },
            { header: "Action", className: "text-right" },
          ]}
          rows={tasks}
          row={(t, i) => (
            <CardRow data-testid="task-row">
              <Cell className="meta tabular-nums max-md:hidden">{(page - 1) * limit + i + 1}</Cell>
              <Cell>
                <div className="flex min-w-0 items-center gap-3">
                  <Thumb url={t.imageUrl} />
                  <div className="min-w-0">
                    <p className="name line-clamp-2" data-testid="task-title">
                      {t.title}
                    </p>
                    <p className="meta">{t.category}</p>
                  </div>
                </div>
                {t.paused ? <Paused t={t} paused={t.paused} minimumPay={minimumPay} /> : null}
              </Cell>
              <Cell label="Workers & Payment">
                <Progress t={t} />
                <p className="meta">
                  {formatCount(t.requiredWorkers)} needed × {formatCoins(t.payableAmount)} ·{" "}
                  {formatCoins(taskCost(t.requiredWorkers, t.payableAmount))} held
                </p>
              </Cell>
              <Cell label={TASK_FIELD_NAMES.completion_date} className="whitespace-nowrap">
                {formatDate(t.completionDate)}
                {isPastDate(t.completionDate, today) ? (
                  <Badge tone="neutral" className="ml-2">
                    Past its completion date
                  </Badge>
                ) : null}
              </Cell>
              <Cell>
                <TaskActions t={t} flow={flow} />
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
function Progress({ t }: { t: TaskRow }) {
  return (
    <p className="font-medium" data-testid="task-progress">
      {t.approved} approved ·{" "}
      {t.pending ? (
        <Link to={reviewHref(t)} className="text-brand-700 underline underline-offset-2">
          {t.pending} pending
        </Link>
      ) : (
        "0 pending"
      )}{" "}
      · {t.requiredWorkers} needed
    </p>
  );
}

/** Why a task is paused and how to reopen it: a pay that meets the minimum at its judged time, on Update Task. */
function Paused({ t, paused, minimumPay }: { t: TaskRow; paused: NonNullable<TaskRow["paused"]>; minimumPay: string }) {
  return (
    <div className="mt-2 grid gap-1 rounded-lg bg-amber-50 p-2 text-sm text-amber-950" data-testid="task-paused">
      <p>
        <Badge tone="pending">Paused</Badge> Workers took a median of {allowanceWords(paused.minutes)}, so its pay is
        under the minimum of {minimumPay}. It takes no new starts until it pays at least {formatCoins(paused.leastPay)}{" "}
        per worker.
      </p>
      <Link
        to={`/dashboard/updatetask/${t.id}`}
        className="font-semibold text-brand-700 underline underline-offset-2"
        aria-label={`Raise the pay of ${t.title}`}
      >
        Raise the pay
      </Link>
    </div>
  );
}

/**
 * Edit and Delete. While submissions wait for review a task cannot be deleted: the button is off, and the reason
 * says where to review them.
 */
function TaskActions({ t, flow }: { t: TaskRow; flow: ActionFlow }) {
  return (
    <div className="grid gap-1">
      <div className="actions">
        <Link
          to={`/dashboard/updatetask/${t.id}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          aria-label={`Edit ${t.title}`}
        >
          Edit
        </Link>
        {t.pending ? (
          <Button
            variant="outline"
            size="sm"
            disabled
            aria-label={`Delete ${t.title}`}
            aria-describedby={`delete-blocked-${t.id}`}
          >
            Delete
          </Button>
        ) : (
          <ActionTrigger flow={flow} spec={deleteSpec(t)} variant="danger" label={`Delete ${t.title}`} stayLink>
            Delete
          </ActionTrigger>
        )}
      </div>
      {t.pending ? (
        <p id={`delete-blocked-${t.id}`} className="meta md:text-right" data-testid="delete-blocked">
          Review its {t.pending} pending {t.pending === 1 ? "submission" : "submissions"} before deleting:{" "}
          <Link to={reviewHref(t)} className="font-semibold text-brand-700 hover:underline">
            review them
          </Link>
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
