import { Form, Link, useActionData } from "react-router";
import { getFormProps } from "@conform-to/react";
import * as v from "valibot";
import type { Route } from "./+types/qualifications";
import { PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { ACTIONS_COLUMN, ActionsCell, CardRow, CardTable, Cell, PagedList } from "~/components/responsive-list";
import { FormFailure, failureOf, useFailureToast, usePosting, useValibotForm } from "~/components/form-kit";
import { QualificationFields } from "~/components/qualifications/qualification-fields";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { useActionFlow, type ActionSpec } from "~/components/actions/flow";
import { ActionTrigger } from "~/components/actions/trigger";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { pageOrLast } from "~/server/http/list-page.server";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction, formAction } from "~/server/http/page-action.server";
import { postedIntent } from "~/server/http/form.server";
import { createQualification, deleteQualification, listQualifications } from "~/server/services/qualifications.server";
import { qualificationFormSchema } from "~/lib/schemas/qualifications";
import { rowAction } from "~/lib/schemas/fields";
import type { FormOutcome } from "~/lib/enhanced";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("quals.meta") }];

const PATH = "/dashboard/qualifications";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const list = await pageOrLast(readSearch(request.url, pageQuery).page, (page) =>
    listQualifications(getEnv(context), user.id, { page, limit: 10 }),
  );
  return {
    rows: list.items.map((q) => ({
      id: q.id,
      name: q.name,
      description: q.description,
      questions: q.questions,
      holders: q.holders,
      retakeHours: q.retakeHours,
    })),
    page: list.page,
    pages: list.pages,
  };
}

/** Two forms post here: a new qualification, and the confirmed deletion of one (intent=delete). */
export async function action(args: Route.ActionArgs) {
  const intent = await postedIntent(args.request);
  return intent === "delete" ? deleteAction(args) : createAction(args);
}

const deleteSchema = v.variant("intent", [rowAction("delete", "Unknown qualification")], "Unknown action");

const wordsOf = (args: Route.ActionArgs) => serverWords(buyerUser(args.context).language, "buyer");

const deleteAction = (args: Route.ActionArgs) => {
  const t = wordsOf(args);
  return confirmAction(args, {
    user: buyerUser,
    schema: deleteSchema,
    failure: () => ({ title: t("myTasks.notDeleted") }),
    async run(input, { user, env }) {
      const { name } = await deleteQualification(env, user, input.id);
      return { title: t("quals.deleted"), message: t("quals.deletedMessage", { name }) };
    },
  });
};

const createAction = (args: Route.ActionArgs) => {
  const t = wordsOf(args);
  return formAction(args, {
    user: buyerUser,
    schema: qualificationFormSchema,
    failure: (refused) => ({ title: t("quals.notSaved"), message: refused.message }),
    async run(input, { user, env }) {
      const made = await createQualification(env, user, input);
      return {
        title: t("quals.saved"),
        message: t("quals.savedMessage", { name: made.name }),
        to: `${PATH}/${made.id}`,
      };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const deleteSpec = (t: Words<"buyer">, q: Row): ActionSpec => ({
  intent: "delete",
  id: q.id,
  title: t("quals.confirm.title", { name: q.name }),
  description: [
    t("quals.confirm.holders", { count: q.holders }),
    q.questions ? t("quals.confirm.test") : "",
    t("quals.confirm.undone"),
  ]
    .filter(Boolean)
    .join(" "),
  confirmLabel: t("quals.confirm.yes"),
  destructive: true,
});

/** "Retake after a day" words for a wait in hours. */
function retakeIn(t: Words<"buyer">, hours: number): string {
  if (hours === 0) return t("quals.retakeNow");
  if (hours % 24 === 0) return t("quals.retakeDays", { count: hours / 24 });
  return t("quals.retakeHours", { count: hours });
}

export default function Qualifications({ loaderData }: Route.ComponentProps) {
  const { rows, page, pages } = loaderData;
  const outcome = useActionData<typeof action>();
  // the new-qualification form answers a FormOutcome; the deletion answers through the flow
  const formOutcome = outcome && "invalid" in outcome ? (outcome as FormOutcome) : null;
  const t = useWords("buyer");
  const f = useFormat();
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(rows, { delete: (q) => deleteSpec(t, q) });
  const busy = usePosting(PATH);
  const [form, fields] = useValibotForm(qualificationFormSchema, {
    id: "new-qualification",
    lastResult: formOutcome?.result,
    defaultValue: { retake_hours: 24 },
  });
  useFailureToast(formOutcome);
  const failure = failureOf(formOutcome);
  return (
    <>
      <PageHeader title={t("quals.title")} description={t("quals.description")} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <HeadedSection id="your-qualifications" title={t("quals.yours")} headingClassName="mb-3">
          <PagedList count={rows.length} page={page} pages={pages} empty={<EmptyState message={t("quals.empty")} />}>
            <CardTable
              label={t("quals.yours")}
              testId="qualification-rows"
              columns={[
                { header: t("review.grant.choice") },
                { header: t("quals.test") },
                { header: t("quals.holders") },
                ACTIONS_COLUMN,
              ]}
              rows={rows}
              row={(q) => (
                <CardRow data-testid="qualification-row">
                  <Cell className="md:max-w-72">
                    <p className="name">{q.name}</p>
                    <p className="meta">{q.description}</p>
                  </Cell>
                  <Cell label={t("quals.test")}>
                    {q.questions ? (
                      <span className="text-sm">
                        {t("quals.questions", { count: q.questions })} · {retakeIn(t, q.retakeHours)}
                      </span>
                    ) : (
                      <Badge tone="neutral">{t("quals.byHand")}</Badge>
                    )}
                  </Cell>
                  <Cell label={t("quals.holders")}>
                    <span className="tabular-nums">{f.count(q.holders)}</span>
                  </Cell>
                  <ActionsCell>
                    <Link
                      to={`${PATH}/${q.id}`}
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={t("quals.manageLabel", { name: q.name })}
                    >
                      {t("quals.manage")}
                    </Link>
                    <ActionTrigger
                      flow={flow}
                      spec={deleteSpec(t, q)}
                      label={t("myTasks.deleteLabel", { title: q.name })}
                      variant="danger"
                    >
                      {t("myTasks.delete")}
                    </ActionTrigger>
                  </ActionsCell>
                </CardRow>
              )}
            />
          </PagedList>
        </HeadedSection>
        <Card className="p-5 sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">{t("quals.new")}</h2>
          <Form method="post" action={PATH} {...getFormProps(form)} className="grid gap-4" aria-busy={busy}>
            {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
            <QualificationFields name={fields.name} description={fields.description} retake={fields.retake_hours} />
            <Button type="submit" disabled={busy}>
              {busy ? t("taskForm.saving") : t("quals.save")}
            </Button>
          </Form>
        </Card>
      </div>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}
