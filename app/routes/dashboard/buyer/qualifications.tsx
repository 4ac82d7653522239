import { Form, Link, useActionData } from "react-router";
import { getFormProps } from "@conform-to/react";
import * as v from "valibot";
import type { Route } from "./+types/qualifications";
import { PageHeader } from "~/components/dashboard-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { CardRow, CardTable, Cell, PagedList, ACTIONS_COLUMN } from "~/components/responsive-list";
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
import { retakeWords } from "~/lib/qualifications";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = () => [{ title: "Qualifications · Coinwork" }];

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

const deleteAction = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: deleteSchema,
    failure: () => ({ title: "Not deleted" }),
    async run(input, { user, env }) {
      const { name } = await deleteQualification(env, user, input.id);
      return { title: "Qualification deleted", message: `“${name}” is deleted, with its test and every grant.` };
    },
  });

const createAction = (args: Route.ActionArgs) =>
  formAction(args, {
    user: buyerUser,
    schema: qualificationFormSchema,
    failure: (refused) => ({ title: "Qualification not saved", message: refused.message }),
    async run(input, { user, env }) {
      const made = await createQualification(env, user, input);
      return {
        title: "Qualification saved",
        message: `Add questions to make “${made.name}” a test, or grant it from Buyer Home.`,
        to: `${PATH}/${made.id}`,
      };
    },
  });

export const shouldRevalidate = revalidateAfterPost;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const deleteSpec = (q: Row): ActionSpec => ({
  intent: "delete",
  id: q.id,
  title: `Delete “${q.name}”?`,
  description: [
    q.holders === 0
      ? "Nobody holds it."
      : q.holders === 1
        ? "The worker who holds it loses it."
        : `The ${q.holders} workers who hold it lose it.`,
    q.questions ? "Its test is deleted too." : "",
    "This cannot be undone.",
  ]
    .filter(Boolean)
    .join(" "),
  confirmLabel: "Yes, delete",
  destructive: true,
});

export default function Qualifications({ loaderData }: Route.ComponentProps) {
  const { rows, page, pages } = loaderData;
  const outcome = useActionData<typeof action>();
  // the new-qualification form answers a FormOutcome; the deletion answers through the flow
  const formOutcome = outcome && "invalid" in outcome ? (outcome as FormOutcome) : null;
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(rows, { delete: deleteSpec });
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
      <PageHeader
        title="Qualifications"
        description="Let only the workers you trust work on a task: grant a qualification by hand, or let workers earn it with a test."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <HeadedSection id="your-qualifications" title="Your qualifications" headingClassName="mb-3">
          <PagedList
            count={rows.length}
            page={page}
            pages={pages}
            empty={<EmptyState message="No qualifications yet." />}
          >
            <CardTable
              label="Your qualifications"
              testId="qualification-rows"
              columns={[{ header: "Qualification" }, { header: "Test" }, { header: "Holders" }, ACTIONS_COLUMN]}
              rows={rows}
              row={(q) => (
                <CardRow data-testid="qualification-row">
                  <Cell className="md:max-w-72">
                    <p className="name">{q.name}</p>
                    <p className="meta">{q.description}</p>
                  </Cell>
                  <Cell label="Test">
                    {q.questions ? (
                      <span className="text-sm">
                        {q.questions} {q.questions === 1 ? "question" : "questions"} · {retakeWords(q.retakeHours)}
                      </span>
                    ) : (
                      <Badge tone="neutral">By hand only</Badge>
                    )}
                  </Cell>
                  <Cell label="Holders">
                    <span className="tabular-nums">{q.holders}</span>
                  </Cell>
                  <Cell>
                    <div className="actions">
                      <Link
                        to={`${PATH}/${q.id}`}
                        className={buttonVariants({ variant: "outline", size: "sm" })}
                        aria-label={`Manage ${q.name}`}
                      >
                        Manage
                      </Link>
                      <ActionTrigger flow={flow} spec={deleteSpec(q)} label={`Delete ${q.name}`} variant="danger">
                        Delete
                      </ActionTrigger>
                    </div>
                  </Cell>
                </CardRow>
              )}
            />
          </PagedList>
        </HeadedSection>
        <Card className="p-5 sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">New qualification</h2>
          <Form method="post" action={PATH} {...getFormProps(form)} className="grid gap-4" aria-busy={busy}>
            {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
            <QualificationFields name={fields.name} description={fields.description} retake={fields.retake_hours} />
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save qualification"}
            </Button>
          </Form>
        </Card>
      </div>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}
