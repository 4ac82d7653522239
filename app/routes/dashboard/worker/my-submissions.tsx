import { redirect, useActionData } from "react-router";
import { ListChecks } from "~/components/icons/more";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/my-submissions";
import { PageHeader } from "~/components/dashboard-shell";
import { EmptyState } from "~/components/ui/empty-state";
import { PagedList } from "~/components/responsive-list";
import { FailureAlert, failureOf } from "~/components/form-kit";
import { ItemsPerPage } from "~/components/worker/items-per-page";
import { SubmissionsTable } from "~/components/worker/submissions-table";
import { itemsPerPageSchema } from "~/lib/schemas/withdrawal";
import { redirectPastLastPage } from "~/server/http/list-page.server";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { postedIntent } from "~/server/http/form.server";
import { workerSubmissionsPage } from "~/server/services/submissions.server";
import { appealUntil } from "~/lib/appeals";
import { appealAction } from "./appeal.server";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { useActionFlow } from "~/components/actions/flow";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { useAppealSpec } from "~/components/worker/appeal";
import { setItemsPerPage } from "~/server/services/preferences.server";
import { metaWords, useWords } from "~/lib/i18n/react";
import { actionWords } from "./words.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "worker")("mySubmissions.meta") },
];

const PATH = "/dashboard/mysubmissions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const url = new URL(request.url);
  const page = readSearch(url, pageQuery).page;
  const result = await workerSubmissionsPage(env, user.id, page);
  redirectPastLastPage(url, page, result);
  const now = Date.now();
  return {
    limit: result.limit,
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
      appealStatus: s.appealStatus,
      appealUntil: appealUntil(s, s.appealStatus !== null, now),
    })),
  };
}

/** Two forms post here: the appeal's confirmation (intent "appeal") and the page size. */
export async function action(args: Route.ActionArgs) {
  const intent = await postedIntent(args.request);
  return intent === "appeal" ? appealAction(args) : pageSizeAction(args);
}

function pageSizeAction(args: Route.ActionArgs) {
  const { t } = actionWords(args);
  return formAction(args, {
    user: workerUser,
    schema: itemsPerPageSchema,
    failure: (refused) => ({ title: t("mySubmissions.pageSizeNotSaved"), message: refused.message }),
    unexpected: t("mySubmissions.pageSizeUnexpected"),
    async run({ itemsPerPage }, { user, env }) {
      await setItemsPerPage(env, user.id, itemsPerPage);
      // A new page size starts again at page 1; the list itself shows the change (no message).
      return redirect(PATH);
    },
  });
}

export const shouldRevalidate = revalidateAfterPost;

export default function MySubmissions({ loaderData }: Route.ComponentProps) {
  const { rows, limit, page, pages, total } = loaderData;
  const failure = failureOf(useActionData<typeof pageSizeAction>(), true);
  const flow = useActionFlow();
  const t = useWords("worker");
  const appealSpec = useAppealSpec();
  const noJsSpec = useNoJsSpec(rows, { appeal: appealSpec }, (r) => r.appealUntil !== null);
  return (
    <>
      <PageHeader
        title={t("mySubmissions.title")}
        description={total ? t("mySubmissions.count", { count: total }) : t("mySubmissions.none")}
        actions={total ? <ItemsPerPage value={limit} action={PATH} /> : undefined}
      />
      <FailureAlert failure={failure} className="mb-4" />
      <PagedList
        count={rows.length}
        page={page}
        pages={pages}
        dim
        empty={
          <EmptyState
            message={t("mySubmissions.empty")}
            link={{ to: "/dashboard/tasklist", label: t("mySubmissions.findTask"), icon: ListChecks }}
          />
        }
      >
        <SubmissionsTable rows={rows} flow={flow} />
      </PagedList>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}
