import { CalendarDays } from "~/components/icons";
import { Trash2 } from "~/components/icons/more";
import type { Route } from "./+types/manage-tasks";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { deleteTask, findTask, listAllTasks } from "~/server/services/tasks.server";
import { taskEscrow } from "~/server/services/admin-reads.server";
import { taskActionSchema, taskListQuery } from "~/lib/schemas/admin";
import { readSearch } from "~/lib/schemas/paging";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
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

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "admin")("tasks.meta") }];

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

export const action = (args: Route.ActionArgs) => {
  const language = adminUser(args.context).language;
  const t = serverWords(language, "admin");
  const coins = serverWords(language, "common");
  return confirmAction(args, {
    user: adminUser,
    schema: taskActionSchema,
    failure: () => ({ title: t("tasks.deleteFailed") }),
    async run(input, { user: admin, env }) {
      const [task, refund] = await Promise.all([findTask(env, input.id), taskEscrow(env, input.id)]);
      await deleteTask(env, admin, input.id, input.reason || undefined);
      return {
        title: t("tasks.deleted"),
        message: task
          ? t("tasks.deletedText", {
              title: task.taskTitle,
              name: task.buyerName,
              coins: coins("coins", { count: refund }),
            })
          : t("tasks.deletedPlain"),
      };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type Task = Route.ComponentProps["loaderData"]["tasks"]["items"][number];

function deleteSpec(task: Task, t: Words<"admin">, coins: (n: number) => string): ActionSpec {
  const escrow = task.requiredWorkers * task.payableAmount;
  return {
    intent: "delete",
    id: task.id,
    title: t("sure"),
    description: t("tasks.confirm.description", { title: task.title, name: task.buyerName, coins: coins(escrow) }),
    confirmLabel: t("tasks.confirm.button"),
    destructive: true,
    reason: { label: t("reason"), placeholder: t("tasks.confirm.placeholder") },
    feedback: FEEDBACK.deleted,
  };
}

export default function ManageTasks({ loaderData }: Route.ComponentProps) {
  const { tasks, q, today } = loaderData;
  const flow = useActionFlow();
  const t = useWords("admin");
  const f = useFormat();
  const noJsSpec = useNoJsSpec(tasks.items, { delete: (task) => deleteSpec(task, t, f.coins) });

  return (
    <>
      <PageHeader title={t("tasks.title")} description={t("tasks.description")} />
      <ListToolbar
        q={q}
        searchLabel={t("tasks.searchLabel")}
        placeholder={t("tasks.searchPlaceholder")}
        active={q !== ""}
      />
      <ListCount count={t("tasks.count", { count: tasks.total })} q={q} />
      <AdminList
        list={tasks}
        label={t("tasks.label")}
        empty={q ? t("tasks.noMatch") : t("tasks.empty")}
        columns={[
          { header: t("col.task") },
          { header: t("tasks.col.category") },
          { header: t("col.buyer") },
          { header: t("tasks.col.workersPay"), className: "whitespace-nowrap" },
          { header: t("tasks.col.completion") },
        ]}
        rowTestId={(task) => `task-${task.id}`}
        cells={(task, i) => (
          <>
            <Cell>
              <div className="flex items-center gap-3">
                <TaskThumb src={task.image} category={task.category} />
                <span className="name line-clamp-2 max-w-72" id={`m${i}n`}>
                  {task.title}
                </span>
              </div>
            </Cell>
            <Cell>
              <Badge tone="info" className="whitespace-nowrap">
                {task.category}
              </Badge>
            </Cell>
            <PersonCell label={t("col.buyer")} name={task.buyerName} email={task.buyerEmail} />
            <Cell label={t("tasks.col.workersPay")} className="whitespace-nowrap">
              <WorkersAndPay t={task} />
            </Cell>
            <Cell label={t("tasks.col.completion")} className="whitespace-nowrap">
              <CompletionDate date={task.completionDate} today={today} />
            </Cell>
            <Cell className="actions">
              <DeleteButton t={task} flow={flow} rowId={`m${i}`} />
            </Cell>
          </>
        )}
      />
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

function WorkersAndPay({ t: task }: { t: Task }) {
  const t = useWords("admin");
  const f = useFormat();
  return (
    <>
      <p className="tabular-nums">
        {t.rich("tasks.needed", {
          workers: f.count(task.requiredWorkers),
          pay: f.coins(task.payableAmount),
          b: (chunks) => <span className="font-semibold">{chunks}</span>,
        })}
      </p>
      <p className="meta tabular-nums">
        {t("tasks.inEscrow", { coins: f.coins(task.requiredWorkers * task.payableAmount) })}
      </p>
    </>
  );
}

function CompletionDate({ date, today }: { date: string; today: string }) {
  const past = isPastDate(date, today);
  const t = useWords("admin");
  const f = useFormat();
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarDays className="size-3.5 text-muted-foreground" aria-hidden />
      <time dateTime={date}>{f.date(date)}</time>
      {past ? <Badge tone="danger">{t("tasks.past")}</Badge> : null}
    </span>
  );
}

/** Delete, named by its word and the row's title by reference ("Delete <title>"; decision 113). */
function DeleteButton({ t: task, flow, rowId }: { t: Task; flow: ActionFlow; rowId: string }) {
  const t = useWords("admin");
  const f = useFormat();
  return (
    <ActionTrigger
      flow={flow}
      spec={deleteSpec(task, t, f.coins)}
      variant="danger"
      size="sm"
      icon={<Trash2 aria-hidden />}
      namedBy={{ id: `${rowId}d`, after: `${rowId}n` }}
    >
      {t("tasks.delete")}
    </ActionTrigger>
  );
}
