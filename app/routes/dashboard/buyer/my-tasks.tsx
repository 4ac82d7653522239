import { Link } from "react-router";
import * as v from "valibot";
import { CalendarClock, ImageIcon, Pencil, Plus, Trash2, Users } from "lucide-react";
import type { Route } from "./+types/my-tasks";
import { PageHeader } from "~/components/dashboard-shell";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState, TD, TH, TR } from "~/components/ui/table";
import { Badge } from "~/components/ui/badge";
import { ListCard, PagedList, ResponsiveList } from "~/components/responsive-list";
import {
  ActionDialog,
  ActionTrigger,
  NoJsConfirm,
  useActionFlow,
  useNoJsSpec,
  type ActionSpec,
} from "~/components/actions/confirm";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { pageOf, pageOrLast } from "~/server/http/list-page.server";
import { taskCost } from "~/lib/coins";
import { formatDate } from "~/lib/format";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { cn } from "~/lib/cn";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { deleteTask, listBuyerTasks, taskForOwner } from "~/server/services/tasks.server";

export const meta: Route.MetaFunction = () => [{ title: "My Tasks · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  // Past the last page (e.g. its last task was just deleted): the last page shows instead.
  const list = await pageOrLast(pageOf(new URL(request.url)), (page) =>
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
    })),
    page: list.page,
    pages: list.pages,
    total: list.total,
    limit: list.limit,
    today: deadlineDay(),
  };
}

const deleteSchema = v.variant(
  "intent",
  [
    v.object({
      intent: v.literal("delete"),
      id: v.pipe(v.string("Unknown task"), v.trim(), v.nonEmpty("Unknown task"), v.maxLength(64)),
    }),
  ],
  "Unknown action",
);

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
        message: `“${task.taskTitle}” has been deleted. ${refund} ${refund === 1 ? "coin was" : "coins were"} refunded to your balance.`,
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
        {taskCost(t.requiredWorkers, t.payableAmount)} coins refunded to you.
      </>
    ),
    confirmLabel: "Yes, delete it!",
    destructive: true,
  };
}

export default function MyTasks({ loaderData }: Route.ComponentProps) {
  const { tasks, page, pages, total, limit, today } = loaderData;
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(tasks, { delete: deleteSpec });

  const actions = (t: TaskRow, stacked: boolean) => (
    <div className={cn("flex gap-2", stacked ? "grid grid-cols-2" : "justify-end")}>
      <Link
        to={`/dashboard/updatetask/${t.id}`}
        className={buttonVariants({ variant: "outline", size: "sm" })}
        aria-label={`Edit ${t.title}`}
      >
        <Pencil aria-hidden /> Edit
      </Link>
      <ActionTrigger
        flow={flow}
        spec={deleteSpec(t)}
        className="text-destructive hover:bg-red-50"
        icon={<Trash2 aria-hidden />}
        label={`Delete ${t.title}`}
        stayLink
      >
        Delete
      </ActionTrigger>
    </div>
  );

  return (
    <>
      <PageHeader
        title="My Tasks"
        description={total ? `${total} ${total === 1 ? "task" : "tasks"}, newest first.` : undefined}
        actions={
          total ? (
            <Link to="/dashboard/addtask" className={buttonVariants()}>
              <Plus aria-hidden /> Add task
            </Link>
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
        <ResponsiveList
          label="My tasks"
          rows={tasks}
          from="md"
          numbered
          card={(t, i) => (
            <ListCard data-testid="task-card" className="gap-3">
              <div className="flex items-start gap-3">
                <Thumb url={t.imageUrl} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold leading-snug">
                    <span className="mr-1.5 text-muted-foreground tabular-nums">{(page - 1) * limit + i + 1}.</span>
                    {t.title}
                  </p>
                  <p className="text-xs text-muted-foreground">{t.category}</p>
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">Workers &amp; Payment</dt>
                  <dd className="font-medium">
                    {t.requiredWorkers} × {t.payableAmount} coins
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Deadline</dt>
                  <dd className="font-medium">
                    {formatDate(t.completionDate)}
                    {isPastDate(t.completionDate, today) ? (
                      <span className="block text-xs font-normal text-muted-foreground">Past deadline</span>
                    ) : null}
                  </dd>
                </div>
              </dl>
              {actions(t, true)}
            </ListCard>
          )}
          columns={
            <>
              <TH className="w-20 whitespace-nowrap">Sl. no.</TH>
              <TH>Task</TH>
              <TH>Workers &amp; Payment</TH>
              <TH>Deadline</TH>
              <TH className="text-right">Action</TH>
            </>
          }
          row={(t, i) => (
            <TR data-testid="task-row">
              <TD className="tabular-nums text-muted-foreground">{(page - 1) * limit + i + 1}</TD>
              <TD>
                <div className="flex min-w-0 items-center gap-3">
                  <Thumb url={t.imageUrl} />
                  <div className="min-w-0">
                    <p className="line-clamp-2 font-semibold" data-testid="task-title">
                      {t.title}
                    </p>
                    <p className="text-xs text-muted-foreground">{t.category}</p>
                  </div>
                </div>
              </TD>
              <TD>
                <p className="flex items-center gap-1.5 whitespace-nowrap font-medium">
                  <Users className="size-3.5 text-muted-foreground" aria-hidden />
                  {t.requiredWorkers} {t.requiredWorkers === 1 ? "worker" : "workers"} × {t.payableAmount} coins
                </p>
                <p className="whitespace-nowrap text-xs text-muted-foreground">
                  {taskCost(t.requiredWorkers, t.payableAmount)} coins held
                </p>
              </TD>
              <TD>
                <p className="flex items-center gap-1.5 whitespace-nowrap">
                  <CalendarClock className="size-3.5 text-muted-foreground" aria-hidden />
                  {formatDate(t.completionDate)}
                </p>
                {isPastDate(t.completionDate, today) ? (
                  <Badge tone="neutral" className="mt-1">
                    Past deadline
                  </Badge>
                ) : null}
              </TD>
              <TD>{actions(t, false)}</TD>
            </TR>
          )}
        />
      </PagedList>

      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

function Thumb({ url }: { url: string | null }) {
  return (
    <span className="flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted">
      {url ? (
        <img src={url} alt="" width={44} height={44} loading="lazy" className="size-full object-cover" />
      ) : (
        <ImageIcon className="size-5 text-muted-foreground" aria-hidden />
      )}
    </span>
  );
}
