import { Link, redirect, useActionData } from "react-router";
import { ListChecks } from "lucide-react";
import type { Route } from "./+types/my-submissions";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/table";
import { PagedList } from "~/components/responsive-list";
import { failureOf } from "~/components/form-kit";
import { ItemsPerPage } from "~/components/worker/items-per-page";
import { SubmissionsTable } from "~/components/worker/submissions-table";
import { itemsPerPageSchema } from "~/components/worker/schemas";
import { pageOf, redirectPastLastPage } from "~/server/http/list-page.server";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { listWorkerSubmissions } from "~/server/services/submissions.server";
import { getItemsPerPage, setItemsPerPage } from "~/server/services/users.server";

export const meta: Route.MetaFunction = () => [{ title: "My Submissions · Coinwork" }];

const PATH = "/dashboard/mysubmissions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = workerUser(context);
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

export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    user: workerUser,
    schema: itemsPerPageSchema,
    failure: (refused) => ({ title: "Page size not saved", message: refused.message }),
    unexpected: "Could not save your page size.",
    async run({ itemsPerPage }, { user, env }) {
      await setItemsPerPage(env, user.id, itemsPerPage);
      // A new page size starts again at page 1; the list itself shows the change (no message).
      return redirect(PATH);
    },
  });

export default function MySubmissions({ loaderData }: Route.ComponentProps) {
  const { rows, limit, page, pages, total } = loaderData;
  const failure = failureOf(useActionData<typeof action>(), true);
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
      {failure ? (
        <Alert tone="danger" title={failure.title} className="mb-4">
          {failure.message}
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
