import * as v from "valibot";
import { Link, data, redirect, useActionData } from "react-router";
import { ListChecks } from "lucide-react";
import type { Route } from "./+types/my-submissions";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/table";
import { PagedList } from "~/components/responsive-list";
import { ItemsPerPage } from "~/components/worker/items-per-page";
import { SubmissionsTable } from "~/components/worker/submissions-table";
import { itemsPerPageSchema } from "~/components/worker/schemas";
import { pageOf, redirectPastLastPage } from "~/server/http/list-page.server";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { messageOf } from "~/server/http/form.server";
import { listWorkerSubmissions } from "~/server/services/submissions.server";
import { getItemsPerPage, setItemsPerPage } from "~/server/services/users.server";

export const meta: Route.MetaFunction = () => [{ title: "My Submissions · Coinwork" }];

const PATH = "/dashboard/mysubmissions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "Worker");
  const env = getEnv(context);
  const url = new URL(request.url);
  const page = pageOf(url);
  const limit = await getItemsPerPage(env, user.id);
  const result = await listWorkerSubmissions(env, user.id, { page, limit });
  redirectPastLastPage(url, page, result);
  return {
    limit,
    page: result.page,
    pages: result.pages,
    total: result.total,
    rows: result.items.map((s) => ({
      id: s.id,
      taskId: s.taskId,
      taskTitle: s.taskTitle,
      buyerName: s.buyerName,
      buyerEmail: s.buyerEmail,
      payableAmount: s.payableAmount,
      status: s.status,
      rejectReason: s.rejectReason,
      createdAt: s.createdAt,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePageRole(context, request, "Worker");
  const form = await request.formData();
  if (form.get("intent") !== "per-page") return data({ error: "Unknown action" }, { status: 400 });
  const parsed = v.safeParse(itemsPerPageSchema, { itemsPerPage: form.get("itemsPerPage") ?? undefined });
  if (!parsed.success) return data({ error: parsed.issues[0].message }, { status: 422 });
  try {
    await setItemsPerPage(getEnv(context), user.id, parsed.output.itemsPerPage);
  } catch (e) {
    return data({ error: messageOf(e, "Could not save your page size.") }, { status: 500 });
  }
  // A new page size starts again at page 1.
  return redirect(PATH);
}

export default function MySubmissions({ loaderData }: Route.ComponentProps) {
  const { rows, limit, page, pages, total } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title="My Submissions"
        description={
          total
            ? `${total} ${total === 1 ? "submission" : "submissions"}, newest first.`
            : "Everything you have sent to buyers."
        }
        actions={total ? <ItemsPerPage value={limit} action={PATH} /> : undefined}
      />
      {actionData?.error ? (
        <Alert tone="danger" title="Page size not saved" className="mb-4">
          {actionData.error}
        </Alert>
      ) : null}
      <PagedList
        count={rows.length}
        page={page}
        pages={pages}
        dim
        empty={
          <EmptyState
            message="No Submitted Tasks Yet."
            action={
              <Link to="/dashboard/tasklist" className={buttonVariants()}>
                <ListChecks aria-hidden /> Find a task
              </Link>
            }
          />
        }
      >
        <SubmissionsTable rows={rows} />
      </PagedList>
    </>
  );
}
