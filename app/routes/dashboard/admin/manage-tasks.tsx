import { CalendarDays, Trash2 } from "~/components/icons";
import type { Route } from "./+types/manage-tasks";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { deleteTask, findTask, listAllTasks } from "~/server/services/tasks.server";
import { taskEscrow } from "~/server/services/admin-reads.server";
import { taskActionSchema, taskListQuery } from "~/lib/schemas/admin";
import { readSearch } from "~/lib/schemas/paging";
import { formatCoins, formatCount, formatDate } from "~/lib/format";
import { TASK_FIELD_NAMES } from "~/lib/task-fields";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { PageHeader } from "~/components/dashboard-shell";
import { Cell, PersonCell } from "~/components/responsive-list";
import { Badge } from "~/components/ui/badge";
import { ListToolbar } from "~/components/admin/list-toolbar";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { ActionTrigger } from "~/components/actions/trigger";
import { useActionFlow, type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { AdminList, ListCount } from "~/components/admin/admin-list";
import { FEEDBACK } from "~/components/actions/feedback";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { TaskThumb } from "~/components/task-image";

export const meta: Route.MetaFunction = () => [{ title: "Manage Tasks · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const { q, page } = readSearch(request.url, taskListQuery);
  const list = await pageOrLast(page, (p) => listAllTasks(env, { q: q || undefined, page: p, limit: PAGE_SIZE }));
  return {
    q,
    today: deadlineDay(),
    tasks: {
      ...list,
      items: list.items.map((t) => ({
        id: t.id,
        title: t.taskTitle,
        image: t.taskImageUrl,
        category: t.category,
        buyerName: t.buyerName,
        buyerEmail: t.buyerEmail,
        requiredWorkers: t.requiredWorkers,
        payableAmount: t.payableAmount,
        completionDate: t.completionDate,
      })),
    },
  };
}

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: adminUser,
    schema: taskActionSchema,
    failure: () => ({ title: "Could not delete the task" }),
    async run(input, { user: admin, env }) {
      const [task, refund] = await Promise.all([findTask(env, input.id), taskEscrow(env, input.id)]);
      await deleteTask(env, admin, input.id, input.reason || undefined);
      return {
        title: "Deleted!",
        message: task
          ? `"${task.taskTitle}" was removed and ${task.buyerName} got back ${formatCoins(refund)}.`
          : "The task was removed and its buyer refunded.",
      };
    },
  });

export const shouldRevalidate = revalidateAfterPost;

type Task = Route.ComponentProps["loaderData"]["tasks"]["items"][number];

function deleteSpec(t: Task): ActionSpec {
  const escrow = t.requiredWorkers * t.payableAmount;
  return {
    intent: "delete",
    id: t.id,
    title: "Are you sure?",
    description: `You won't be able to revert this! "${t.title}" will be removed: ${t.buyerName} gets back ${formatCoins(escrow)} for the open slots, and any pending submissions are cancelled and refunded to them too.`,
    confirmLabel: "Yes, delete it",
    destructive: true,
    reason: { label: "Reason", placeholder: "Recorded in the audit log, e.g. Violates the task guidelines." },
    feedback: FEEDBACK.deleted,
  };
}

export default function ManageTasks({ loaderData }: Route.ComponentProps) {
  const { tasks, q, today } = loaderData;
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(tasks.items, { delete: deleteSpec });

  return (
    <>
      <PageHeader
        title="Manage Tasks"
        description="Every live task on the marketplace. Deleting one refunds its buyer."
      />
      <ListToolbar
        q={q}
        searchLabel="Search tasks"
        placeholder="Search by title, buyer name or e-mail"
        active={q !== ""}
      />
      <ListCount total={tasks.total} one="task" many="tasks" q={q} />
      <AdminList
        list={tasks}
        label="All tasks"
        empty={q ? "No tasks match your search." : "No tasks yet."}
        columns={[
          { header: "Task" },
          { header: "Category" },
          { header: "Buyer" },
          { header: "Workers & payment", className: "whitespace-nowrap" },
          { header: TASK_FIELD_NAMES.completion_date },
        ]}
        rowTestId={(t) => `task-${t.id}`}
        cells={(t) => (
          <>
            <Cell>
              <div className="flex items-center gap-3">
                <TaskThumb src={t.image} category={t.category} />
                <span className="name line-clamp-2 max-w-72">{t.title}</span>
              </div>
            </Cell>
            <Cell>
              <Badge tone="info" className="whitespace-nowrap">
                {t.category}
              </Badge>
            </Cell>
            <PersonCell label="Buyer" name={t.buyerName} email={t.buyerEmail} />
            <Cell label="Workers & payment" className="whitespace-nowrap">
              <WorkersAndPay t={t} />
            </Cell>
            <Cell label={TASK_FIELD_NAMES.completion_date} className="whitespace-nowrap">
              <CompletionDate date={t.completionDate} today={today} />
            </Cell>
            <Cell className="actions">
              <DeleteButton t={t} flow={flow} />
            </Cell>
          </>
        )}
      />
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

function WorkersAndPay({ t }: { t: Task }) {
  return (
    <>
      <p className="tabular-nums">
        <span className="font-semibold">{formatCount(t.requiredWorkers)}</span> needed ×{" "}
        <span className="font-semibold">{formatCoins(t.payableAmount)}</span>
      </p>
      <p className="meta tabular-nums">{formatCoins(t.requiredWorkers * t.payableAmount)} in escrow</p>
    </>
  );
}

function CompletionDate({ date, today }: { date: string; today: string }) {
  const past = isPastDate(date, today);
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarDays className="size-3.5 text-muted-foreground" aria-hidden />
      <time dateTime={date}>{formatDate(date)}</time>
      {past ? <Badge tone="danger">Past</Badge> : null}
    </span>
  );
}

function DeleteButton({ t, flow }: { t: Task; flow: ActionFlow }) {
  return (
    <ActionTrigger
      flow={flow}
      spec={deleteSpec(t)}
      variant="danger"
      size="sm"
      icon={<Trash2 aria-hidden />}
      label={`Delete task ${t.title}`}
    >
      Delete
    </ActionTrigger>
  );
}
