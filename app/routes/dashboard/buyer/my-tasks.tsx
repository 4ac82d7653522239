import { Form, Link, data, useFetcher, useLocation } from "react-router";
import { useState } from "react";
import { CalendarClock, ImageIcon, Pencil, Plus, Trash2, Users } from "lucide-react";
import type { Route } from "./+types/my-tasks";
import { PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState, TD, TH, TR } from "~/components/ui/table";
import { Badge } from "~/components/ui/badge";
import { ListCard, PagedList, ResponsiveList } from "~/components/responsive-list";
import { ENHANCED_FIELD, searchHref, useOutcomeToast } from "~/components/buyer/enhanced";
import { pageOf, pageOrLast } from "~/server/http/list-page.server";
import { taskCost } from "~/lib/coins";
import { formatDate, todayIso } from "~/lib/format";
import { cn } from "~/lib/cn";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { AppError } from "~/server/errors";
import { deleteTask, listBuyerTasks, taskForOwner } from "~/server/services/tasks.server";

export const meta: Route.MetaFunction = () => [{ title: "My Tasks · Coinwork" }];

const PAGE_SIZE = 10;
const CONFIRM_TITLE = "Are you sure?";
const CONFIRM_TEXT = "You won't be able to revert this!";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "Buyer");
  const env = getEnv(context);
  const url = new URL(request.url);
  // Past the last page (e.g. its last task was just deleted): the last page shows instead.
  const list = await pageOrLast(pageOf(url), (page) => listBuyerTasks(env, user.id, { page, limit: PAGE_SIZE }));
  // Without JavaScript, Delete links to ?delete=<id>, which shows this confirmation above the table.
  let confirm: { id: string; title: string; refund: number } | null = null;
  const toDelete = url.searchParams.get("delete");
  if (toDelete) {
    try {
      const t = await taskForOwner(env, user, toDelete);
      confirm = { id: t.id, title: t.taskTitle, refund: taskCost(t.requiredWorkers, t.payableAmount) };
    } catch {
      confirm = null;
    }
  }
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
    today: todayIso(),
    confirm,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requirePageRole(context, request, "Buyer");
  const env = getEnv(context);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const enhanced = form.get(ENHANCED_FIELD) === "1";
  const back = new URL(request.url);
  back.searchParams.delete("delete");
  back.searchParams.delete("index");
  const backTo = `${back.pathname}${back.search}`;
  if (form.get("intent") !== "delete" || !id) {
    const outcome = { ok: false as const, title: "Not deleted", message: "Unknown action" };
    return enhanced
      ? data(outcome, { status: 400 })
      : redirectWithFlash(backTo, { type: "error", title: outcome.title, message: outcome.message });
  }
  let outcome: { ok: boolean; title: string; message: string };
  let status = 200;
  try {
    const task = await taskForOwner(env, user, id);
    const refund = taskCost(task.requiredWorkers, task.payableAmount);
    await deleteTask(env, user, id);
    outcome = {
      ok: true,
      title: "Deleted!",
      message: `“${task.taskTitle}” has been deleted. ${refund} ${refund === 1 ? "coin was" : "coins were"} refunded to your balance.`,
    };
  } catch (e) {
    if (!(e instanceof AppError)) console.error(e);
    status = e instanceof AppError ? e.status : 500;
    outcome = {
      ok: false,
      title: "Not deleted",
      message: e instanceof AppError ? e.message : "Something went wrong while deleting the task.",
    };
  }
  if (enhanced) return data(outcome, { status });
  return redirectWithFlash(backTo, {
    type: outcome.ok ? "success" : "error",
    title: outcome.title,
    message: outcome.message,
  });
}

type TaskRow = Route.ComponentProps["loaderData"]["tasks"][number];

export default function MyTasks({ loaderData }: Route.ComponentProps) {
  const { tasks, page, pages, total, limit, today, confirm } = loaderData;
  const location = useLocation();
  const fetcher = useFetcher<typeof action>({ key: "delete-task" });
  const [target, setTarget] = useState<TaskRow | null>(null);
  const deleting = fetcher.state !== "idle";

  useOutcomeToast(fetcher, () => setTarget(null));

  const deleteHref = (id: string) => searchHref(location, { delete: id });
  const cancelHref = searchHref(location, {}, ["delete"]);

  const actions = (t: TaskRow, stacked: boolean) => (
    <div className={cn("flex gap-2", stacked ? "grid grid-cols-2" : "justify-end")}>
      <Link
        to={`/dashboard/updatetask/${t.id}`}
        className={buttonVariants({ variant: "outline", size: "sm" })}
        aria-label={`Edit ${t.title}`}
      >
        <Pencil aria-hidden /> Edit
      </Link>
      <Link
        to={deleteHref(t.id)}
        preventScrollReset
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "text-destructive hover:bg-red-50")}
        aria-label={`Delete ${t.title}`}
        onClick={(e) => {
          e.preventDefault();
          setTarget(t);
        }}
      >
        <Trash2 aria-hidden /> Delete
      </Link>
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

      {confirm ? (
        <section
          role="alertdialog"
          aria-labelledby="confirm-delete-title"
          aria-describedby="confirm-delete-text"
          className="mb-6 grid gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-red-950"
        >
          <h2 id="confirm-delete-title" className="text-lg font-semibold">
            {CONFIRM_TITLE}
          </h2>
          <p id="confirm-delete-text">
            {CONFIRM_TEXT} “{confirm.title}” will be deleted and {confirm.refund} coins refunded.
          </p>
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={confirm.id} />
            <Button type="submit" variant="destructive">
              Yes, delete it!
            </Button>
            <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}

      <PagedList
        count={tasks.length}
        page={page}
        pages={pages}
        dim
        empty={
          <EmptyState
            message="No Tasks To Review"
            action={
              <Link to="/dashboard/addtask" className={buttonVariants()}>
                <Plus aria-hidden /> Add task
              </Link>
            }
          />
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
                    {t.completionDate < today ? (
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
                {t.completionDate < today ? (
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

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setTarget(null);
        }}
        title={CONFIRM_TITLE}
        description={CONFIRM_TEXT}
        confirmLabel="Yes, delete it!"
        destructive
        busy={deleting}
        onConfirm={() => {
          if (!target || deleting) return;
          fetcher.submit({ intent: "delete", id: target.id, [ENHANCED_FIELD]: "1" }, { method: "post" });
        }}
      >
        {target ? (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm">
            <span className="font-semibold">{target.title}</span> will be deleted and{" "}
            {taskCost(target.requiredWorkers, target.payableAmount)} coins refunded to you.
          </p>
        ) : null}
      </ConfirmDialog>
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
